/**
 * Getting a field ready for trusted text input (the background then sends
 * CDP Input.insertText or key events), and setting the value of inputs that
 * have no text to type (date, color, range …); afterwards, what the field
 * holds and what an autocomplete offers.
 */
import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { NATIVE_VALUE_TYPES, isContentEditable, isTextInput, retargetLabel } from './controls.ts';
import { editorKeeps } from '../editor-fields.ts';
import { resolveSpec } from '../target.ts';
import { describe, normalize } from './describe.ts';
import { locate } from './locate.ts';
import { suggestionsFor } from './suggestions.ts';
import { elementLike, lineFor, roleAndName } from './find.ts';
import { dispatchInputAndChange } from './input-timers.ts';
import { composedParent, deepActiveElement } from '../snapshot/dom.ts';
import { prepareStepped } from './stepped.ts';
import { popupWithFocus } from '../snapshot/modal.ts';
import { composedContains } from './hit.ts';
import { noteShown, revealed } from './revealed.ts';
import { armTextShown, disarmTextShown, textShown } from './text-shown.ts';
import { firstSegmentFor } from './segments.ts';
import { refForElement } from '../snapshot/index.ts';
import { documentRefPrefix } from '../snapshot/refs.ts';

/**
 * Focus for keys (browser_press_key on a ref, browser_focus). An element that takes no focus (a grid's
 * header label) gives it, as a click there does, to its nearest ancestor that takes it (the column
 * header, whose keys open its filter); with none, to the page: the keys must not go to a field
 * focused earlier. Said when it is not the element itself.
 */
export async function focusTarget(target: TargetSpec, timeoutMs: number): Promise<ContentResults['focus']> {
  const located = await locate(target, { visible: true, timeoutMs });
  const el = located.element;
  // A code editor's box (Monaco's role=code) takes no focus: the one field it types through takes its keys, as a click there gives it the focus.
  const field = el instanceof HTMLLabelElement ? el : retargetLabel(el, true);
  if (field !== el) {
    (el as HTMLElement).focus?.({ preventScroll: false });
    if (!hasFocus(el)) (field as HTMLElement).focus?.({ preventScroll: false });
    if (hasFocus(field)) return { description: `${located.description}, which takes no focus: its field ${describe(field)} has it` };
  }
  for (let up: Element | null = el; up && up !== document.body && up !== document.documentElement; up = composedParent(up)) {
    (up as HTMLElement).focus?.({ preventScroll: false });
    if (!hasFocus(up)) {
      // One that takes the focus, refused it: an open popup holds it, and the keys would go there.
      if ((up as HTMLElement).tabIndex >= 0) assertNotHeld(up);
      continue;
    }
    return { description: up === located.element ? located.description : `${located.description}, which takes no focus: ${describe(up)} around it has it, as a click there gives it` };
  }
  (deepActiveElement(document) as HTMLElement | null)?.blur?.();
  return { description: `${located.description}, which takes no focus, nor does anything around it: the keys go to the page, as after a click there` };
}

/** The focus is on `el`, or in its shadow root (a host that passes it on to its field). */
function hasFocus(el: Element): boolean {
  return (el.getRootNode() as Document | ShadowRoot).activeElement === el;
}

export async function prepareFill(target: TargetSpec, value: string, timeoutMs: number): Promise<ContentResults['prepareFill']> {
  let located: Awaited<ReturnType<typeof locate>>;
  try {
    located = await locate(target, { visible: true, enabled: true, editable: true, stable: true, retarget: true, timeoutMs });
  } catch (error) {
    // A date field drawn as segments takes the value typed into its first, which the background types.
    const first = error instanceof AgentError && error.code === 'NOT_EDITABLE' ? firstSegmentFor(resolveSpec(target).element) : null;
    if (first) return { mode: 'segments', description: describe(resolveSpec(target).element), first: refForElement(first, documentRefPrefix()) };
    // A custom slider takes keys, which the background presses.
    return prepareStepped(error, target, value, timeoutMs);
  }
  const el = located.element;
  // A part of a date field drawn as segments: typed from, keys being all it takes.
  const segment = firstSegmentFor(el);
  if (segment) return { mode: 'segments', description: located.description, first: refForElement(segment, documentRefPrefix()) };
  // Set by the next request, inside the worker's watch for what the change does (its handler's request, a status).
  if (el instanceof HTMLInputElement && NATIVE_VALUE_TYPES.has(el.type)) {
    // Its report reads no text written elsewhere: none left from an earlier action is this one's.
    disarmTextShown();
    return { mode: 'native', description: located.description };
  }
  // A number field drops typed text that is not a number: its value would stay empty, and the fill look done.
  if (el instanceof HTMLInputElement && el.type === 'number' && value !== '' && !FLOAT.test(value)) {
    throw new AgentError('INVALID_PARAMS', `"${value}" is not a number, so ${describe(el)} would stay empty. Give digits with an optional sign, "." for decimals and e for an exponent, e.g. 1234.5 (no thousands separators or units).`);
  }
  // One of a row of fields the page fills in turn: keys typed on go on into the next ones.
  assertFits(el, value.length, () => (el instanceof HTMLInputElement && roomAfter(el) ? ', or type it with browser_type: the fields like it after it take the rest as the page moves focus on' : ''));
  // What the text shows besides suggestions (fieldValue), the focus's doing included (a menu that opens on focus).
  noteShown(el);
  armTextShown();
  focusElement(el);
  noteEntering(target, el);
  // An editor that keeps its own selection (Monaco's, CodeMirror 5's) is selected all by keys, as a person does.
  if (editorKeeps(el)) return { mode: 'insertText', description: located.description, keysFirst: 'ControlOrMeta+A' };
  selectAll(el);
  return { mode: 'insertText', description: located.description };
}

