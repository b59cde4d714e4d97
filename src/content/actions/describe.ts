/**
 * Short HTML-like descriptions of elements for results and error messages:
 * `<button id="save" class="primary big" type="submit">Save</button>`.
 * Enough to tell an agent which element was meant, never a dump of the page.
 * The accessible name follows when the markup does not show it (an icon
 * button, a field named by its <label>): it is what the snapshot called it.
 */
import { getName } from '../snapshot/names.ts';
import { labelsOf } from '../snapshot/names-content.ts';

const ATTRIBUTES = ['name', 'type', 'role', 'aria-label', 'placeholder'];
const VOID = new Set(['input', 'img', 'br', 'hr', 'area', 'embed', 'source', 'track', 'wbr', 'col', 'meta', 'link']);
const MAX_TEXT = 40;
const MAX_ATTR = 40;

export function describe(el: Element): string {
  const tag = el.localName;
  let s = `<${tag}`;
  if (el.id) s += ` id="${attribute(el.id)}"`;
  const classes = Array.from(el.classList).slice(0, 2).join(' ');
  if (classes) s += ` class="${attribute(classes)}"`;
  for (const name of ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (value !== null) s += ` ${name}="${attribute(value)}"`;
  }
  if (el.hasAttribute('disabled')) s += ' disabled';
  if (VOID.has(tag)) return named(`${s}>`, el, '');
  // A drop-down shows its chosen option, not the text of all of them.
  const text = el instanceof HTMLSelectElement ? Array.from(el.selectedOptions, (o) => o.label).join(', ') : visibleText(el);
  return named(`${s}>${clip(text, MAX_TEXT)}</${tag}>`, el, text);
}

/** `description`, then ` named "…"` unless its text or one of its attributes already says the name. */
function named(description: string, el: Element, text: string): string {
  const name = normalize(getName(el));
  const shown = text.startsWith(name) || (text.length > MAX_TEXT && name.startsWith(text.slice(0, MAX_TEXT - 1))) || description.includes(`"${attribute(name)}"`);
  return !name || shown ? description : `${description} named "${clip(name, MAX_TEXT)}"`;
}

/** Rendered text when the element is an HTMLElement (innerText), else its text content; whitespace collapsed. */
export function visibleText(el: Element): string {
  const raw = (el as HTMLElement).innerText ?? el.textContent ?? '';
  return normalize(raw);
}

/**
 * What `text` says besides `elements`: their text, and the labels that name them (a field's), taken out once
 * each. Not a name no text shows (an icon button's aria-label "close" is no word of a message's).
 */
export function textWithout(text: string, elements: Element[]): string {
  for (const el of elements) {
    const labels = [...labelsOf(el), ...labelledBy(el)];
    for (const said of new Set([visibleText(el), ...labels.map(visibleText)])) if (said) text = text.replace(said, ' ');
  }
  return normalize(text);
}

/** A word of two letters or more: what is left of a text once its controls' is taken out says something (not a stray "×"). */
export function saysSomething(text: string): boolean {
  return /\p{L}{2}/u.test(text);
}

function labelledBy(el: Element): Element[] {
  const root = el.getRootNode() as Document | ShadowRoot;
  return (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).flatMap((id) => {
    const label = id ? root.getElementById(id) : null;
    return label ? [label] : [];
  });
}

export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Clipped, and quoted as HTML quotes it: aria-label="Say "hi"" read as two attributes. */
function attribute(value: string): string {
  return clip(value, MAX_ATTR).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
