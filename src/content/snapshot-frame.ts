import type { ContentRequest, ContentSnapshot, FrameOffset } from '../shared/content-messages.ts';
import { FRAME_NONCE_KEY } from '../shared/content-messages.ts';
import { takeSnapshot } from './snapshot/index.ts';
import { isVisible, queryDeep, resolveTarget } from './target.ts';
import { offsetOf } from './frame-aim.ts';

/** Child frame elements by the nonce we posted them, for frame offsets later. */
type FrameElement = HTMLIFrameElement | HTMLFrameElement;
const frameElements = new Map<string, WeakRef<FrameElement>>();

/** Tells the child frame behind `element` a fresh nonce, which its content script reports with its frame id. */
function nonceFor(element: FrameElement): string {
  const nonce = crypto.randomUUID();
  frameElements.set(nonce, new WeakRef(element));
  element.contentWindow?.postMessage({ [FRAME_NONCE_KEY]: nonce }, '*');
  return nonce;
}

/** Nonces for this frame's displayed child frames, in document order, shadow roots included (for searches across frames). */
export function childFrames(): string[] {
  return queryDeep<FrameElement>('iframe, frame').filter(isVisible).map(nonceFor);
}

/** Where the child frame that got `nonce` sits in this frame's viewport (frame-aim.ts); null once its iframe is gone. */
export function frameOffset(request: Extract<ContentRequest, { type: 'frameOffset' }>): FrameOffset | null {
  const element = frameElements.get(request.nonce)?.deref();
  if (!element?.isConnected) return null;
  return offsetOf(element, request.aim, request.hitTest ?? false);
}

/**
 * Snapshots this frame and posts a fresh nonce into each child frame, so the
 * service worker can stitch the child's snapshot under the right line.
 */
export function snapshotFrame(request: Extract<ContentRequest, { type: 'snapshot' }>): ContentSnapshot {
  const { options, refPrefix, refFloor } = request;
  const root = options.root ? resolveTarget(options.root) : undefined;
  const result = takeSnapshot({
    interactive: options.interactive,
    depth: options.depth,
    viewportOnly: options.viewportOnly,
    root,
    refPrefix,
    refFloor,
  });
  const frames = result.frames.map((slot) => ({ ref: slot.ref, nonce: nonceFor(slot.element), line: slot.line, indent: slot.indent }));
  return { text: result.lines.join('\n'), frames, maxRef: result.maxRef, url: location.href, title: document.title };
}
