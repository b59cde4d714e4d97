/**
 * Fields the browser refused to send a form for. Sending a form first checks
 * its fields: each invalid one gets an `invalid` event and the first a bubble
 * that only a person sees, and the form is not sent. Without this the agent
 * hears "Clicked" and waits for a page that never comes.
 */
import type { InvalidField } from '../../shared/content-messages.ts';
import { getName } from '../snapshot/names.ts';
import { existingRefNumber } from '../snapshot/refs.ts';
import { getRole } from '../snapshot/roles.ts';
import { clip, describe } from './describe.ts';
import { onWindow } from '../window-listeners.ts';
import { watchAnswer } from './form-answer.ts';

/** Enough for any form an agent fills; older events only matter until the next action reads them. */
const MAX_KEPT = 20;
let recent: { field: Element; at: number }[] = [];

function record(event: Event): void {
  if (!event.isTrusted || !(event.target instanceof Element)) return;
  recent.push({ field: event.target, at: event.timeStamp });
  if (recent.length > MAX_KEPT) recent.shift();
}

// `invalid` does not bubble: seen on the way down, in the capturing phase.
onWindow('invalid', record, true);

/** The last Enter pressed (the event itself: whether the page prevented it is read once it is over). */
let lastEnter: { event: KeyboardEvent; field: EventTarget | null } | null = null;
/** Forms sent (a submit event) lately, with when. */
let submits: { form: EventTarget | null; at: number }[] = [];

function recordEnter(event: KeyboardEvent): void {
  if (event.isTrusted && event.key === 'Enter') lastEnter = { event, field: event.composedPath()[0] ?? null };
}

function recordSubmit(event: Event): void {
  const form = event.composedPath()[0] ?? null;
  submits.push({ form, at: event.timeStamp });
  if (submits.length > MAX_KEPT) submits.shift();
  watchAnswer(form);
}

onWindow('keydown', recordEnter, true);
onWindow('submit', recordSubmit, true);

const watchedRoots = new WeakSet<ShadowRoot>();

/**
 * `invalid` never leaves the shadow root of its field, nor does a form's
 * reach (its fields and submit buttons share its tree): a form in a web
 * component is watched from its root, from the first action on an element
 * there (typing into its fields comes before sending it).
 */
export function watchInvalidAround(el: Element): void {
  const root = el.getRootNode();
  if (root instanceof ShadowRoot) watchRoot(root);
}

/**
 * Before a press on a submit button: the shadow roots of the web components in its form, for
 * the fields no action touched (an empty required field of Shoelace's, which checks each of
 * them itself when its button submits).
 */
export function watchFieldsOf(form: HTMLFormElement | null): void {
  const within = (scope: ParentNode): void => {
    for (const el of scope.querySelectorAll('*')) {
      if (!el.shadowRoot) continue;
      watchRoot(el.shadowRoot);
      within(el.shadowRoot);
    }
  };
  if (form) within(form);
}

function watchRoot(root: ShadowRoot): void {
  if (watchedRoots.has(root)) return;
  watchedRoots.add(root);
  root.addEventListener('invalid', record, true);
  // Neither does a form's submit event, which is not composed.
  root.addEventListener('submit', recordSubmit, true);
}

type FormField = Element & { form?: HTMLFormElement | null };

/**
 * The form a click on `el` submits: a submit button's. Null for anything else,
 * so that a page script's own checkValidity() in some click handler is not
 * taken for a refused form.
 */
export function formSubmittedBy(el: Element): HTMLFormElement | null {
  const submitter = el.closest('button, input');
  if (submitter instanceof HTMLButtonElement) return submitter.type === 'submit' ? submitter.form ?? formAroundHost(submitter) : null;
  if (submitter instanceof HTMLInputElement) return submitter.type === 'submit' || submitter.type === 'image' ? submitter.form : null;
  return null;
}

