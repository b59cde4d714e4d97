/**
 * Where to act on an element, and whether a click there would land on it.
 */
import type { Box } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { composedParent, deepElementFromPoint } from '../snapshot/dom.ts';
import { describe } from './describe.ts';
import { getRole } from '../snapshot/roles.ts';
import { CONTROL_ROLES } from '../snapshot/walk-rules.ts';

export interface Viewport {
  width: number;
  height: number;
}

/** The layout viewport without scrollbars (in quirks mode documentElement may be taller: take the smaller). */
export function viewport(): Viewport {
  const doc = document.documentElement;
  return {
    width: Math.min(window.innerWidth, doc.clientWidth || window.innerWidth),
    height: Math.min(window.innerHeight, doc.clientHeight || window.innerHeight),
  };
}

export function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { x: round(r.left), y: round(r.top), width: round(r.width), height: round(r.height) };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Intersects the viewport with a non-zero area. */
export function intersectsViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const vp = viewport();
  return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < vp.width && r.top < vp.height;
}

export function fullyInViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const vp = viewport();
  return r.left >= 0 && r.top >= 0 && r.right <= vp.width && r.bottom <= vp.height;
}

/**
 * The center of the element's largest client rect clipped to the viewport —
 * for an inline element wrapped over two lines, a point on one of its lines
 * rather than the gap between them. Null when no part is in the viewport.
 */
export function actionPoint(el: Element): { x: number; y: number } | null {
  const vp = viewport();
  let best: { x: number; y: number; area: number } | null = null;
  for (const r of Array.from(el.getClientRects())) {
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, vp.width);
    const bottom = Math.min(r.bottom, vp.height);
    const area = (right - left) * (bottom - top);
    if (right <= left || bottom <= top) continue;
    if (!best || area > best.area) best = { x: (left + right) / 2, y: (top + bottom) / 2, area };
  }
  return best && { x: round(best.x), y: round(best.y) };
}

/** Where in a client rect a covered element is tried, as fractions of its size, nearest the centre first. */
const TRY_AT = [0.5, 0.3, 0.7, 0.15, 0.85, 0.05, 0.95];

/**
 * A point where a press reaches `el` although its action point is covered
 * (a cookie bar over the lower half of a button, a sticky header over the
 * top of a card): what a person does, clicking the part they can see. Points
 * on a grid over its visible rects, nearest the centre first; null when every one is covered.
 */
export function uncoveredPoint(el: Element, accept: (hit: Element) => boolean = (hit) => reaches(el, hit)): { x: number; y: number } | null {
  const vp = viewport();
  const candidates: { x: number; y: number; d: number }[] = [];
  for (const r of Array.from(el.getClientRects())) {
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, vp.width);
    const bottom = Math.min(r.bottom, vp.height);
    if (right <= left || bottom <= top) continue;
    for (const fx of TRY_AT) {
      for (const fy of TRY_AT) {
        const x = left + (right - left) * fx;
        const y = top + (bottom - top) * fy;
        candidates.push({ x: round(x), y: round(y), d: Math.abs(fx - 0.5) + Math.abs(fy - 0.5) });
      }
    }
  }
  candidates.sort((a, b) => a.d - b.d);
  for (const { x, y } of candidates) {
    const hit = deepElementFromPoint(x, y);
    if (hit && accept(hit)) return { x, y };
  }
  return null;
}

// Inside an element, these act on their own: a press on them is not a press on the element around
// them. Not a grid's cells, which are its rows' parts, nor a scrollbar or a frame.
const OWN_CONTROL_ROLES = new Set([...CONTROL_ROLES].filter((role) => !['gridcell', 'scrollbar', 'iframe'].includes(role)));

// Widgets worked through their parts (a combobox's text field, a listbox's options): a press on a
// part is a press on them.
const COMPOSITE_ROLES = new Set(['combobox', 'listbox', 'tree', 'treegrid', 'grid', 'tablist', 'menu', 'menubar', 'radiogroup', 'spinbutton', 'slider', 'textbox', 'searchbox']);

