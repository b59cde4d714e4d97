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
import { clip } from './describe.ts';

/** Enough for any form an agent fills; older events only matter until the next action reads them. */
const MAX_KEPT = 20;
let recent: { field: Element; at: number }[] = [];

function record(event: Event): void {
  if (!event.isTrusted || !(event.target instanceof Element)) return;
  recent.push({ field: event.target, at: event.timeStamp });
  if (recent.length > MAX_KEPT) recent.shift();
}

// `invalid` does not bubble: seen on the way down, in the capturing phase.
window.addEventListener('invalid', record, true);

const watchedRoots = new WeakSet<ShadowRoot>();

/**
 * `invalid` never leaves the shadow root of its field, nor does a form's
 * reach (its fields and submit buttons share its tree): a form in a web
 * component is watched from its root, from the first action on an element
 * there (typing into its fields comes before sending it).
 */
export function watchInvalidAround(el: Element): void {
  const root = el.getRootNode();
  if (!(root instanceof ShadowRoot) || watchedRoots.has(root)) return;
  watchedRoots.add(root);
  root.addEventListener('invalid', record, true);
}

type FormField = Element & { form?: HTMLFormElement | null };

/**
 * The form a click on `el` submits: a submit button's. Null for anything else,
 * so that a page script's own checkValidity() in some click handler is not
 * taken for a refused form.
 */
export function formSubmittedBy(el: Element): HTMLFormElement | null {
  const submitter = el.closest('button, input');
  if (submitter instanceof HTMLButtonElement) return submitter.type === 'submit' ? submitter.form : null;
  if (submitter instanceof HTMLInputElement) return submitter.type === 'submit' || submitter.type === 'image' ? submitter.form : null;
  return null;
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

/**
 * The fields of `form` found invalid since `since` (a performance.now()
 * time), each once, with the browser's message. Forgets all it kept.
 */
export function invalidFieldsSince(since: number, form: HTMLFormElement | null): InvalidField[] {
  const kept = recent;
  recent = [];
  if (!form) return [];
  const fields = [...new Set(kept.filter((entry) => entry.at >= since && (entry.field as FormField).form === form).map((entry) => entry.field))];
  return fields.map((field) => {
    const ref = existingRefNumber(field);
    return {
      role: getRole(field) ?? 'generic',
      name: clip(getName(field), 100),
      ...(ref !== undefined ? { ref } : {}),
      message: (field as HTMLInputElement).validationMessage ?? '',
    };
  });
}