/**
 * The form around the web component a submit button is drawn in: a form's buttons share its
 * tree, so the library submits it itself (Shoelace's sl-button calls requestSubmit).
 */
function formAroundHost(button: Element): HTMLFormElement | null {
  const root = button.getRootNode();
  return root instanceof ShadowRoot ? root.host.closest('form') : null;
}

/**
 * The form a field belongs to: its own, else the one around it, across the shadow roots it is
 * in (a web component's field; its `form` may be no form: Shoelace's is an id).
 */
function formOf(field: Element): HTMLFormElement | null {
  const own = (field as FormField).form;
  if (own instanceof HTMLFormElement) return own;
  for (let el: Element | null = field; el; el = (el.getRootNode() as ShadowRoot).host ?? null) {
    const form = el.closest('form');
    if (form) return form;
  }
  return null;
}

/** What draws a form-associated web component's field, for its line: the field in its shadow root (Shoelace's sl-input). */
function drawnField(field: Element): Element {
  return field.shadowRoot?.querySelector('input:not([type=hidden]), select, textarea') ?? field;
}

/**
 * The form Enter in the focused field sends (a refused form has moved focus
 * to its first invalid field). None from a textarea or an editor, where Enter
 * starts a new line.
 */
export function formOfFocusedField(focused: Element | null): HTMLFormElement | null {
  if (!focused || focused instanceof HTMLTextAreaElement || (focused as HTMLElement).isContentEditable) return null;
  return (focused as FormField).form ?? null;
}

/** Fields the page's own checks mark invalid, as frameworks and design systems do (react-hook-form, MUI). */
const MARKED_INVALID = '[aria-invalid="true" i]';
let markedBefore: WeakSet<Element> | null = null;

/** Before a click: the fields marked invalid now. */
export function noteMarkedInvalid(): void {
  markedBefore = new WeakSet(document.querySelectorAll(MARKED_INVALID));
}

/**
 * After the click: fields the page has marked invalid since (a form that
 * checks itself and sends nothing), each with the message it shows for it.
 * The browser's own checks never ran, so nothing else tells the agent. A
 * submit button sent `form` again: its fields still marked count too.
 */
export function newlyMarkedInvalid(form: HTMLFormElement | null): InvalidField[] {
  const before = markedBefore;
  markedBefore = null;
  if (!before) return [];
  return markedWithin(document, (el) => !before.has(el) || (form !== null && (el as FormField).form === form));
}

/** After Enter sent `form` (or tried): its fields the page's checks have marked invalid. */
export function markedInForm(form: HTMLFormElement | null): InvalidField[] {
  return form ? markedWithin(form, () => true) : [];
}

/** The shown fields under `root` marked invalid that `counts`, with refs and messages. */
function markedWithin(root: ParentNode, counts: (field: Element) => boolean): InvalidField[] {
  const fields = Array.from(root.querySelectorAll(MARKED_INVALID)).filter((el) => counts(el) && el.getClientRects().length > 0);
  return fields.slice(0, MAX_KEPT).map((field) => {
    const ref = existingRefNumber(field);
    return { role: getRole(field) ?? 'generic', name: clip(getName(field), 100), ...(ref !== undefined ? { ref } : {}), message: shownMessage(field) };
  });
}

/** A shown field of `form` the page marked invalid and shows no message for, yet. */
export function markedWithoutMessage(form: HTMLFormElement): boolean {
  return Array.from(form.querySelectorAll(MARKED_INVALID)).some((field) => field.getClientRects().length > 0 && !linkedMessage(field) && !messageAfter(field, MESSAGE_WORDS));
}

/** The message the page links to a field (aria-errormessage, else aria-describedby). */
function shownMessage(field: Element): string {
  const linked = linkedMessage(field);
  if (linked) return clip(linked, 200);
  const near = messageAfter(field, MESSAGE_WORDS)?.text;
  return near ? `${clip(near, 200)} (shown after it, not linked to it)` : '(the page links no message to it; a snapshot shows what it says near the field)';
}

