/**
 * What kind of control an element is: editable or not, and which element a
 * <label> stands for.
 */
import { AgentError } from '../../shared/errors.ts';
import { isFrameElement } from '../frame-elements.ts';
import { getRole } from '../snapshot/roles.ts';
import { describe } from './describe.ts';
import { composedParent } from '../snapshot/dom.ts';
import { editorKeeps, hasEditContext } from '../editor-fields.ts';
import { composedContains } from './hit.ts';

/** Input types CDP text insertion cannot fill; their value is set natively. */
export const NATIVE_VALUE_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);
const NOT_TEXT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden']);

/**
 * A <label> acts for its control (clicking it does), so fill/select on a
 * label target the control. For text input, a wrapper around exactly one
 * field (a component's root, `.search-box`) means that field.
 */
export function retargetLabel(el: Element, editable = false): Element {
  if (el instanceof HTMLLabelElement && el.control) return el.control;
  if (editable && notEditableKind(el)) {
    // Rendered: a field kept undisplayed for a form (Ark's slider thumb holds its value in one) takes no keys.
    const fields = Array.from(el.querySelectorAll('input, textarea, [contenteditable], [role=textbox]')).filter((f) => !notEditableKind(f) && f.getClientRects().length > 0);
    // One a person can type into, over a read-only one kept for screen readers (Monaco's
    // <textarea> beside its EditContext); else a read-only one, to say why it takes no text.
    const writable = fields.filter((f) => !isReadOnly(f));
    const candidates = writable.length ? writable : fields;
    if (candidates.length === 1) return candidates[0];
  }
  return el;
}

export function isTextInput(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !NOT_TEXT_TYPES.has(el.type) && !NATIVE_VALUE_TYPES.has(el.type);
}

export function isContentEditable(el: Element): el is HTMLElement {
  return el instanceof HTMLElement && el.isContentEditable;
}

/**
 * Why text can never be typed into `el` (its kind, which waiting won't change),
 * as an error with the tool to use instead; null when it is an editable kind.
 */
export function notEditableKind(el: Element): AgentError | null {
  if (el instanceof HTMLSelectElement) {
    return new AgentError('INVALID_TARGET', `${describe(el)} is a drop-down (<select>); choose its option with browser_select_option instead of typing.`);
  }
  if (el instanceof HTMLTextAreaElement || isContentEditable(el) || hasEditContext(el)) return null;
  if (el instanceof HTMLInputElement) {
    if (el.type === 'checkbox' || el.type === 'radio') {
      return new AgentError('NOT_EDITABLE', `${describe(el)} is a ${el.type}; use browser_check / browser_uncheck or browser_click instead of typing.`);
    }
    if (el.type === 'file') return new AgentError('NOT_EDITABLE', `${describe(el)} is a file input; use browser_file_upload.`);
    if (el.type === 'hidden') return new AgentError('NOT_EDITABLE', `${describe(el)} is a hidden input: the page sets it, a user can't. Target the visible field.`);
    if (NOT_TEXT_TYPES.has(el.type)) return new AgentError('NOT_EDITABLE', `${describe(el)} is a ${el.type} input and takes no text; use browser_click.`);
    return null;
  }
  if (isFrameElement(el)) {
    return new AgentError('NOT_EDITABLE', `${describe(el)} is a frame: its document takes the text. Use the ref of the field inside it, listed under the iframe's line in the snapshot (an editor's body shows as "generic [editable]").`);
  }
  const role = getRole(el) ?? 'none';
  if (role === 'slider' || role === 'spinbutton') {
    const now = el.getAttribute('aria-valuenow');
    return new AgentError(
      'NOT_EDITABLE',
      `${describe(el)} is a custom ${role}${now === null ? '' : ` (now ${now})`} and takes keys, not text: ${now === null ? '' : 'browser_fill with a number presses them until it says that number; or '}press ArrowRight / ArrowUp to raise it and ArrowLeft / ArrowDown to lower it one step (Home, End: its ends) with browser_press_key and its ref.`,
    );
  }
  if (role === 'combobox') {
    // Select2's, jQuery UI's selectmenu: a <span> that opens a list, with a search field of its own in it.
    return new AgentError('NOT_EDITABLE', `${describe(el)} is a drop-down the page draws, and takes no text: choose with browser_select_option (its ref and the option's text); or click it, then type into the search field it shows (the click's report lists it).`);
  }
  return new AgentError(
    'NOT_EDITABLE',
    `${describe(el)} (role ${role}) is not a text field: only <input>, <textarea> and contenteditable elements take text. Target the field itself (take a snapshot and use the textbox's ref).`,
  );
}

/** Read-only right now (may change): readonly attribute or aria-readonly. */
export function isReadOnly(el: Element): boolean {
  if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.readOnly) return true;
  return el.getAttribute('aria-readonly') === 'true';
}

/** Boxes around an editor's field looked at for the one it draws its text in. */
const EDITOR_BOX_LEVELS = 4;
/** What takes the focus: another control in a box means the box is more than an editor (a form, a chat's composer with its Send button). */
const CONTROLS = 'input, textarea, select, button, a[href], [tabindex]:not([tabindex="-1"]), [contenteditable]:not([contenteditable="false"])';

/**
 * The box a code or rich-text editor draws around the field it takes keys through: the nearest around it that
 * clips its content and holds no other control (CodeMirror 6's scroller with its gutter of line numbers, CodeMirror 5's
 * and Monaco's boxes with their lines drawn beside the field they type through). What keys change inside it (the line
 * numbers, the lines) is the editor's own text. Null for a field that is no editor, or one in a box with other controls.
 */
export function editorBox(field: Element): Element | null {
  if (!(editorKeeps(field) || (isContentEditable(field) && field.localName !== 'body'))) return null;
  let box = composedParent(field);
  for (let level = 0; box && level < EDITOR_BOX_LEVELS && box !== field.ownerDocument.body; level++, box = composedParent(box)) {
    // A box that wraps the field alone (CodeMirror 5's around its caret-wide field) holds none of the editor's text.
    if (box.childElementCount === 1 && composedContains(box.firstElementChild!, field)) continue;
    const style = getComputedStyle(box);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const others = Array.from(box.querySelectorAll(CONTROLS)).some((control) => control !== field && !control.contains(field) && !field.contains(control) && !hiddenControl(control));
    return others ? null : box;
  }
  return null;
}

/** A control no one reaches: not drawn, or kept from screen readers (Monaco's read-only <textarea> beside its EditContext). */
function hiddenControl(el: Element): boolean {
  return el.closest('[aria-hidden="true"]') !== null || el.getClientRects().length === 0;
}
