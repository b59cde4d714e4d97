/**
 * Where each child frame sits inside its parent, learned while stitching
 * snapshots: frame id → (parent frame id, nonce the parent's content script
 * knows the <iframe> by). Persisted per tab so a restarted worker can still
 * turn a frame-local point into a point in the tab's viewport.
 */
import browser from 'webextension-polyfill';
import { toParent, type FrameAim } from '../shared/content-messages.ts';
import { AgentError } from '../shared/errors.ts';
import { takingTurns } from '../shared/turns.ts';
import { frameIdsForNonces, sendToFrame, tryFrame, type ChildFrameId } from './frames.ts';
import { unlessBusy } from './busy-frames.ts';

interface FrameLink {
  parent: number;
  nonce: string;
}

const key = (tabId: number) => `frames:${tabId}`;

// Frames at different depths are linked concurrently (a snapshot stitches
// them in parallel): the read-modify-writes take turns, or one would lose the other's.
const inTurn = takingTurns();

function recordFrames(tabId: number, links: [frameId: number, link: FrameLink][]): Promise<void> {
  if (!links.length) return Promise.resolve();
  return inTurn(key(tabId), async () => {
    const { [key(tabId)]: map = {} } = (await browser.storage.session.get(key(tabId))) as Record<string, Record<string, FrameLink>>;
    for (const [frameId, link] of links) map[frameId] = link;
    await browser.storage.session.set({ [key(tabId)]: map });
  });
}

/** Frames nested deeper than this are left out of snapshots and searches. */
export const MAX_FRAME_DEPTH = 8;

/**
 * The frame ids behind the child frames whose parent posted them `nonces`
 * (a snapshot's iframe slots, or a search), remembered so that refs into them
 * can be aimed at later; not a number for a frame without a content script.
 */
export async function linkChildFrames(tabId: number, parent: number, nonces: string[], srcs?: string[]): Promise<ChildFrameId[]> {
  const frameIds = await frameIdsForNonces(tabId, parent, nonces, srcs);
  await recordFrames(tabId, frameIds.flatMap((frameId, i) => (typeof frameId === 'number' ? [[frameId, { parent, nonce: nonces[i] }] as [number, FrameLink]] : [])));
  return frameIds;
}

/**
 * Follows something down through child frames (the focus, a point): asks each
 * frame in turn from `frameId`, while its answer names a child frame by nonce.
 * The answers, outermost first, and the innermost frame reached (which may
 * not have answered).
 */
export async function downFrames<T>(
  tabId: number,
  frameId: number,
  ask: (frameId: number, outer: T | undefined) => Promise<T | undefined>,
  childNonce: (answer: T) => string | undefined,
): Promise<{ answers: T[]; frameId: number }> {
  const answers: T[] = [];
  for (let depth = 0; depth <= MAX_FRAME_DEPTH; depth++) {
    const answer = await ask(frameId, answers.at(-1));
    if (!answer) break;
    answers.push(answer);
    const nonce = childNonce(answer);
    const [child] = nonce ? await linkChildFrames(tabId, frameId, [nonce]) : [null];
    if (typeof child !== 'number') break;
    frameId = child;
  }
  return { answers, frameId };
}

/**
 * The ids of all of the tab's frames, sorted: those webNavigation lists, and
 * those it does not (blob: and javascript: URLs). The latter are in practice
 * of their parent's origin (a page makes blob: URLs of its own), so each frame
 * is asked for its children of its own origin (linked by direct nonces,
 * isDirectNonce), down to MAX_FRAME_DEPTH.
 */
export async function allFrames(tabId: number): Promise<number[]> {
  const listed = (await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null))?.map((frame) => frame.frameId) ?? [0];
  const known = new Set(listed);
  let ask = listed;
  for (let depth = 0; ask.length && depth < MAX_FRAME_DEPTH; depth++) {
    const found = await Promise.all(ask.map(async (frameId) => {
      const ask = () => tryFrame(tabId, frameId, { type: 'childFrames', sameOrigin: true });
      // A child frame whose page is blocked is not waited for (busy-frames.ts).
      const direct = (await unlessBusy(tabId, frameId, ask))?.nonces ?? [];
      return direct.length ? await linkChildFrames(tabId, frameId, direct) : [];
    }));
    ask = found.flat().filter((id): id is number => typeof id === 'number' && !known.has(id));
    for (const id of ask) known.add(id);
  }
  return [...known].sort((a, b) => a - b);
}