function linkedMessage(field: Element, looks?: RegExp): string {
  for (const attr of ['aria-errormessage', 'aria-describedby']) {
    const ids = field.getAttribute(attr)?.trim().split(/\s+/) ?? [];
    const root = field.getRootNode() as Document | ShadowRoot;
    const shown = ids.map((id) => root.getElementById(id)).filter((el): el is HTMLElement => !!el && (!looks || looksLikeMessage(el, looks)));
    const text = shown.map((el) => (looks ? el.innerText : el.textContent)?.replace(/\s+/g, ' ').trim() ?? '').filter(Boolean).join(' ');
    if (text) return text;
  }
  return '';
}

/** How far up from the field its message is looked for: its wrappers (Naive UI's are four deep), and the form group around them. */
const MESSAGE_LEVELS = 6;
// What says a text is a field's message: its class or id (Bootstrap's invalid-feedback, Ant Design's
// ant-form-item-explain-error, a form's own "error"), its role, or a red colour (Tailwind's text-red-500).
const MESSAGE_WORDS = /err|invalid|feedback|explain|warn|help|hint|message|validation/i;
// Of a field not marked invalid, only what says it is an error: a hint below a field ("We never share
// your email") is shown all along. Bulma's "help is-danger", MUI's Mui-error, Formik's own "field-error".
const ERROR_WORDS = /err|invalid|danger/i;
export const FIELDS = 'input:not([type=hidden]), select, textarea, [role=textbox], [role=combobox], [contenteditable=""], [contenteditable=true]';

/**
 * The message a page shows after a field without linking it (react-hook-form's and Formik's
 * examples put a <p> after the input): the first element after the field, or after a box around
 * it that holds no other field, that shows text and looks like a message.
 */
function messageAfter(field: Element, looks: RegExp): { el: Element; text: string } | null {
  let at: Element = field;
  for (let level = 0; level < MESSAGE_LEVELS && at.parentElement; level++, at = at.parentElement) {
    for (let next = at.nextElementSibling; next; next = next.nextElementSibling) {
      // The next field's part of the form: its message, not this one's.
      if (next.matches(FIELDS) || next.querySelector(FIELDS) || next.localName === 'label') return null;
      const text = (next as HTMLElement).innerText?.replace(/\s+/g, ' ').trim();
      // A message says something: a red asterisk after the field marks it required.
      if (text && /\p{L}/u.test(text) && looksLikeMessage(next, looks)) return { el: next, text };
    }
    if (at.parentElement.querySelectorAll(FIELDS).length > 1) return null;
  }
  return null;
}

/** The box of a radio's group (a fieldset, a radiogroup), whose message comes after it: no other field is in it. */
function groupOf(field: Element): Element | null {
  if (!(field instanceof HTMLInputElement && field.type === 'radio')) return null;
  const group = field.closest('fieldset, [role=radiogroup]');
  return group && Array.from(group.querySelectorAll(FIELDS)).every((el) => (el as HTMLInputElement).name === field.name) ? group : null;
}

/** How many elements in a box after a field are looked at: the message may be in a wrapper of its own. */
const MESSAGE_PARTS = 6;

function looksLikeMessage(box: Element, words: RegExp): boolean {
  return [box, ...Array.from(box.querySelectorAll('*')).slice(0, MESSAGE_PARTS - 1)].some((el) => {
    if (words.test(`${el.id} ${el.getAttribute('class') ?? ''}`) || el.getAttribute('role') === 'alert') return true;
    const [r, g, b] = (getComputedStyle(el).color.match(/\d+/g) ?? []).map(Number);
    return r >= 150 && g < 100 && b < 100;
  });
}


/**
 * After `form` was sent (or tried): its shown fields not marked invalid by which the page shows an
 * error (react-hook-form's and Formik's examples mark none). Without them the agent heard "Clicked"
 * of a form that showed "First name is required". A group's message (radios) is told once.
 */