/** The value of a date, color, range… input, found where prepareFill found it (no waiting: it was ready a moment ago). */
export async function fillNative(target: TargetSpec, value: string): Promise<ContentResults['setNativeValue']> {
  const located = await locate(target, { visible: true, enabled: true, editable: true, retarget: true, timeoutMs: 0 });
  const el = located.element;
  if (!(el instanceof HTMLInputElement && NATIVE_VALUE_TYPES.has(el.type))) throw new AgentError('INVALID_TARGET', `${describe(el)} is no longer a date, color or range input (the page changed it): take a new snapshot.`);
  setNativeValue(el, value);
  return { description: located.description };
}

export async function prepareType(target: TargetSpec, text: string, clear: boolean, timeoutMs: number): Promise<ContentResults['prepareType']> {
  const located = await locate(target, { visible: true, enabled: true, editable: true, retarget: true, timeoutMs });
  const el = located.element;
  if (el instanceof HTMLInputElement && NATIVE_VALUE_TYPES.has(el.type)) {
    throw new AgentError('INVALID_TARGET', `${describe(el)} is a ${el.type} input; keys can't type into it reliably. Use browser_fill with the whole value (format: ${FORMATS[el.type]}).`);
  }
  // Text selected in the field that has focus (select all by keys, a double-clicked word): the keys replace it, as on a keyboard.
  const selected = clear ? null : selectionIn(el);
  let room: number | undefined;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    // In a one-line field "\n" is the Enter key, not a character.
    const typed = el instanceof HTMLInputElement ? text.replaceAll('\n', '') : text;
    const kept = clear ? 0 : el.value.length - (selected && selected !== true ? selected.end - selected.start : 0);
    const length = kept + typed.length;
    const spill = el instanceof HTMLInputElement && el.maxLength >= 0 && length > el.maxLength ? roomAfter(el) : 0;
    if (spill && length <= el.maxLength + spill) room = el.maxLength - kept;
    else assertFits(el, length, () => (clear || !el.value ? '' : ' (or pass clear to replace what it holds)'));
  }
  noteShown(el);
  armTextShown();
  focusElement(el);
  // An editor that keeps its own caret (Monaco's, CodeMirror 5's) is moved by keys, as a person does: to
  // its end, as in other fields, unless it has text selected. What the element holds is not the editor's text.
  const keeps = editorKeeps(el);
  const keysFirst = !keeps ? undefined : clear ? 'ControlOrMeta+A' : selected ? undefined : 'ControlOrMeta+End';
  if (!keeps && clear) selectAll(el);
  else if (!keeps && !selected) caretAtEnd(el);
  noteEntering(target, el);
  const value = !clear && isTextInput(el) && !keeps ? el.value : undefined;
  const range = selected && selected !== true ? selected : null;
  const before = range ? value?.slice(0, range.start) : value;
  const after = range ? value?.slice(range.end) : undefined;
  const multiline = el instanceof HTMLTextAreaElement || (el as HTMLElement).isContentEditable || keeps;
  return {
    description: located.description, ...(before !== undefined ? { before } : {}), ...(after ? { after } : {}),
    ...(multiline ? { multiline } : {}), ...(room !== undefined ? { room } : {}), ...(keysFirst ? { keysFirst } : {}),
  };
}

/**
 * The text selected in `el` when it has focus: its range in a field, true in an editor (whose text
 * is not compared after); null when it has no focus or nothing is selected, and typing goes at the end.
 */
function selectionIn(el: Element): { start: number; end: number } | true | null {
  if (!el.matches(':focus')) return null;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    // Fields without the selection API (email, number) answer null: their selection cannot be read.
    const start = el.selectionStart;
    const end = el.selectionEnd;
    return start !== null && end !== null && start < end ? { start, end } : null;
  }
  const selection = el.getRootNode() instanceof ShadowRoot ? null : window.getSelection();
  return selection && !selection.isCollapsed && el.contains(selection.anchorNode) && el.contains(selection.focusNode) ? true : null;
}

