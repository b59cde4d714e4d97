import { ariaAttribute } from './internals.ts';
import { composedParent, deepActiveElement, htmlTag } from './dom.ts';
import { editorKeeps } from '../editor-fields.ts';

/**
 * States and values printed after a node's name, in the order and spelling of
 * Playwright's aria snapshot (`[checked]`, `[checked=mixed]`, `[disabled]`,
 * `[expanded]`, `[active]`, `[level=2]`, `[pressed]`, `[selected]`), followed
 * by our `[current=page]`, `[required]`, `[invalid]` and `[editable]`. Only computed for nodes that get printed.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const CHECKED_ROLES = new Set(['checkbox', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'switch', 'treeitem']);
const SELECTED_ROLES = new Set(['gridcell', 'option', 'row', 'tab', 'treeitem', 'columnheader', 'rowheader']);
const LEVEL_ROLES = new Set(['heading', 'listitem', 'row', 'treeitem']);
const PRESSED_ROLES = new Set(['button']);
// aria-current's values other than true; any other but false counts as true.
const CURRENT_TOKENS = new Set(['page', 'step', 'location', 'date', 'time']);
// https://w3c.github.io/aria/#aria-disabled — roles the state applies to.
const DISABLED_ROLES = new Set([
  'application', 'button', 'composite', 'gridcell', 'group', 'input', 'link', 'menuitem', 'scrollbar', 'separator',
  'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox', 'menu', 'menubar', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader', 'searchbox', 'select', 'slider',
  'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid', 'treeitem',
]);
const REQUIRED_ROLES = new Set([
  'checkbox', 'combobox', 'gridcell', 'listbox', 'radiogroup', 'spinbutton', 'textbox', 'searchbox', 'tree',
  'columnheader', 'rowheader', 'radio', 'switch',
]);
// Elements whose disabledness HTML defines (incl. <fieldset disabled> and <optgroup disabled>).
const NATIVE_DISABLE = new Set(['button', 'input', 'select', 'textarea', 'option', 'optgroup', 'fieldset']);
/** Roles whose line ends in the value they hold (`- textbox "Name": John`). */
export const VALUE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);
/** Roles whose value is a number on a scale; their own text is presentational (a slider's thumb label). */
export const RANGE_ROLES = new Set(['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']);

/**
 * The focused element, looking through open and closed shadow roots; null
 * when only the page has focus (its body, unless that is an editor's: a
 * frame in designMode or with a contenteditable body, as TinyMCE's).
 */
export function focusedElement(doc: Document): Element | null {
  const active = deepActiveElement(doc);
  const page = active === doc.body || active === doc.documentElement;
  // Every frame's document has an active element: its body counts only in the frame that has the focus.
  return !active || (page && !((active as HTMLElement).isContentEditable && doc.hasFocus())) ? null : active;
}

/** The ` [checked] [disabled] …` suffix for a node; '' when it has no states. */
export function stateSuffix(el: Element, role: string, active: Element | null, ariaDisabled?: boolean): string {
  let s = '';
  if (CHECKED_ROLES.has(role)) {
    const checked = checkedState(el);
    if (checked === 'mixed') s += ' [checked=mixed]';
    else if (checked) s += ' [checked]';
  }
  if (DISABLED_ROLES.has(role) && isDisabled(el, ariaDisabled)) s += ' [disabled]';
  if (isExpanded(el)) s += ' [expanded]';
  if (el === active) s += ' [active]';
  if (LEVEL_ROLES.has(role)) {
    const level = levelOf(el, role);
    if (level) s += ` [level=${level}]`;
  }
  if (PRESSED_ROLES.has(role)) {
    const pressed = ariaAttribute(el, 'aria-pressed');
    if (pressed === 'mixed') s += ' [pressed=mixed]';
    else if (pressed === 'true') s += ' [pressed]';
  }
  if (SELECTED_ROLES.has(role) && isSelected(el)) s += ' [selected]';
  // Which column a table is sorted by, and which way: what a click on its header changed.
  if (role === 'columnheader' || role === 'rowheader') {
    const sort = el.hasAttributes() ? ariaAttribute(el, 'aria-sort') : null;
    if (sort === 'ascending' || sort === 'descending' || sort === 'other') s += ` [sort=${sort}]`;
  }
  // The page of a pagination or a nav, the step of a wizard: what the page says is the current one.
  const current = el.hasAttributes() ? ariaAttribute(el, 'aria-current') : null;
  if (current && current !== 'false') s += CURRENT_TOKENS.has(current) ? ` [current=${current}]` : ' [current]';
  if (REQUIRED_ROLES.has(role) && isRequired(el)) s += ' [required]';
  if (isInvalid(el)) s += ' [invalid]';
  // A rich-text editor without a textbox role (ProseMirror, a comment box) is a
  // generic to the accessibility tree; the model must still see where text goes.
  if (!VALUE_ROLES.has(role) && isEditingHost(el)) s += ' [editable]';
  return s;
}

/** The root of a contenteditable region (not each element inside it). */
function isEditingHost(el: Element): boolean {
  // Only a contenteditable attribute makes a host (or designMode, the body); the attribute test is the cheap one.
  if (!(el.localName === 'body' || el.hasAttribute('contenteditable')) || !(el as HTMLElement).isContentEditable) return false;
  const parent = composedParent(el) as HTMLElement | null;
  // In designMode the whole document is editable; its body is what takes the text.
  return !parent?.isContentEditable || el.localName === 'body';
}

