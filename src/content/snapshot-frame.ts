import type { ContentRequest, ContentSnapshot, FrameAim, FrameSlotInfo } from '../shared/content-messages.ts';
import { DIRECT_NONCE_PREFIX, FRAME_HELLO_KEY, FRAME_NONCE_KEY } from '../shared/content-messages.ts';
import { takeSnapshot } from './snapshot/index.ts';
import { RefsExhausted, refsLeft } from './snapshot/refs.ts';
import { isVisible, queryDeep, resolveTarget } from './target.ts';
import { offsetOf } from './frame-aim.ts';
import { catchPressOn } from './actions/frame-press.ts';
import { afterDomChange } from './dom-change.ts';
import { learnForeignSheets } from './foreign-sheets.ts';
import { onWindow } from './window-listeners.ts';
import { FRAME_SELECTOR, frameSource, frameWindow, isFrameElement, type FrameElement } from './frame-elements.ts';

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

/** Where the child frame that got `nonce` sits in this frame's viewport (frame-aim.ts); null once its iframe is gone. */
export function frameOffset(request: Extract<ContentRequest, { type: 'frameOffset' }>): FrameAim | null {
  const element = frameElements.get(request.nonce)?.deref();
  if (!element?.isConnected) return null;
  const offset = offsetOf(element, request.aim, request.hitTest ?? false);
  if (request.guard) catchPressOn(element);
  return offset;
}

/** How long a page that has drawn nothing yet, just after it loaded, gets to draw. */
const FIRST_RENDER_MS = 1000;
/** A document older than this that shows nothing is taken as empty. */
const YOUNG_MS = 5000;
/** After the first change, a moment for the rest of the render (frameworks commit in one batch). */
const RENDER_SETTLE_MS = 50;

/**
 * Resolves at the page's first DOM change (plus a moment), or after `ms`.
 * An app that renders after its load event (React's createRoot, a bundle
 * fetched by a loader) shows an empty body when navigation reports it loaded.
 */
function firstRender(ms: number): Promise<boolean> {
  return afterDomChange(ms, () => new Promise((settled) => setTimeout(settled, RENDER_SETTLE_MS)), { attributes: false });
}

/**
 * Snapshots this frame and posts a fresh nonce into each child frame, so the
 * service worker can stitch the child's snapshot under the right line.
 */
export async function snapshotFrame(request: Extract<ContentRequest, { type: 'snapshot' }>): Promise<ContentSnapshot> {
  const { options, refPrefix } = request;
  const root = options.root ? resolveTarget(options.root) : undefined;
  const take = () => takeSnapshot({
    interactive: options.interactive,
    depth: options.depth,
    viewportOnly: options.viewportOnly,
    root,
    refPrefix,
    undeclaredRoots: request.undeclaredRoots,
  });
  // A page far bigger than the numbers its tab's block has left (about one element in six gets a ref) is
  // asked again under a bigger block before the walk, not once most of it is done (background/ref-leases.ts).
  if (!root && refsLeft() < document.getElementsByTagName('*').length / 4) throw new RefsExhausted();
  await learnForeignSheets();
  let result = take();
  // The whole of a top-level page that just loaded and shows nothing: it may not have rendered yet,
  // unless it has no script to render it with (a static page that is empty stays empty).
  const whole = !options.interactive && !options.viewportOnly && !root;
  if (!result.lines.length && whole && window === window.top && performance.now() < YOUNG_MS && document.scripts.length) {
    await firstRender(FIRST_RENDER_MS);
    result = take();
  }
  const frames = result.frames.map((slot): FrameSlotInfo => ({
    ref: slot.ref, nonce: nonceFor(slot.element), line: slot.line, indent: slot.indent, src: frameSource(slot.element),
    ...(slot.element.localName === 'iframe' && (slot.element as HTMLIFrameElement).loading === 'lazy' ? { lazy: true } : {}),
  }));
  return { text: result.lines.join('\n'), frames, url: location.href, title: document.title, contentType: document.contentType };
}

/** This document's frame elements, shadow roots included, in document order. */
function frameElementsHere(): FrameElement[] {
  return queryDeep<Element>(FRAME_SELECTOR).filter(isFrameElement);
}
