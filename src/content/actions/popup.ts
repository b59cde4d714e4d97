/**
 * The popup of a combobox (ARIA 1.2: the field itself; 1.0: a wrapper
 * around it) and the options it shows: where an autocomplete's suggestions
 * are, and what a custom drop-down offers.
 */
import { composedQuery } from '../snapshot/dom.ts';
import { mayHaveInternals } from '../snapshot/internals.ts';
import { getRole } from '../snapshot/roles.ts';
import { isVisible } from '../snapshot/visibility.ts';

/** Attributes by which a combobox says it has a popup. */
export const POPUP_ATTRIBUTES = ['aria-controls', 'aria-owns', 'aria-expanded'];
const OPTION_ROLES = new Set(['option', 'treeitem', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'gridcell']);
// By role, not by a [role=…] selector: a custom element's role may come from its internals (Material's md-select-option).
const isOption = (el: Element): boolean => (el.hasAttribute('role') || mayHaveInternals(el)) && OPTION_ROLES.has(getRole(el) ?? '');

/** The element's combobox: itself, or the wrapper that holds it. */
export function comboboxOf(el: Element): Element | null {
  if (getRole(el) === 'combobox' || el.hasAttribute('aria-autocomplete')) return el;
  return el.parentElement?.closest('[role=combobox]') ?? null;
}

/**
 * The popup it controls or owns, looked up in its own tree scope (a shadow root's ids are its own).
 * Naming none, a list inside it (ARIA 1.0's combobox around its field and list; Choices'): the
 * last, as what shows the choice made comes before the list to choose from.
 */
export function popupOf(combobox: Element): Element | null {
  const scope = combobox.getRootNode() as Document | ShadowRoot;
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (combobox.getAttribute(attr) ?? '').split(/\s+/)) {
      const popup = id ? scope.getElementById(id) : null;
      if (popup) return popup;
    }
  }
  if (combobox instanceof HTMLSelectElement || !combobox.firstElementChild) return null;
  // Not a <select> a library hid inside its own drop-down.
  const lists = combobox.querySelectorAll(':is([role=listbox], [role=tree], [role=grid], [role=menu]):not(select)');
  return lists.length ? lists[lists.length - 1] : null;
}

/**
 * The options the popup shows, slotted ones too; none while it is hidden. The popup itself may
 * have no size: a menu drawn in the top layer (Material's md-menu, a popover) sits outside its box.
 */
export function visibleOptions(popup: Element | null, owner?: Element): Element[] {
  if (!popup?.checkVisibility({ visibilityProperty: true })) return [];
  const options = composedQuery(popup, isOption);
  const visible = options.filter((option) => isVisible(option) && !clippedAway(option));
  return visible.length || !options.length || owner?.getAttribute('aria-expanded') !== 'true' ? visible : drawnOptions(popup);
}

/**
 * Options drawn apart from the popup its open owner names, whose own options are not drawn: Ant
 * Design's Select names a list kept for screen readers (in a box of no size) and draws the options
 * to click elsewhere, as elements with aria-selected and no role (its version 5); with no ARIA at all,
 * in the box around that list (its version 6, which keeps only a few options in the list it names):
 * the items a pointer cursor marks there.
 */
function drawnOptions(popup: Element): Element[] {
  const marked = Array.from(popup.ownerDocument.querySelectorAll('[aria-selected]:not([role])')).filter(isVisible);
  if (marked.length) return marked;
  // Not yet drawn (its drop-down still zooming in from nothing): none yet, looked for again.
  const box = drawnBoxAround(popup);
  if (!box) return [];
  return Array.from(box.querySelectorAll('*')).filter((el) => !popup.contains(el) && el.parentElement !== null && /\S/.test(el.textContent ?? '')
    && getComputedStyle(el).cursor === 'pointer' && getComputedStyle(el.parentElement).cursor !== 'pointer' && isVisible(el));
}

/** Boxes around a popup of no size looked at for the one drawn with its options: its drop-down's own, not the page's. */
const DRAWN_BOX_LEVELS = 2;

function drawnBoxAround(popup: Element): Element | null {
  for (let at = popup.parentElement, level = 0; at && level < DRAWN_BOX_LEVELS && at !== at.ownerDocument.body; at = at.parentElement, level++) {
    const box = at.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) return at;
  }
  return null;
}

/** An option chosen: aria-selected, or, drawn with no ARIA (Ant Design 6's), a class that says so (classSaysSelected). */
export function optionSelected(option: Element): boolean {
  const said = option.getAttribute('aria-selected');
  return said !== null ? said === 'true' : classSaysSelected(option);
}

/**
 * An option with no aria-selected whose class says it is chosen (ant-select-item-option-selected). Unlike
 * aria-selected, which a single-choice list may put on the option the keys are on, it says it is chosen.
 */
export function classSaysSelected(option: Element): boolean {
  return !option.hasAttribute('aria-selected') && Array.from(option.classList).some((name) => /(?:^|[-_])selected$/i.test(name));
}

// aria-haspopup values whose popup lists items to pick ("true" means a menu); a dialog does not.
const LISTING_POPUPS = new Set(['true', 'menu', 'listbox', 'tree', 'grid']);

/**
 * The menu button or drop-down whose popup a click on `el` opens, if it is
 * closed now; null for anything else. Not a text field's combobox: a click
 * there focuses it, and typing brings its suggestions.
 */
export function closedPopupOwner(el: Element): Element | null {
  // A <select>'s list is drawn by the browser, outside the page: nothing there to report.
  if (el instanceof HTMLSelectElement) return null;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable) return null;
  const haspopup = el.getAttribute('aria-haspopup');
  const owner = haspopup !== null ? (LISTING_POPUPS.has(haspopup) ? el : null) : getRole(el) === 'combobox' ? el : null;
  return owner && owner.getAttribute('aria-expanded') !== 'true' ? owner : null;
}

/**
 * Inside a box of no size that clips what overflows it: kept for screen readers only (Ant Design's
 * Select keeps such a copy of its options, which the snapshot prints as the accessibility tree has it).
 */
export function clippedAway(el: Element): boolean {
  for (let at = el.parentElement, i = 0; at && i < 4; at = at.parentElement, i++) {
    const box = at.getBoundingClientRect();
    if ((box.width === 0 || box.height === 0) && getComputedStyle(at).overflow !== 'visible') return true;
  }
  return false;
}
