/**
 * The nonces that link a frame's child frames to their content scripts: each
 * snapshot or search posts one into every child frame element, whose content
 * script reports it to the service worker with its frame id, so the worker
 * knows which frame sits under which `- iframe` line (background/frame-map.ts).
 */
import { DIRECT_NONCE_PREFIX, FRAME_HELLO_KEY, FRAME_NONCE_KEY } from '../shared/content-messages.ts';
import { queryDeep } from './snapshot/dom.ts';
import { isVisible } from './snapshot/visibility.ts';
import { onWindow } from './window-listeners.ts';
import { FRAME_SELECTOR, frameWindow, isFrameElement, type FrameElement } from './frame-elements.ts';

declare global {
  interface Window {
    /** Where a same-origin parent's content script hands this frame's content script its nonce (index.ts). Only in our isolated world. */
    __llmBrowserAgentTakeNonce?: (nonce: string) => void;
  }
}

/** Child frame elements by the nonce we posted them, for frame offsets later. */
const frameElements = new Map<string, WeakRef<FrameElement>>();
/**
 * Each frame element's newest nonces, newest last. Every snapshot and search
 * mints one per frame, so older ones are let go: a page of 10 frames snapshotted
 * 10,000 times kept 100,000. A few are kept, as the worker's link to the frame
 * may still name one it got before a newer one failed to link.
 */
const noncesOf = new WeakMap<FrameElement, string[]>();
const NONCES_KEPT = 4;
// Entries of frame elements gone from the page are swept once the map doubles.
let sweepAt = 256;

/** Tells the child frame behind `element` a fresh nonce, which its content script reports with its frame id. */
export function nonceFor(element: FrameElement): string {
  const take = directTaker(element);
  const nonce = (take ? DIRECT_NONCE_PREFIX : '') + crypto.randomUUID();
  remember(element, nonce);
  deliver(element, nonce, take);
  return nonce;
}

function remember(element: FrameElement, nonce: string): void {
  frameElements.set(nonce, new WeakRef(element));
  const kept = noncesOf.get(element) ?? [];
  kept.push(nonce);
  if (kept.length > NONCES_KEPT) frameElements.delete(kept.shift()!);
  noncesOf.set(element, kept);
  if (frameElements.size < sweepAt) return;
  // An iframe out of the page is never aimed into again (frameOffset answers null for it).
  for (const [key, ref] of frameElements) if (!ref.deref()?.isConnected) frameElements.delete(key);
  sweepAt = Math.max(256, 2 * frameElements.size);
}

/**
 * The content script of a same-origin child, reached through the isolated
 * world we share: null when the child is of another origin (reading its
 * window throws) or its content script has not started yet.
 */
function directTaker(element: FrameElement): ((nonce: string) => void) | null {
  try {
    const take = frameWindow(element)?.__llmBrowserAgentTakeNonce;
    return typeof take === 'function' ? take : null;
  } catch {
    return null;
  }
}

function deliver(element: FrameElement, nonce: string, take = directTaker(element)): void {
  if (!take) {
    frameWindow(element)?.postMessage({ [FRAME_NONCE_KEY]: nonce }, '*');
    return;
  }
  try {
    take(nonce);
  } catch {
    // The child's document is going away: it will not answer, whichever way it is told.
  }
}

/**
 * A child frame whose content script was not running yet when we posted its
 * nonce (a frame still loading, before document_idle) is asked by the service
 * worker to say hello: it gets the nonce again, so the snapshot waiting for
 * it still links it.
 */
export function answerFrameHellos(): void {
  onWindow('message', (event) => {
    const data = event.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object' || data[FRAME_HELLO_KEY] !== true || !event.source) return;
    const element = frameElementsHere().find((frame) => frameWindow(frame) === event.source);
    const nonce = element && noncesOf.get(element)?.at(-1);
    if (nonce) deliver(element, nonce);
  });
}

/**
 * Nonces for this frame's displayed child frames (or its hidden ones), in document order, shadow roots included
 * (for searches across frames). sameOrigin: only those whose content script we reach directly; no nonce is posted.
 */
export function childFrames(hidden = false, sameOrigin = false): string[] {
  return frameElementsHere().filter((frame) => isVisible(frame) !== hidden && (!sameOrigin || directTaker(frame) !== null)).map(nonceFor);
}

/** The child frame element that got `nonce`, while it is still in the page. */
export function frameWithNonce(nonce: string): FrameElement | null {
  const element = frameElements.get(nonce)?.deref();
  return element?.isConnected ? element : null;
}

/** This document's frame elements, shadow roots included, in document order. */
function frameElementsHere(): FrameElement[] {
  return queryDeep<Element>(FRAME_SELECTOR).filter(isFrameElement);
}
