/**
 * browser_scroll: an element into view (and its scroller by a delta), or
 * the page by a delta.
 */
import type { ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { matchNote, resolveSpec } from '../target.ts';
import { describe } from './describe.ts';
import { fullyInViewport, viewport } from './hit.ts';
import { nextFrame } from './motion.ts';

/** How long a shown page's next frame is waited for. */
const SHOWN_FRAME_MS = 500;

/**
 * Scrolls, then lets the next frame run the page's scroll listeners and
 * intersection observers (dispatched while rendering, not at once): an
 * infinite list asks for its next page there, which the action then waits for.
 */
export async function scroll(target: TargetSpec | undefined, deltaX: number, deltaY: number): Promise<ContentResults['scroll']> {
  const result = scrollNow(target, deltaX, deltaY);
  // The frame, then the task the observers' notifications were queued as during it. A hidden tab
  // renders none (50 ms, then on); a shown one may render it late on a busy machine, where 50 ms
  // ended the wait before an infinite list had asked for its next page (seen in a full test run).
  await nextFrame(document.visibilityState === 'visible' ? SHOWN_FRAME_MS : undefined);
  await new Promise((resolve) => setTimeout(resolve));
  return result;
}

function scrollNow(target: TargetSpec | undefined, deltaX: number, deltaY: number): ContentResults['scroll'] {
  if (target) {
    const resolved = resolveSpec(target);
    const el = resolved.element;
    if (!fullyInViewport(el)) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const named = `${describe(el)}${matchNote(resolved)}`;
    let description = `${named} into view`;
    if (deltaX || deltaY) {
      const scroller = scrollerOf(el, deltaX, deltaY);
      if (scroller) {
        scroller.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
        const moved = `by (${deltaX}, ${deltaY}) to (${Math.round(scroller.scrollLeft)}, ${Math.round(scroller.scrollTop)})`;
        // The element is the scroller itself (a list, a panel) or sits in one.
        description = scroller === el ? `${named} ${moved}` : `${description}, and its scroll container ${describe(scroller)} ${moved}`;
      } else {
        window.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
        description += `, and the page by (${deltaX}, ${deltaY})`;
      }
    }
    return { scrollX: window.scrollX, scrollY: window.scrollY, description };
  }
  const before = { x: window.scrollX, y: window.scrollY };
  window.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
  if (window.scrollX !== before.x || window.scrollY !== before.y || (!deltaX && !deltaY)) {
    return { scrollX: window.scrollX, scrollY: window.scrollY };
  }
  // The page itself doesn't scroll (an app shell with overflow: hidden): scroll
  // what scrolls under the middle of the viewport, as the mouse wheel would.
  const vp = viewport();
  const middle = document.elementFromPoint(vp.width / 2, vp.height / 2);
  const scroller = middle && scrollerOf(middle, deltaX, deltaY);
  if (!scroller) return { scrollX: window.scrollX, scrollY: window.scrollY, description: 'nothing: the page is at its edge or does not scroll that way' };
  scroller.scrollBy({ left: deltaX, top: deltaY, behavior: 'instant' });
  return {
    scrollX: window.scrollX,
    scrollY: window.scrollY,
    description: `${describe(scroller)} by (${deltaX}, ${deltaY}) to (${Math.round(scroller.scrollLeft)}, ${Math.round(scroller.scrollTop)})`,
  };
}

/** The nearest ancestor (or the element) that can scroll in the delta's direction; null for the page itself. */
function scrollerOf(el: Element, deltaX: number, deltaY: number): Element | null {
  for (let e: Element | null = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement ?? ((e.getRootNode() as ShadowRoot).host ?? null)) {
    const style = getComputedStyle(e);
    const canY = deltaY !== 0 && /auto|scroll|overlay/.test(style.overflowY) && e.scrollHeight > e.clientHeight;
    const canX = deltaX !== 0 && /auto|scroll|overlay/.test(style.overflowX) && e.scrollWidth > e.clientWidth;
    if (canX || canY) return e;
  }
  return null;
}