export function messagesIn(form: HTMLFormElement | null): InvalidField[] {
  return form ? errorsShownIn(form).map(asInvalidField) : [];
}

/** The shown fields under `root` not marked invalid by which the page shows an error, with the message. */
export function errorsShownIn(root: ParentNode): { field: Element; message: string }[] {
  const told = new Set<Element>();
  const found: { field: Element; message: string }[] = [];
  for (const field of root.querySelectorAll(`:is(${FIELDS}):not(${MARKED_INVALID})`)) {
    if (found.length >= MAX_KEPT || !field.getClientRects().length) continue;
    const linked = linkedMessage(field, ERROR_WORDS);
    const after = linked ? null : messageAfter(groupOf(field) ?? field, ERROR_WORDS);
    if (!linked && (!after || told.has(after.el))) continue;
    if (after) told.add(after.el);
    found.push({ field, message: clip(linked || after!.text, 200) });
  }
  return found;
}

export function asInvalidField({ field, message }: { field: Element; message: string }): InvalidField {
  const ref = existingRefNumber(field);
  return { role: getRole(field) ?? 'generic', name: clip(getName(field), 100), ...(ref !== undefined ? { ref } : {}), message };
}

/**
 * The fields of `form` found invalid since `since` (a performance.now()
 * time), each once, with the browser's message. Forgets all it kept.
 */
export function invalidFieldsSince(since: number, form: HTMLFormElement | null): InvalidField[] {
  const kept = recent;
  recent = [];
  if (!form) return [];
  const fields = [...new Set(kept.filter((entry) => entry.at >= since && formOf(entry.field) === form).map((entry) => entry.field))];
  return fields.map((field) => {
    const drawn = drawnField(field);
    const ref = existingRefNumber(drawn);
    return {
      role: getRole(drawn) ?? 'generic',
      name: clip(getName(drawn), 100),
      ...(ref !== undefined ? { ref } : {}),
      // A form-associated component's message is in its ElementInternals, which only it can read.
      message: (field as HTMLInputElement).validationMessage ?? "(the component keeps its message to itself; a screenshot shows the browser's bubble)",
    };
  });
}

// Fields that keep a form from being sent on Enter when it has no submit button (HTML's implicit submission).
const BLOCKING_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'date', 'month', 'week', 'time', 'datetime-local', 'number']);

/**
 * Why Enter, pressed in `form`'s field since `since` (a performance.now()
 * time), sent nothing, when the browser's rules say so: the form's submit
 * button is disabled, or it has none and more than one field. Undefined when
 * the form was sent, Enter went elsewhere, or the page took Enter for itself
 * (it prevented the browser's own handling).
 */
export function enterNotSent(form: HTMLFormElement | null, since: number): { button?: string; fields?: number } | undefined {
  const enter = lastEnter;
  if (!form || !enter || enter.event.timeStamp < since || enter.event.defaultPrevented) return undefined;
  if (!(enter.field instanceof HTMLInputElement) || enter.field.form !== form) return undefined;
  if (submits.some((s) => s.form === form && s.at >= enter.event.timeStamp)) return undefined;
  const button = defaultButton(form);
  if (button) return button.matches(':disabled') ? { button: describe(button) } : undefined;
  const fields = Array.from(form.elements).filter((el) => el instanceof HTMLInputElement && BLOCKING_TYPES.has(el.type)).length;
  return fields > 1 ? { fields } : undefined;
}

/** The form's first submit button in tree order, the one Enter presses (image buttons are not in form.elements). */
function defaultButton(form: HTMLFormElement): HTMLElement | null {
  const candidates = [...Array.from(form.elements), ...Array.from(form.querySelectorAll('input[type=image i]'))];
  const submitters = candidates.filter((el): el is HTMLElement => formSubmittedBy(el) === form && (el instanceof HTMLButtonElement || el instanceof HTMLInputElement));
  submitters.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return submitters[0] ?? null;
}
