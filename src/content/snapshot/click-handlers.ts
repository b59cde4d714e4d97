/**
 * Elements that got a click handler from page script, as reported by the
 * tracker the service worker installs in the page's world of agent tabs
 * (src/background/page-scripts/click-handlers.ts). Without the tracker (a tab
 * the agent does not control, the engine tests' plain pages) nothing is
 * reported and this knows nothing.
 */
import { CLICK_HANDLER_EVENTS } from '../../shared/page-trackers.ts';
import { onWindow } from '../window-listeners.ts';

// Weak: a removed element must not be kept alive by having had a handler.
const withHandler = new WeakSet<Element>();
const dropTargets = new WeakSet<Element>();
// Elements whose only handlers are for the pointer arriving (a tooltip's trigger).
const hoverTargets = new WeakSet<Element>();
let listening = false;
let askedOnce = false;
let shadowCalls: number | null = null;

function listen(): void {
  if (listening) return;
  listening = true;
  // Capture on window sees every mark, also those dispatched inside open shadow roots
  // (composed); composedPath()[0] is the element itself, not its retargeted host.
  onWindow(CLICK_HANDLER_EVENTS.mark, (event) => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element)) return;
    const kind = (event as CustomEvent<unknown>).detail;
    if (kind === 'hover') {
      hoverTargets.add(target);
      return;
    }
    hoverTargets.delete(target);
    withHandler.add(target);
    if (kind === 'drop') dropTargets.add(target);
  }, true);
  onWindow(CLICK_HANDLER_EVENTS.shadowCalls, (event) => {
    const count = (event as CustomEvent<unknown>).detail;
    shadowCalls = typeof count === 'number' && count >= 0 ? count : null;
  }, true);
}

/**
 * Asks the tracker for the elements that got a handler since the last call
 * (all of them on the first call of this content script). Synchronous: the
 * marks have arrived when it returns. Returns the tracker's count of calls
 * that attach shadow roots, or null without a tracker that can tell.
 */
export function collectClickHandlers(doc: Document): number | null {
  listen();
  shadowCalls = null;
  doc.dispatchEvent(new CustomEvent(CLICK_HANDLER_EVENTS.collect, { detail: askedOnce ? 'new' : 'all' }));
  askedOnce = true;
  return shadowCalls;
}

export function hasClickHandler(el: Element): boolean {
  return withHandler.has(el);
}

/**
 * An element that reacts only to the pointer arriving (a tooltip's trigger, a row that shows its
 * actions on hover): browser_hover needs its ref. Also one with an inline onmouseover or
 * onmouseenter attribute, which the tracker's hooks never see.
 */
export function hasHoverHandler(el: Element): boolean {
  return hoverTargets.has(el) || (el.hasAttributes() && (el.hasAttribute('onmouseover') || el.hasAttribute('onmouseenter')));
}

/** An element with a drop handler: a drop target (a board's column), also with things to drag inside it. */
export function isDropTarget(el: Element): boolean {
  return dropTargets.has(el);
}
