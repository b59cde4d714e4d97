/**
 * Aiming trusted input into a child frame, from the frame that holds its
 * <iframe>: where the child's viewport sits in ours and at what scale (a
 * `transform: scale()` preview, a zoomed embed), and, for a point the child
 * wants clicked, whether a pointer there reaches the child at all — scrolled
 * into our view and not covered. The child's own hit test cannot see either.
 */
import { toParent, type FrameAim, type FrameOffset } from '../shared/content-messages.ts';
import { AgentError } from '../shared/errors.ts';
import { assertHit, intersectsViewport, viewport } from './actions/hit.ts';
import { describe } from './actions/describe.ts';
import { composedParent } from './snapshot/dom.ts';
import type { FrameElement } from './frame-elements.ts';

type Point = { x: number; y: number };

export function offsetOf(frame: FrameElement, aim: Point | undefined, hitTest: boolean): FrameAim {
  assertAxisAligned(frame);
  if (!aim) return measure(frame);
  // Out of view, a frame of another process is not drawn, and input cannot reach it until it is (actions/frame-press.ts).
  const cameIntoView = !intersectsViewport(frame);
  bringIntoView(frame, aim);
  const offset = { ...measure(frame), ...(cameIntoView ? { cameIntoView } : {}) };
  if (!hitTest) return offset;
  const at = toParent(offset, aim);
  try {
    assertHit(frame, at.x, at.y);
  } catch (error) {
    if (!(error instanceof AgentError)) throw error;
    throw new AgentError(error.code, `The element is inside a frame, and a pointer cannot reach that frame there: ${error.message}`);
  }
  return offset;
}

/**
 * The child's viewport origin is the iframe's content box (inside border and
 * padding). Its scale is the drawn size over the laid-out size; the integer
 * rounding of offsetWidth is snapped away for untransformed frames.
 */
function measure(frame: FrameElement): FrameOffset {
  const rect = frame.getBoundingClientRect();
  const scaleX = scaleOf(rect.width, frame.offsetWidth);
  const scaleY = scaleOf(rect.height, frame.offsetHeight);
  const style = getComputedStyle(frame);
  return {
    x: rect.left + (frame.clientLeft + parseFloat(style.paddingLeft)) * scaleX,
    y: rect.top + (frame.clientTop + parseFloat(style.paddingTop)) * scaleY,
    scaleX,
    scaleY,
  };
}

function scaleOf(drawn: number, laidOut: number): number {
  if (!laidOut) return 1;
  const scale = drawn / laidOut;
  return Math.abs(scale - 1) < 0.002 ? 1 : scale;
}

/**
 * A point maps into the child by offset and scale only while nothing between
 * them rotates, skews, mirrors or tilts it in 3D; otherwise we would click
 * somewhere else, so we refuse.
 */
function assertAxisAligned(frame: FrameElement): void {
  for (let el: Element | null = frame; el; el = composedParent(el)) {
    const style = getComputedStyle(el);
    if (style.transform === 'none' && style.rotate === 'none' && style.scale === 'none') continue;
    const matrix = new DOMMatrixReadOnly(style.transform === 'none' ? undefined : style.transform);
    const tilted = !matrix.is2D || Math.abs(matrix.b) > 1e-6 || Math.abs(matrix.c) > 1e-6 || matrix.a <= 0 || matrix.d <= 0;
    const rotated = style.rotate !== 'none' && !/^0(deg|rad|turn)?$/.test(style.rotate);
    if (tilted || rotated || style.scale.includes('-')) {
      throw new AgentError(
        'INVALID_TARGET',
        `The element is inside a frame that ${describe(el)} rotates, skews or mirrors (transform: ${style.transform}${rotated ? `, rotate: ${style.rotate}` : ''}), so a pointer cannot be aimed at it. Use browser_evaluate with the ref and a function such as "(el) => el.click()" (not trusted input), or act on an element outside that frame.`,
      );
    }
  }
}

/**
 * Scrolls the containers around the iframe, then this page, until the point
 * is in view — what scrollIntoView does for an element, for a point inside
 * the frame. 'instant', as a page's smooth scroll-behavior would leave the
 * measurement behind.
 */
function bringIntoView(frame: FrameElement, aim: Point): void {
  for (let el = composedParent(frame); el && el !== document.body && el !== document.documentElement; el = composedParent(el)) {
    if (!scrolls(el)) continue;
    const at = toParent(measure(frame), aim);
    const box = el.getBoundingClientRect();
    const left = box.left + el.clientLeft;
    const top = box.top + el.clientTop;
    el.scrollBy({ left: outside(at.x, left, el.clientWidth), top: outside(at.y, top, el.clientHeight), behavior: 'instant' });
  }
  const at = toParent(measure(frame), aim);
  const vp = viewport();
  window.scrollBy({ left: outside(at.x, 0, vp.width), top: outside(at.y, 0, vp.height), behavior: 'instant' });
}

/** How far to scroll so `at` sits in the middle of [start, start + size), or 0 when it is inside already. */
function outside(at: number, start: number, size: number): number {
  return at >= start && at < start + size ? 0 : at - (start + size / 2);
}

function scrolls(el: Element): boolean {
  if (el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth) return false;
  const style = getComputedStyle(el);
  return style.overflowX !== 'visible' || style.overflowY !== 'visible';
}