/**
 * A control inside `el` that a press on `hit` would work instead of `el`: the child item at the
 * middle of an open tree item, a button at the middle of a clickable card or row. The outermost
 * such; null when the press is `el`'s own (its control, when `el` is a label, counts as its own).
 */
export function nestedControl(el: Element, hit: Element): Element | null {
  // A press on one of its labels, outside it, is its own.
  if (!composedContains(el, hit)) return null;
  let found: Element | null = null;
  for (let n: Element | null = hit; n && n !== el; n = composedParent(n)) {
    if (OWN_CONTROL_ROLES.has(getRole(n) ?? '') && (el as HTMLLabelElement).control !== n) found = n;
  }
  return found;
}

/**
 * Where a press works `el` itself, when its action point lies on a control inside it (an open
 * tree item's middle is on one of its children): a point on its own part, nearest the centre.
 * `hit`: what is at `point` (assertHit's answer).
 */
export function ownPoint(el: Element, point: { x: number; y: number }, hit: Element): { x: number; y: number } {
  if (!nestedControl(el, hit) || COMPOSITE_ROLES.has(getRole(el) ?? '')) return point;
  return uncoveredPoint(el, (h) => reaches(el, h) && !nestedControl(el, h)) ?? point;
}

/** `ancestor` contains `node` in the composed (shadow-including) tree. */
export function composedContains(ancestor: Element, node: Node): boolean {
  for (let n: Node | null = node; n; n = composedParent(n)) if (n === ancestor) return true;
  return false;
}

/**
 * A press on `hit` acts on `el`: it is `el` or inside it, or inside one of its labels, or on
 * what shows a combobox's value over its field.
 */
export function reaches(el: Element, hit: Node): boolean {
  if (composedContains(el, hit)) return true;
  const labels = (el as HTMLInputElement).labels;
  return (!!labels && Array.from(labels).some((label) => composedContains(label, hit))) || onComboboxValue(el, hit);
}

/**
 * Ant Design's Select draws the choice made over its combobox's field, both inside the box that
 * takes the press and opens the list: a press on the choice there is a press on the combobox.
 * Within its parent or grandparent, and not on a control of its own (a clear button).
 */
function onComboboxValue(el: Element, hit: Node): boolean {
  if (getRole(el) !== 'combobox') return false;
  let box = el.parentElement;
  if (box && !composedContains(box, hit)) box = box.parentElement;
  if (!box || !composedContains(box, hit)) return false;
  for (let n = hit instanceof Element ? hit : hit.parentElement; n && n !== box; n = composedParent(n)) {
    if (OWN_CONTROL_ROLES.has(getRole(n) ?? '')) return false;
  }
  return true;
}

/**
 * Throws COVERED unless a click at (x, y) reaches `el`: the hit element is
 * `el` or inside it, or (for form controls) inside one of its labels, since
 * clicking a label activates its control. Returns what is hit.
 */
export function assertHit(el: Element, x: number, y: number): Element {
  const hit = deepElementFromPoint(x, y);
  if (hit && reaches(el, hit)) return hit;
  const at = `at (${Math.round(x)}, ${Math.round(y)})`;
  if (!hit) {
    throw new AgentError('COVERED', `Nothing is hit at ${describe(el)}'s action point ${at}; it may be clipped by a scrolling container. Scroll it into view (browser_scroll with its ref) and retry.`);
  }
  if (composedContains(hit, el)) {
    // The element itself lets clicks through (pointer-events: none), so they land on an ancestor.
    throw new AgentError('COVERED', `${describe(el)} does not receive clicks ${at} (pointer-events: none?); they land on its ancestor ${describe(hit)}. Act on the element that handles the click, or on a child of it.`);
  }
  throw new AgentError('COVERED', `${describe(hit)} covers ${describe(el)} ${at}. Close or dismiss the covering element first (e.g. click its close or accept button), then retry.`);
}