function checkedState(el: Element): boolean | 'mixed' {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.type === 'checkbox' && el.indeterminate) return 'mixed';
    return el.checked;
  }
  const aria = ariaAttribute(el, 'aria-checked');
  if (aria === 'mixed') return 'mixed';
  return aria === 'true';
}

/**
 * Disabled natively or by aria-disabled on it or an ancestor. `ariaDisabled`
 * is the inherited aria-disabled value when the caller (the tree walk) already
 * knows it; otherwise the ancestors are looked at.
 */
export function isDisabled(el: Element, ariaDisabled?: boolean): boolean {
  // :disabled already covers <fieldset disabled> (except its first legend) and <optgroup disabled>.
  if (NATIVE_DISABLE.has(el.localName) && el.namespaceURI === HTML_NS && el.matches(':disabled')) return true;
  if (ariaDisabled !== undefined) return ariaDisabled;
  // aria-disabled is inherited by descendants unless one says aria-disabled="false".
  for (let e: Element | null = el; e; e = composedParent(e)) {
    const attr = ariaAttribute(e, 'aria-disabled');
    if (attr === null) continue;
    const v = attr.trim().toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  return false;
}

function isExpanded(el: Element): boolean {
  const aria = ariaAttribute(el, 'aria-expanded');
  if (aria !== null) return aria === 'true';
  // A details' summary is its disclosure button.
  if (el.localName === 'summary') {
    const details = el.parentElement;
    return details instanceof HTMLDetailsElement && details.open && details.querySelector(':scope > summary') === el;
  }
  return false;
}

function levelOf(el: Element, role: string): number {
  const aria = Number.parseInt(ariaAttribute(el, 'aria-level') ?? '', 10);
  if (aria > 0) return aria;
  const m = /^h([1-6])$/.exec(el.localName);
  if (m) return Number(m[1]);
  // https://w3c.github.io/aria/#heading — aria-level defaults to 2.
  return role === 'heading' ? 2 : 0;
}

function isSelected(el: Element): boolean {
  if (el instanceof HTMLOptionElement) return el.selected;
  return ariaAttribute(el, 'aria-selected') === 'true';
}

/** A form field whose value a form sends: input, select, textarea. */
const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

function isRequired(el: Element): boolean {
  if (FIELD_TAGS.has(htmlTag(el)) && (el as HTMLInputElement).required) return true;
  return ariaAttribute(el, 'aria-required') === 'true';
}

function isInvalid(el: Element): boolean {
  const aria = el.getAttribute('aria-invalid');
  if (aria !== null && aria !== '' && aria !== 'false') return true;
  if (!FIELD_TAGS.has(htmlTag(el))) return false;
  // :user-invalid, not :invalid — Chromium only reports a required field as
  // invalid after the user touched it, and so do we.
  try {
    return el.matches(':user-invalid');
  } catch {
    return false;
  }
}

/**
 * Text shown after the colon of a control, like Playwright's `- textbox "Name": John`.
 * Passwords are masked: snapshot text ends up in a model's context and logs.
 */
export function valueOf(el: Element, role: string, interactive = false): string {
  // Interactive mode prints no options, so a drop-down says what is selected.
  const tag = htmlTag(el);
  if (interactive && tag === 'select' && role === 'combobox') return (el as HTMLSelectElement).selectedOptions[0]?.label ?? '';
  if (tag === 'input') {
    if (!VALUE_ROLES.has(role)) return '';
    const input = el as HTMLInputElement;
    if (input.type === 'password') return input.value ? '••••••••' : '';
    return input.value;
  }
  // What a code editor's caret-wide field holds is its own scratch (Ace keeps "\n\n" in it), not the editor's text.
  if (tag === 'textarea') return (el as HTMLTextAreaElement).value && !editorKeeps(el) ? (el as HTMLTextAreaElement).value : '';
  if (tag === 'progress' || tag === 'meter') {
    return el.hasAttribute('value') ? String((el as HTMLProgressElement | HTMLMeterElement).value) : '';
  }
  if (RANGE_ROLES.has(role)) return ariaAttribute(el, 'aria-valuetext') ?? ariaAttribute(el, 'aria-valuenow') ?? '';
  return '';
}

/** The `/placeholder:` property, printed when it says more than the name and the field is empty. */
export function placeholderOf(el: Element, role: string, name: string): string {
  // Not drawn once the field holds a value.
  if (!VALUE_ROLES.has(role) || ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value)) return '';
  const placeholder = el.getAttribute('placeholder') ?? el.getAttribute('aria-placeholder') ?? (showsPlaceholder(el) ? el.textContent?.replace(/\s+/g, ' ').trim() : '') ?? '';
  return placeholder && placeholder !== name ? placeholder : '';
}

/**
 * A custom drop-down that shows its placeholder as its text, and says so (Radix's Select trigger with
 * data-placeholder, Ark's with data-placeholder-shown): that text is no choice, though it reads as one.
 */
export function showsPlaceholder(el: Element): boolean {
  return !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)
    && (el.hasAttribute('data-placeholder') || el.hasAttribute('data-placeholder-shown'));
}
