/**
 * Where each child frame sits inside its parent, learned while stitching
 * snapshots: frame id → (parent frame id, nonce the parent's content script
 * knows the <iframe> by). Persisted per tab so a restarted worker can still
 * turn a frame-local point into a point in the tab's viewport.
 */
import browser from 'webextension-polyfill';
import { AgentError } from '../shared/errors.ts';
import { sendToFrame } from './frames.ts';

interface FrameLink {
  parent: number;
  nonce: string;
}

const key = (tabId: number) => `frames:${tabId}`;

export async function recordFrame(tabId: number, frameId: number, link: FrameLink): Promise<void> {
  const { [key(tabId)]: map = {} } = (await browser.storage.session.get(key(tabId))) as Record<string, Record<string, FrameLink>>;
  map[frameId] = link;
  await browser.storage.session.set({ [key(tabId)]: map });
}

export async function forgetFrames(tabId: number): Promise<void> {
  await browser.storage.session.remove(key(tabId));
}

/**
 * Offset of a frame's viewport origin from the tab's top-level viewport, in
 * CSS pixels, summed up the chain of parent frames (nested iframes).
 */
export async function frameOrigin(tabId: number, frameId: number): Promise<{ x: number; y: number }> {
  const { [key(tabId)]: map = {} } = (await browser.storage.session.get(key(tabId))) as Record<string, Record<string, FrameLink>>;
  let x = 0;
  let y = 0;
  for (let id = frameId, hops = 0; id !== 0; hops++) {
    const link = map[id];
    if (!link || hops > 20) {
      throw new AgentError('FRAME_NOT_FOUND', `Frame ${frameId} is not known any more (its page changed). Take a new snapshot (browser_snapshot) and use the new ref.`);
    }
    const offset = await sendToFrame(tabId, link.parent, { type: 'frameOffset', nonce: link.nonce });
    if (!offset) throw new AgentError('FRAME_NOT_FOUND', `The iframe holding frame ${id} is gone. Take a new snapshot and use the new ref.`);
    x += offset.x;
    y += offset.y;
    id = link.parent;
  }
  return { x, y };
}
