/**
 * What kind of control an element is: editable or not, and which element a
 * <label> stands for.
 */
import { AgentError } from '../../shared/errors.ts';
import { isFrameElement } from '../frame-elements.ts';
import { getRole } from '../snapshot/roles.ts';
import { describe } from './describe.ts';

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
 * Takes text through an EditContext (Monaco's editor in Chromium): an element with no text of
 * its own, whose editor keeps the caret and the selection where the DOM does not see them.
 */
export function hasEditContext(el: Element): boolean {
  return (el as HTMLElement & { editContext?: unknown }).editContext != null;
}

/** A text field shown no wider than a caret: what a code editor types through (CodeMirror 5's, Ace's), holding none of its text. */
const PROXY_WIDTH = 4;
/** How many boxes around a field are looked at for one that clips it (CodeMirror 5's is its parent: 3 × 0 px). */
const CLIPS_LOOKED_AT = 3;

/**
 * Typed into through keys that the editor itself moves and selects by: one with an EditContext,
 * or a code editor's caret-wide field. Its text and caret are the editor's, not the element's.
 */
export function editorKeeps(el: Element): boolean {
  if (hasEditContext(el)) return true;
  if (!(el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement)) return false;
  let { left, right, top, bottom } = el.getBoundingClientRect();
  let box: Element | null = el.parentElement;
  for (let i = 0; box && i < CLIPS_LOOKED_AT; i++, box = box.parentElement) {
    if (getComputedStyle(box).overflow === 'visible') continue;
    const clip = box.getBoundingClientRect();
    left = Math.max(left, clip.left);
    right = Math.min(right, clip.right);
    top = Math.max(top, clip.top);
    bottom = Math.min(bottom, clip.bottom);
  }
  return right - left <= PROXY_WIDTH || bottom - top <= 1;
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
