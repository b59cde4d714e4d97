/**
 * Native controls a library hides and draws its own in place of: a checkbox
 * under its styled label, a <select> under Choices', Tom Select's or
 * Select2's drop-down. The page takes input on what it draws.
 */
import { getStyle } from './dom.ts';
import { getRole } from './roles.ts';
import { isVisibleBox } from './visibility.ts';

/**
 * Not drawn for the eye, though in the page's layout: opacity 0, clipped to
 * nothing, or a box of a pixel or two.
 */
export function drawnInvisible(el: Element): boolean {
  if (!el.isConnected || !isVisibleBox(el)) return true;
  const style = getStyle(el);
  if (style.visibility !== 'visible') return true;
  const box = el.getBoundingClientRect();
  if (box.width <= 2 || box.height <= 2) return true;
  return style.opacity === '0' || /^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(style.clip);
}

/**
 * The drop-down a library draws for a <select> it hid (drawn invisible, out of the tab order):
 * the combobox around it (Choices), or in the element after it (Tom Select, Select2).
 */
export function drawnInstead(select: HTMLSelectElement): Element | null {
  if (select.tabIndex >= 0 || !drawnInvisible(select)) return null;
  const isDropDown = (el: Element) => el !== select && (getRole(el) === 'combobox' || getRole(el) === 'listbox') && !drawnInvisible(el);
  for (let at = select.parentElement, i = 0; at && i < 3; at = at.parentElement, i++) if (isDropDown(at)) return at;
  for (let next = select.nextElementSibling, i = 0; next && i < 2; next = next.nextElementSibling, i++) {
    if (isDropDown(next)) return next;
    const inside = Array.from(next.querySelectorAll('[role=combobox], [role=listbox]')).find(isDropDown);
    if (inside) return inside;
  }
  return null;
}
