/**
 * What the reports of an action look for in the page: the controls, which are visible, and which
 * hold others. Shared by what an action showed (revealed.ts) and what it opened or closed (dialogs.ts).
 */
import { composedParent, shadowRootsMet } from '../snapshot/dom.ts';
import { getRole } from '../snapshot/roles.ts';
import { screenReaderOnly } from '../snapshot/walk-rules.ts';

export const CANDIDATES = [
  'a[href]', 'button', 'input:not([type=hidden])', 'select', 'textarea', 'summary', '[tabindex]:not([tabindex="-1"])',
  ...['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'checkbox', 'radio', 'switch', 'tooltip'].map((role) => `[role=${role}]`),
].join(', ');

/** Lines in the report; the rest are counted. */
export const MAX_SHOWN = 10;

/** Those matching `selector` in the document and in the shadow roots a snapshot went through. */
export function matching(selector: string): Element[] {
  return [...document.querySelectorAll(selector), ...shadowRootsMet().flatMap((root) => [...root.querySelectorAll(selector)])];
}

/**
 * Rendered and not visibility:hidden, whatever its opacity. What a dialog is
 * judged by: right after the click that opens it, one that fades in is still
 * transparent, its transition not even begun (a framework's enter class sets
 * opacity 0 first), and so are the controls in it.
 */
export function displayed(elements: Iterable<Element>): Element[] {
  return Array.from(elements).filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0);
}

/**
 * Without those that hold others of the list: a focusable box around a dialog's content, a menu
 * around its items (Ant Design's takes the focus), a listbox around the options slotted into it
 * (Shoelace's). What is clicked is inside.
 */
export function innermost(elements: Element[]): Element[] {
  const listed = new Set(elements);
  const holders = new Set<Element>();
  for (const el of elements) {
    for (let up = composedParent(el); up; up = composedParent(up)) if (listed.has(up)) holders.add(up);
  }
  return elements.filter((el) => !holders.has(el));
}

/** Laid out with a size (transforms aside: a dialog zooming in from scale 0 has its controls still to grow). */
export function hasArea(el: Element): boolean {
  return !(el instanceof HTMLElement) || (el.offsetWidth > 0 && el.offsetHeight > 0);
}

/** Not a button drawn for screen readers alone (React Aria's Dismiss around its popups), which the snapshot gives no ref. */
export function seenByPerson(el: Element, role = getRole(el)): boolean {
  return !screenReaderOnly(el, role);
}

/** Elements looked at inside a box for its items. */
const ITEMS_LOOKED_AT = 300;

/**
 * A focusable box with no role around items a pointer cursor marks (Naive UI's select menu, whose options
 * are plain elements): the items, which are what is clicked; else the box itself, as one line.
 */
export function itemsOf(el: Element): Element[] {
  const role = getRole(el);
  if ((role !== null && role !== 'generic') || !el.hasAttribute('tabindex')) return [el];
  const items: Element[] = [];
  // Each element's cursor read once: as an item, and as the parent of the items in it.
  const pointer = new Map<Element, boolean>([[el, getComputedStyle(el).cursor === 'pointer']]);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(), looked = 0; node && looked < ITEMS_LOOKED_AT; node = walker.nextNode(), looked++) {
    const item = node as Element;
    pointer.set(item, getComputedStyle(item).cursor === 'pointer');
    if (pointer.get(item) && !pointer.get(item.parentElement!)) items.push(item);
  }
  return items.length >= 2 ? items : [el];
}
