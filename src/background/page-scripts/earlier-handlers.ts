/**
 * Handlers a page set before the tracker arrived — a tab the user shares
 * after it loaded, a page open before the extension was installed — never
 * passed through the tracker's hooks. DevTools knows every listener: one
 * DOMDebugger query over the document (same-process frames and shadow roots,
 * closed ones too, included) finds the elements, and each is handed to its
 * window's tracker as if it had just got its handler.
 */
import { CLICK_HANDLER_TRACKER } from '../../shared/page-trackers.ts';

/** A CDP command to one target: the tab, or a child session (out-of-process iframe). */
export type SendCdp = <T>(method: string, params?: object) => Promise<T>;

interface EventListenerInfo {
  type: string;
  backendNodeId?: number;
}

// A page with more handler-bearing elements than this is reported in part;
// each one costs two CDP round trips, once per tab.
const MAX_ELEMENTS = 3000;
const BATCH = 200;
const GROUP = 'llm-browser-agent-earlier-handlers';
const POINTER_EVENTS = new Set<string>(CLICK_HANDLER_TRACKER.pointerEvents);
const HOVER_EVENTS = new Set<string>(CLICK_HANDLER_TRACKER.hoverEvents);
// Runs with the elements of one JavaScript world; each goes to the tracker of its own window.
const HAND_OVER = `function (type, ...elements) {
  for (const el of elements) el?.ownerDocument?.defaultView?.[Symbol.for(${JSON.stringify(CLICK_HANDLER_TRACKER.key)})]?.(el, type);
}`;

/** True when the tracker already runs in the target's main frame (installed before, by this or an earlier worker). */
export async function trackerPresent(send: SendCdp): Promise<boolean> {
  const expression = `Symbol.for(${JSON.stringify(CLICK_HANDLER_TRACKER.key)}) in window`;
  const { result } = await send<{ result: { value?: unknown } }>('Runtime.evaluate', { expression, returnByValue: true, silent: true });
  return result.value === true;
}

export async function reportEarlierHandlers(send: SendCdp): Promise<void> {
  try {
    const { result } = await send<{ result: { objectId?: string } }>('Runtime.evaluate', { expression: 'document', objectGroup: GROUP, silent: true });
    if (!result.objectId) return;
    const { listeners } = await send<{ listeners: EventListenerInfo[] }>('DOMDebugger.getEventListeners', { objectId: result.objectId, depth: -1, pierce: true });
    const kinds = new Map<number, Kind>();
    for (const { type, backendNodeId: node } of listeners) {
      if (!node) continue;
      const kind: Kind | null = type === 'drop' ? 'drop' : POINTER_EVENTS.has(type) ? 'click' : HOVER_EVENTS.has(type) ? 'mouseenter' : null;
      // One with a handler for a press is clickable, whatever else it listens for; a drop target above all.
      if (kind && RANK[kind] > RANK[kinds.get(node) ?? 'none']) kinds.set(node, kind);
    }
    const nodes = [...kinds.keys()].slice(0, MAX_ELEMENTS);
    for (let i = 0; i < nodes.length; i += BATCH) {
      const batch = nodes.slice(i, i + BATCH);
      const resolved = await Promise.all(
        batch.map((backendNodeId) =>
          send<{ object: { objectId?: string } }>('DOM.resolveNode', { backendNodeId, objectGroup: GROUP }).then((r) => r.object.objectId, () => undefined),
        ),
      );
      for (const kind of ['click', 'drop', 'mouseenter'] as const) {
        await handOver(send, resolved.filter((id, j): id is string => id !== undefined && kinds.get(batch[j]) === kind), kind);
      }
    }
  } finally {
    await send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
}

/** How the tracker is told of an element: as it would be by the first listener of that kind. */
type Kind = 'click' | 'drop' | 'mouseenter';
const RANK: Record<Kind | 'none', number> = { none: 0, mouseenter: 1, click: 2, drop: 3 };

async function handOver(send: SendCdp, objectIds: string[], type: Kind): Promise<void> {
  if (!objectIds.length) return;
  const call = (ids: string[]) =>
    send('Runtime.callFunctionOn', { objectId: ids[0], functionDeclaration: HAND_OVER, arguments: [{ value: type }, ...ids.map((objectId) => ({ objectId }))], silent: true });
  // One call for the batch; elements of several same-origin frames live in
  // several worlds, which one call cannot mix: then one call each.
  await call(objectIds).catch(() => Promise.all(objectIds.map((id) => call([id]).catch(() => undefined))));
}
