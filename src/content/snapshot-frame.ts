import type { ContentRequest, ContentSnapshot } from '../shared/content-messages.ts';
import { FRAME_NONCE_KEY } from '../shared/content-messages.ts';
import { takeSnapshot } from './snapshot/index.ts';
import { resolveTarget } from './target.ts';

/** Child frame elements by the nonce we posted them, for frame offsets later. */
const frameElements = new Map<string, WeakRef<HTMLIFrameElement | HTMLFrameElement>>();

/**
 * Where the child frame that got `nonce` starts, in this frame's viewport:
 * the iframe's content box (inside border and padding), which is the
 * child's viewport origin.
 */
export function frameOffset(nonce: string): { x: number; y: number } | null {
  const element = frameElements.get(nonce)?.deref();
  if (!element?.isConnected) return null;
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  return {
    x: rect.left + element.clientLeft + parseFloat(style.paddingLeft),
    y: rect.top + element.clientTop + parseFloat(style.paddingTop),
  };
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
  const frames = result.frames.map((slot) => {
    const nonce = crypto.randomUUID();
    frameElements.set(nonce, new WeakRef(slot.element));
    slot.element.contentWindow?.postMessage({ [FRAME_NONCE_KEY]: nonce }, '*');
    return { ref: slot.ref, nonce, line: slot.line, indent: slot.indent };
  });
  return { text: result.lines.join('\n'), frames, maxRef: result.maxRef, url: location.href, title: document.title };
}
