import type { ContentRequest, ContentSnapshot } from '../shared/content-messages.ts';
import { FRAME_NONCE_KEY } from '../shared/content-messages.ts';
import { takeSnapshot } from './snapshot/index.ts';
import { resolveTarget } from './target.ts';

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
    slot.element.contentWindow?.postMessage({ [FRAME_NONCE_KEY]: nonce }, '*');
    return { ref: slot.ref, nonce, line: slot.line, indent: slot.indent };
  });
  return { lines: result.lines, frames, maxRef: result.maxRef, url: location.href, title: document.title };
}