/**
 * The characters the fields like `el` right after it take (same type and maxlength: a one-time
 * code's digits, a card number's groups): a person types on through them, as the page moves focus on.
 */
function roomAfter(el: HTMLInputElement): number {
  const inputs = Array.from((el.form ?? el.ownerDocument).querySelectorAll('input'));
  let room = 0;
  for (const next of inputs.slice(inputs.indexOf(el) + 1)) {
    if (next.type !== el.type || next.maxLength !== el.maxLength || next.disabled || next.readOnly) break;
    // What they hold now may be typed over: pages select a field's digit as focus comes.
    room += next.maxLength;
  }
  return room;
}

/**
 * A field with maxlength takes no more characters, from a person or from
 * us: the rest would be dropped without a word, so it is refused first.
 */
function assertFits(el: Element, length: number, hint: () => string = () => ''): void {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || el.maxLength < 0 || length <= el.maxLength) return;
  // The hint only for a refusal: it may look through the form (roomAfter).
  throw new AgentError('INVALID_PARAMS', `${describe(el)} takes at most ${el.maxLength} characters (maxlength), and this would make ${length}: the browser would drop the rest. Give a shorter value${hint()}.`);
}

/** What a text field holds now, after fill or type; null for anything else (an editor's text is not compared). */
export async function fieldValue(request: Extract<ContentRequest, { type: 'fieldValue' }>): Promise<ContentResults['fieldValue']> {
  const { suggest } = request;
  let el: Element;
  try {
    el = retargetLabel(resolveSpec(request.target).element, true);
  } catch (error) {
    // Found as the keys began: the page put a new field in its place since (one that builds it anew on each key).
    const ref = request.target.ref;
    if (!ref || !(error instanceof AgentError && error.code === 'STALE_REF')) throw error;
    return { replaced: replacement(ref, suggest?.refPrefix ?? '') };
  }
  if (request.filled !== undefined) caretAfterFilled(el, request.filled);
  // First the suggestions: an inline autocomplete may complete the value as they come. Else what
  // else the text showed: an autocomplete's list that its field names nowhere (jQuery UI's), a Clear button.
  const suggestions = suggest ? await suggestionsFor(el, suggest.refPrefix, suggest.waitMs, suggest.answered) : undefined;
  const shown = suggest && !suggestions ? (await revealed({ type: 'revealed', refPrefix: suggest.refPrefix, waitMs: 0, keyed: true })).revealed : undefined;
  // Else the text it wrote elsewhere on the page: a password's strength, a count of characters, a list filtered.
  const text = suggest && !suggestions && !shown ? await textShown({ keyed: true, field: el }) : disarmTextShown();
  // A code editor's field (CodeMirror 5's) holds none of the editor's text: the editor empties it as the text comes.
  const value = isTextInput(el) && !editorKeeps(el) ? { value: el.value, secret: el instanceof HTMLInputElement && el.type === 'password' } : {};
  const focused = deepActiveElement(document) === el;
  const limit = (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.maxLength >= 0 ? { maxLength: el.maxLength } : {};
  // What the browser's own checks say of it now (above max, not an email): a form would not be sent with it.
  const invalid = (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.willValidate && !el.validity.valid && el.value !== '' ? { invalid: el.validationMessage } : {};
  return { ...value, focused, ...limit, ...invalid, ...(suggestions ? { suggestions } : {}), ...(shown ? { revealed: shown } : {}), ...(text ? { text } : {}) };
}

/**
 * The field fill or type by ref is putting text into, as it was found: a page that builds it anew
 * on each key leaves the ref without its element, and one like it (same role and name) in its place.
 */
let entering: { ref: string; role: string; name: string } | null = null;

function noteEntering(target: TargetSpec, el: Element): void {
  entering = target.ref ? { ref: target.ref, ...roleAndName(el) } : null;
}

/** The one field like the ref's now, with a ref, and what it holds (not a password's). */
function replacement(ref: string, refPrefix: string): { line?: string; value?: string } {
  const was = entering?.ref === ref ? entering : undefined;
  const like = was && elementLike(was.role, was.name);
  if (!like) return {};
  const secret = like instanceof HTMLInputElement && like.type === 'password';
  return { line: lineFor(like, refPrefix), ...(isTextInput(like) && !secret ? { value: like.value } : {}) };
}

// Focusing the focused element is a no-op (no extra focus events).
function focusElement(el: Element): void {
  (el as HTMLElement).focus({ preventScroll: false });
  assertNotHeld(el);
}

/**
 * Throws unless `el` could take the focus, where an open popup holds it: with Radix's Select open (it
 * takes the focus back from anything outside), the text typed went to its type-ahead, and the field
 * was said to have refused it.
 */
function assertNotHeld(el: Element): void {
  // Taken, as nearly always: nothing to look up.
  const focused = deepActiveElement(document);
  if (focused && composedContains(el, focused)) return;
  const holder = popupWithFocus(el);
  if (holder) throw new AgentError('COVERED', `${describe(el)} could not take the focus: the open ${describe(holder)} holds it, and the keys would go there. Press Escape to close it (browser_press_key "Escape" without a ref), or act inside it.`);
}

function selectAll(el: Element): void {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    el.select();
    return;
  }
  if (isContentEditable(el)) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
}

function caretAtEnd(el: Element): void {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const end = el.value.length;
    try {
      el.setSelectionRange(end, end);
    } catch {
      // email and number inputs have no selection API; typing goes to the caret, which focus() left at the end.
    }
    return;
  }
  if (isContentEditable(el)) {
    const selection = window.getSelection();
    // Already at the end: left there. Set again, it would drop what the editor's toolbar turned on
    // for the next keys (bold, a link), which live on the caret.
    if (selection && selection.isCollapsed && el.matches(':focus') && caretAtEndOf(el, selection)) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    range.collapse(false);
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
}

/**
 * Filled with lines, ProseMirror's editor (TipTap's, a chat's composer) builds its paragraphs anew and leaves its
 * caret a character short of their end: the next key (an Enter, a word typed) split the last word. A caret left
 * inside the text just filled in is put back at its end, where a person's typing leaves it.
 */
function caretAfterFilled(el: Element, filled: string): void {
  if (!isContentEditable(el) || !el.matches(':focus-within')) return;
  const selection = el.getRootNode() instanceof ShadowRoot ? null : window.getSelection();
  if (!selection?.isCollapsed || !selection.focusNode || !el.contains(selection.focusNode)) return;
  const rest = document.createRange();
  rest.setStart(selection.focusNode, selection.focusOffset);
  rest.setEnd(el, el.childNodes.length);
  const after = normalize(rest.toString());
  if (!after || !normalize(filled).endsWith(after)) return;
  const last = lastText(el);
  if (last) selection.collapse(last, last.data.length);
}

/** The last text node in `el` that says something. */
function lastText(el: Element): Text | null {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (/\S/.test((node as Text).data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP) });
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
  return last;
}