/**
 * Drops a tab's links with the documents they were learnt in: when the tab
 * closes, or its top frame commits a new document (whose frames are all new).
 * The frames webNavigation does not list are known from these links alone.
 */
export function watchFrameLinks(): void {
  const forget = (tabId: number) => void inTurn(key(tabId), () => browser.storage.session.remove(key(tabId)));
  chrome.tabs.onRemoved.addListener(forget);
  chrome.webNavigation.onCommitted.addListener(({ tabId, frameId, documentLifecycle }) => {
    if (frameId === 0 && documentLifecycle !== 'prerender') forget(tabId);
  });
}

type Point = { x: number; y: number };

/**
 * How a frame's viewport maps into the tab's top-level viewport, composed up
 * the chain of parent frames (nested iframes): offset and scale, in CSS
 * pixels. With `aim` (a point in the frame's viewport) each parent first
 * scrolls that point into view, and with `hitTest` checks that a pointer
 * there reaches the frame (content/frame-aim.ts). With `guard`, each parent
 * catches a press that lands on the <iframe> instead (framePressCaught).
 */
export async function frameTransform(tabId: number, frameId: number, aim?: Point, hitTest = false, guard = false): Promise<FrameAim> {
  let total: FrameAim = { x: 0, y: 0, scaleX: 1, scaleY: 1 };
  for (const [id, link] of await framesAround(tabId, frameId)) {
    const offset = await sendToFrame(tabId, link.parent, { type: 'frameOffset', nonce: link.nonce, ...(aim ? { aim: toParent(total, aim), hitTest } : {}), ...(guard ? { guard } : {}) });
    if (!offset) throw new AgentError('FRAME_NOT_FOUND', `The iframe holding frame ${id} is gone. Take a new snapshot and use the new ref.`);
    const cameIntoView = total.cameIntoView || offset.cameIntoView;
    total = {
      x: offset.x + offset.scaleX * total.x, y: offset.y + offset.scaleY * total.y, scaleX: offset.scaleX * total.scaleX, scaleY: offset.scaleY * total.scaleY,
      ...(cameIntoView ? { cameIntoView } : {}),
    };
  }
  return total;
}

/**
 * After a guarded click into the frame that its page never saw: whether the
 * frames around it caught the press on its <iframe>, as the browser routes
 * input there until the frame has drawn (content/actions/frame-press.ts).
 */
export async function framePressCaught(tabId: number, frameId: number): Promise<boolean> {
  const asked = (await framesAround(tabId, frameId).catch(() => [])).map(([, link]) => sendToFrame(tabId, link.parent, { type: 'framePress' }).catch(() => ({ caught: false })));
  return (await Promise.all(asked)).some((answer) => answer.caught);
}

/**
 * Resolves once the frame and the frames holding it have drawn (content/actions/frame-press.ts):
 * a page that just scrolled the frame into view draws it there, then the frame draws itself.
 * hidden: the frame's page is told it is hidden (not so behind another tab while the debugger emulates focus:
 * in-front.ts asks the tab itself).
 */
export async function framesDrawn(tabId: number, frameId: number): Promise<{ hidden: boolean }> {
  const around = (await framesAround(tabId, frameId).catch(() => [])).map(([, link]) => tryFrame(tabId, link.parent, { type: 'drawn' }).catch(() => undefined));
  const [own] = await Promise.all([tryFrame(tabId, frameId, { type: 'drawn' }).catch(() => undefined), ...around]);
  return { hidden: own?.hidden ?? false };
}

/** The frame and each frame holding it, innermost first, with where its parent holds it; not the top frame. */
async function framesAround(tabId: number, frameId: number): Promise<[id: number, link: FrameLink][]> {
  const { [key(tabId)]: map = {} } = (await browser.storage.session.get(key(tabId))) as Record<string, Record<string, FrameLink>>;
  const chain: [number, FrameLink][] = [];
  for (let id = frameId; id !== 0; id = map[id].parent) {
    if (!map[id] || chain.length > 20) {
      throw new AgentError('FRAME_NOT_FOUND', `Frame ${frameId} is not known any more (its page changed). Take a new snapshot (browser_snapshot) and use the new ref.`);
    }
    chain.push([id, map[id]]);
  }
  return chain;
}
