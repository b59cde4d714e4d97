/**
 * Where each child frame sits inside its parent, learned while stitching
 * snapshots: frame id → (parent frame id, nonce the parent's content script
 * knows the <iframe> by). Persisted per tab so a restarted worker can still
 * turn a frame-local point into a point in the tab's viewport.
 */
import browser from 'webextension-polyfill';
import { toParent, type FrameOffset } from '../shared/content-messages.ts';
import { AgentError } from '../shared/errors.ts';
import { takingTurns } from '../shared/turns.ts';
import { frameIdsForNonces, sendToFrame, type ChildFrameId } from './frames.ts';

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

/** Whether the frame has child frames now: a search skips asking it for them otherwise. */
export async function hasChildFrames(tabId: number, frameId: number): Promise<boolean> {
  const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
  return frames?.some((frame) => frame.parentFrameId === frameId) ?? false;
}

export async function forgetFrames(tabId: number): Promise<void> {
  await browser.storage.session.remove(key(tabId));
}

type Point = { x: number; y: number };

/**
 * How a frame's viewport maps into the tab's top-level viewport, composed up
 * the chain of parent frames (nested iframes): offset and scale, in CSS
 * pixels. With `aim` (a point in the frame's viewport) each parent first
 * scrolls that point into view, and with `hitTest` checks that a pointer
 * there reaches the frame (content/frame-aim.ts).
 */
export async function frameTransform(tabId: number, frameId: number, aim?: Point, hitTest = false): Promise<FrameOffset> {
  const { [key(tabId)]: map = {} } = (await browser.storage.session.get(key(tabId))) as Record<string, Record<string, FrameLink>>;
  let total: FrameOffset = { x: 0, y: 0, scaleX: 1, scaleY: 1 };
  for (let id = frameId, hops = 0; id !== 0; hops++) {
    const link = map[id];
    if (!link || hops > 20) {
      throw new AgentError('FRAME_NOT_FOUND', `Frame ${frameId} is not known any more (its page changed). Take a new snapshot (browser_snapshot) and use the new ref.`);
    }
    const offset = await sendToFrame(tabId, link.parent, { type: 'frameOffset', nonce: link.nonce, ...(aim ? { aim: toParent(total, aim), hitTest } : {}) });
    if (!offset) throw new AgentError('FRAME_NOT_FOUND', `The iframe holding frame ${id} is gone. Take a new snapshot and use the new ref.`);
    total = { x: offset.x + offset.scaleX * total.x, y: offset.y + offset.scaleY * total.y, scaleX: offset.scaleX * total.scaleX, scaleY: offset.scaleY * total.scaleY };
    id = link.parent;
  }
  return total;
}