/** The caret is in `el` with no text after it. */
function caretAtEndOf(el: Element, selection: Selection): boolean {
  const { focusNode } = selection;
  if (!focusNode || !el.contains(focusNode)) return false;
  const rest = document.createRange();
  rest.setStart(focusNode, selection.focusOffset);
  rest.setEnd(el, el.childNodes.length);
  return rest.toString() === '';
}

/** A valid floating-point number as HTML defines it for number inputs. */
const FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD, e.g. 2024-03-15',
  time: 'HH:MM or HH:MM:SS (24-hour), e.g. 14:30',
  'datetime-local': 'YYYY-MM-DDTHH:MM, e.g. 2024-03-15T14:30',
  month: 'YYYY-MM, e.g. 2024-03',
  week: 'YYYY-Www, e.g. 2024-W11',
  color: '#rrggbb, e.g. #ff8800',
  range: 'a number',
};

/**
 * Sets the value with the setter of HTMLInputElement.prototype rather than
 * `el.value = …`: React replaces the instance's value property with its own
 * tracker, and only a change the tracker didn't see makes it fire onChange
 * (facebook/react#10135, #11488).
 */
export function setNativeValue(el: HTMLInputElement, value: string): void {
  const problem = invalidValue(el, value);
  if (problem !== null) throw new AgentError('INVALID_PARAMS', `"${value}" is not a valid value for ${describe(el)}${problem}. Expected format: ${FORMATS[el.type] ?? 'see the input type'}.`);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  dispatchInputAndChange(el);
}

/** null when fine, else a reason ('' for none beyond the format). The browser sanitizes bad values silently, so a scratch input of the same type tells. */
function invalidValue(el: HTMLInputElement, value: string): string | null {
  if (el.type === 'color') return /^#[0-9a-f]{6}$/i.test(value) ? null : '';
  if (el.type === 'range') {
    if (value.trim() === '' || !Number.isFinite(Number(value))) return '';
    const n = Number(value);
    const min = el.min === '' ? 0 : Number(el.min);
    const max = el.max === '' ? 100 : Number(el.max);
    return n < min || n > max ? ` (its range is ${min} to ${max})` : null;
  }
  if (value === '') return null; // clears the field
  const probe = document.createElement('input');
  probe.type = el.type;
  probe.value = value;
  return probe.value === '' ? '' : null;
}
