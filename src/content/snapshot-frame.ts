import type { ContentRequest, ContentSnapshot, FrameAim, FrameSlotInfo } from '../shared/content-messages.ts';
import { takeSnapshot } from './snapshot/index.ts';
import { RefsExhausted, refsLeft } from './snapshot/refs.ts';
import { resolveTarget } from './target.ts';
import { offsetOf } from './frame-aim.ts';
import { catchPressOn } from './actions/frame-press.ts';
import { afterDomChange } from './dom-change.ts';
import { learnForeignSheets } from './foreign-sheets.ts';
import { untoldBefore } from './announcements.ts';
import { lateTextShown } from './actions/text-shown.ts';
import { frameSource } from './frame-elements.ts';
import { frameWithNonce, nonceFor } from './frame-nonces.ts';

/** Where the child frame that got `nonce` sits in this frame's viewport (frame-aim.ts); null once its iframe is gone. */
export function frameOffset(request: Extract<ContentRequest, { type: 'frameOffset' }>): FrameAim | null {
  const element = frameWithNonce(request.nonce);
  if (!element) return null;
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
  // Asked after the walk. What a region still says is in the tree, when the tree is the whole page's.
  const partial = !whole || options.depth !== undefined;
  const untold = request.untold ? untoldBefore(Infinity, partial) : [];
  // What the page wrote after the last report: the whole tree prints it. What it writes from now on is read on.
  const lateText = request.lateText !== undefined ? await lateTextShown(Infinity, partial && request.lateText, request.lateText) : undefined;
  return {
    text: result.lines.join('\n'), frames, url: location.href, title: document.title, contentType: document.contentType,
    ...(untold.length ? { untold } : {}), ...(lateText ? { lateText } : {}),
  };
}
