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
  text = normalize(text);
  // Where the last element's text was: they come in the order the text does, a calendar's days after its heading.
  let from = 0;
  for (const el of elements) {
    const own = normalize(visibleText(el));
    const labels = [...labelsOf(el), ...labelledBy(el)].map((label) => normalize(visibleText(label))).filter((said) => said !== own);
    for (const said of [own, ...new Set(labels)]) {
      const at = said ? whereSaid(text, said, from) : -1;
      if (at < 0) continue;
      text = `${text.slice(0, at)} ${text.slice(at + said.length)}`;
      if (said === own) from = at;
    }
  }
  return normalize(text);
}

/**
 * Where `said` is in `text`, from `from` on if it is there, else before: as words of its own first (a day "2"
 * is not the 2 of "2024"), else run into others (a calendar's days drawn side by side: "252627").
 */
function whereSaid(text: string, said: string, from: number): number {
  const words = new RegExp(`(?<![\\p{L}\\p{N}])${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
  for (const start of from ? [from, 0] : [0]) {
    words.lastIndex = start;
    const word = words.exec(text);
    if (word) return word.index;
    const run = text.indexOf(said, start);
    if (run >= 0) return run;
  }
  return -1;
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
