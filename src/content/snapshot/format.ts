import { hrefOf, htmlTag, shadowRootOf } from './dom.ts';
import type { FrameElement } from '../frame-elements.ts';
import { choiceDrawnOver } from './drawn-choice.ts';
import { hintFor } from './hints.ts';
import { getName } from './names.ts';
import { NAME_FROM_CONTENT_ROLES } from './roles.ts';
import { refForElement, type Issued } from './refs.ts';
import { placeholderOf, RANGE_ROLES, showsPlaceholder, stateSuffix, VALUE_ROLES, valueOf } from './states.ts';
import { BREAK, DEEPER } from './tree.ts';
import { normalizeText, partlyDrawn } from './walk-rules.ts';
import type { Kid, SNode } from './tree.ts';

/**
 * Prints the walked tree in Playwright's aria-snapshot grammar (YAML lines
 * like `- button "Submit" [ref=e2]`), computing names, states and refs only for
 * the lines it prints.
 */

export interface FrameSlot {
  element: FrameElement;
  ref: string;
  /** Index in `lines` of the iframe's line. */
  line: number;
  /** Indentation the child frame's lines need. */
  indent: string;
}

export interface FormatOptions {
  depth: number | undefined;
  refPrefix: string;
  active: Element | null;
  /** Interactive mode: no /url lines; rows are named by their text. */
  interactive: boolean;
  /** Where the snapshot starts: a drop-down there shows all its options. */
  root: Element;
}

// Names that identify a container are printed even when its content repeats them.
const KEEP_NAME_ROLES = new Set([
  'dialog', 'alertdialog', 'banner', 'main', 'navigation', 'contentinfo', 'complementary', 'region', 'form',
  'search', 'group', 'radiogroup', 'table', 'grid', 'treegrid', 'columnheader', 'rowheader', 'tabpanel', 'figure',
]);
// Their content is a value, never a name.
// Controls a <label> names; the label's text next to them would say the name twice.
const LABELLED_ROLES = new Set(['checkbox', 'radio', 'switch', 'textbox', 'searchbox', 'combobox', 'slider', 'spinbutton', 'listbox']);
// YAML caps keys at 1024 characters; leave room for role and states.
const MAX_NAME = 900;
/**
 * Roles that only hold text: empty, nameless and without a state they say
 * nothing (a live region waiting for its first message, as react-select and
 * Monaco keep, an empty <p>), so they print no line.
 */
const EMPTY_SAYS_NOTHING = new Set(['paragraph', 'log', 'status', 'alert', 'marquee', 'timer', 'note', 'blockquote', 'code',
  'emphasis', 'strong', 'mark', 'deletion', 'insertion', 'subscript', 'superscript', 'time', 'caption', 'term', 'definition']);
// A <select> with more options than this, a drop-down or a list box, prints the
// first few and the selected ones: a country list alone is 250 lines, and every
// <select> takes any option's label (browser_select_option lists the near
// matches on a miss).
const LONG_DROP_DOWN = 25;
const DROP_DOWN_SHOWN = 10;
// A name borrowed from text in interactive mode (ref'd element without a name, table row)
// only has to tell lines apart; the full text is one full snapshot away.
const MAX_FALLBACK_NAME = 40;

/** `issued`: each ref'd line's element, role and name, in print order. */
export function format(root: SNode, options: FormatOptions): { lines: string[]; frames: FrameSlot[]; issued: Issued[] } {
  const printer = new Printer(options);
  printer.kids(root.kids, 0, '');
  return { lines: printer.lines, frames: printer.frames, issued: printer.issued };
}

class Printer {
  readonly lines: string[] = [];
  readonly frames: FrameSlot[] = [];
  readonly issued: Issued[] = [];

  constructor(private readonly options: FormatOptions) {}

  kids(kids: Kid[], depth: number, indent: string): void {
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i];
      if (kid === BREAK) continue;
      if (typeof kid !== 'string') {
        if (!this.saysNothing(kid)) this.node(kid, depth, indent);
      } else if (!isLabelOf(kid, kids[i - 1]) && !isLabelOf(kid, kids[i + 1])) this.lines.push(`${indent}- text: ${yamlValue(kid)}`);
    }
  }

  private node(node: SNode, depth: number, indent: string): void {
    const { el, role } = node;
    if (role === DEEPER) {
      this.lines.push(`${indent}- … nested deeper than a snapshot goes: snapshot with root=${refForElement(el, this.options.refPrefix)} to see it`);
      return;
    }
    if (role === 'iframe') {
      const ref = refForElement(el, this.options.refPrefix);
      this.frames.push({ element: el as FrameElement, ref, line: this.lines.length, indent: `${indent}  ` });
      // Its title tells a payment form from an ad or a chat widget.
      const name = nameOf(node);
      this.lines.push(`${indent}- ${yamlKey(`iframe${name ? ` ${JSON.stringify(clip(name, MAX_NAME))}` : ''} [ref=${ref}]`)}`);
      return;
    }
    let name = nameOf(node);
    let kids = node.kids;
    // A generic whose label the name rules prohibit has nothing to print of its own.
    if (!name && role === 'generic' && !node.refable) {
      this.kids(kids, depth, indent);
      return;
    }
    // An unnamed icon inside something named (a toolbar button's SVG) says nothing the name does not.
    if (name && kids.some(isBareImage)) kids = kids.filter((k) => !isBareImage(k));
    // Filtered here too, so that a line whose kids all say nothing does not end in a colon.
    if (kids.some(this.saysNothing)) kids = kids.filter((k) => !this.saysNothing(k));
    if (name && kids.length > 0 && kids.every((k) => typeof k === 'string') && kids.join(' ') === name) kids = [];
    // A <legend>/<caption>/<figcaption> first child is where the name came from.
    else if (name && kids[0] === name) kids = kids.slice(1);
    // An icon button's image, where its name came from (<button><img alt="Delete"></button>).
    else if (name && kids.length === 1 && isNode(kids[0]) && kids[0].role === 'img' && !kids[0].refable && !kids[0].kids.length && nameOf(kids[0]) === name) kids = [];
    if (!name && node.text && (role === 'row' || (node.refable && !VALUE_ROLES.has(role)))) {
      name = clip(node.text, MAX_FALLBACK_NAME);
    } else if (!name && node.refable && !VALUE_ROLES.has(role) && kids.length === 1 && typeof kids[0] === 'string') {
      name = kids[0];
      kids = [];
    }
    // Like Playwright's AI mode: a heading around a link need not say "Docs" twice.
    if (name && !node.refable && !KEEP_NAME_ROLES.has(role) && name.length <= 500 && kids.some(isNode) && textOfKids(kids) === name)
      name = '';

    let key = role;
    if (name) key += ` ${JSON.stringify(clip(name, MAX_NAME))}`;
    key += stateSuffix(el, role, this.options.active, node.ariaDisabled);
    if (node.refable) {
      key += ` [ref=${refForElement(el, this.options.refPrefix)}]`;
      this.issued.push({ el, role, name: nameOf(node) });
    }
    if (node.cursor) key += ` [cursor=${node.cursor}]`;
    // Something to tell a nameless control by: its test id or its icon.
    const hint = node.refable && !name ? hintFor(el) : '';
    key += hint;
    const line = `${indent}- ${yamlKey(key)}`;

    const props: string[] = [];
    // Interactive mode leaves URLs out, except where a link has nothing else to be told by.
    if (role === 'link' && (!this.options.interactive || (!name && !hint))) {
      const href = hrefOf(el);
      if (href !== null) props.push(`/url: ${yamlValue(href)}`);
    }
    const placeholder = placeholderOf(el, role, name);
    if (placeholder) props.push(`/placeholder: ${yamlValue(placeholder)}`);
    // Its text is that placeholder: not printed again as if chosen.
    if (placeholder && showsPlaceholder(el)) kids = kids.filter(isNode);
    const value = valueOf(el, role, this.options.interactive) || this.textAsValue(node);
    // A slider's or progress bar's own text is presentational (ARIA): mostly the value again ("3" twice).
    if (value) kids = [value, ...(RANGE_ROLES.has(role) ? kids.filter(isNode) : kids)];
    // So is a toggle's (ARIA: children presentational): its state drawn as text, a ✓ or "ON", is said by [checked].
    else if (TOGGLE_ROLES.has(role)) kids = kids.filter(isNode);
    let unshown = 0;
    if (htmlTag(el) === 'select' && el !== this.options.root && (el as HTMLSelectElement).options.length > LONG_DROP_DOWN) {
      const budget = { shown: DROP_DOWN_SHOWN, unshown: 0 };
      kids = someOptions(kids, budget);
      unshown = budget.unshown;
    }

    if (kids.length === 0 && props.length === 0) {
      this.lines.push(line);
    } else if (props.length === 0 && kids.length === 1 && typeof kids[0] === 'string') {
      this.lines.push(`${line}: ${yamlValue(kids[0])}`);
    } else if (this.options.depth !== undefined && depth >= this.options.depth) {
      const more = props.length + countLines(kids) + unshown;
      this.lines.push(`${line}:`, `${indent}  - … ${more} more line${more === 1 ? '' : 's'}${this.seeThem(node)}`);
    } else {
      this.lines.push(`${line}:`);
      const inner = `${indent}  `;
      for (const prop of props) this.lines.push(`${inner}- ${prop}`);
      this.kids(kids, depth + 1, inner);
      if (unshown) {
        this.lines.push(`${inner}- … ${unshown} more options${this.seeThem(node)}`);
      }
      const rows = partlyDrawn(el);
      if (rows) this.lines.push(`${inner}- … ${rows.drawn} of its ${rows.count} rows are drawn: the others as it scrolls (browser_scroll with a row's ref)`);
    }
  }

  /**
   * Interactive mode prints no text, and a combobox drawn from a <span> (jQuery UI's, Select2's) holds
   * its value as text: what is chosen is said, as a native one's is (valueOf). So is the choice drawn over an
   * empty field (react-select's: drawn-choice.ts), and by a list's button named apart from it. Clipped as a
   * borrowed name is.
   */
  private textAsValue(node: SNode): string {
    const { el, role, text } = node;
    if (this.options.interactive && role === 'combobox' && el instanceof HTMLInputElement) return clip(choiceDrawnOver(el), MAX_FALLBACK_NAME);
    if (!this.options.interactive || !text || RANGE_ROLES.has(role)) return '';
    // A button that opens a list to choose from, named apart from its text (Headless UI's Listbox), shows the choice.
    if (role === 'button' && el.getAttribute('aria-haspopup') === 'listbox') return text !== nameOf(node) ? clip(text, MAX_FALLBACK_NAME) : '';
    if (!VALUE_ROLES.has(role) || showsPlaceholder(el)) return '';
    return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? '' : clip(text, MAX_FALLBACK_NAME);
  }

  /** An empty text holder with no name, ref or state (EMPTY_SAYS_NOTHING): no line. */
  private saysNothing = (kid: Kid): boolean =>
    isNode(kid) && EMPTY_SAYS_NOTHING.has(kid.role) && !kid.refable && !kid.kids.length && !nameOf(kid) &&
    !valueOf(kid.el, kid.role, this.options.interactive) && !stateSuffix(kid.el, kid.role, this.options.active, kid.ariaDisabled);

  /** How to see what a marker left out: a snapshot rooted at the element, when it has a ref. */
  private seeThem(node: SNode): string {
    return node.refable ? ` (snapshot with root=${refForElement(node.el, this.options.refPrefix)} to see them)` : '';
  }
}

const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** The first options of a <select>, and the selected ones after them (in their groups); counts the rest. */
function someOptions(kids: Kid[], budget: { shown: number; unshown: number }): Kid[] {
  const kept: Kid[] = [];
  for (const kid of kids) {
    if (typeof kid !== 'object') kept.push(kid);
    else if (kid.el instanceof HTMLOptionElement) {
      if (budget.shown > 0 || kid.el.selected) {
        kept.push(kid);
        budget.shown--;
      } else budget.unshown++;
    } else {
      const inner = someOptions(kid.kids, budget);
      if (inner.length) kept.push({ ...kid, kids: inner });
    }
  }
  return kept;
}

// `<label><input type=checkbox> Remember me</label>`: the text already is the checkbox's name.
function isLabelOf(text: string, neighbour: Kid | undefined): boolean {
  if (typeof neighbour !== 'object') return false;
  // A file input is a button named by its label.
  const labelled = LABELLED_ROLES.has(neighbour.role) || (neighbour.el instanceof HTMLInputElement && neighbour.el.type === 'file');
  return labelled && nameOf(neighbour) === text;
}

function isNode(kid: Kid): kid is SNode {
  return typeof kid === 'object';
}

/** An image with no name, no ref and nothing inside: an icon. */
function isBareImage(kid: Kid): boolean {
  return isNode(kid) && kid.role === 'img' && !kid.refable && !kid.kids.length && !nameOf(kid);
}

/** The accessible name, computed once and only for printed lines. */
function nameOf(node: SNode): string {
  if (node.name === undefined) node.name = contentName(node) ?? normalizeText(getName(node.el));
  return node.name;
}

/**
 * The name when it can only be the element's own text, skipping the full
 * accname computation (which also reads ::before/::after styles, the most
 * expensive part of a snapshot). Measured on the 10,000-element bench page:
 * names were 38 % of snapshot time before this shortcut.
 * Returns undefined when the full computation is needed.
 */
function contentName(node: SNode): string | undefined {
  const { el, role, kids } = node;
  if (role === 'generic' || role === 'row') {
    // A generic is only named by a label; a row's name is its cells' text, which is printed anyway.
    return hasLabel(el) || (role === 'generic' && node.refable) ? undefined : '';
  }
  // A table cell around other lines: its name would only repeat them, so it is not printed.
  if ((role === 'cell' || role === 'gridcell') && !node.refable && kids.some(isNode)) return hasLabel(el) ? undefined : '';
  if (!NAME_FROM_CONTENT_ROLES.has(role) || kids.length !== 1 || typeof kids[0] !== 'string') return undefined;
  if (el.firstElementChild || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) return undefined;
  // <option label>, and a <label> of a <button>, come before the content. Not through
  // `button.labels`: Chromium builds that list by scanning the whole document, on every
  // first access after a DOM change (it made the first 50,000-element snapshot take 9 s).
  if (el.hasAttribute('label') || shadowRootOf(el)) return undefined;
  if (el.localName === 'button' && (el.id !== '' || el.closest('label'))) return undefined;
  return kids[0];
}

function hasLabel(el: Element): boolean {
  return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('title');
}

// What the printed children say, for spotting a name that only repeats them.
function textOfKids(kids: Kid[]): string {
  const parts: string[] = [];
  for (const kid of kids) {
    if (typeof kid === 'string') parts.push(kid);
    else if (kid !== BREAK) parts.push(nameOf(kid) || textOfKids(kid.kids));
  }
  return parts.filter(Boolean).join(' ');
}

// How many lines the elided children would have printed (names are only looked at where a label may repeat one).
function countLines(kids: Kid[]): number {
  let n = 0;
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i];
    if (typeof kid === 'string') {
      if (!isLabelOf(kid, kids[i - 1]) && !isLabelOf(kid, kids[i + 1])) n++;
    } else if (kid !== BREAK) {
      const props = kid.role === 'link' && kid.el.hasAttribute('href') ? 1 : 0;
      // A single text child is printed inline or is the name again.
      const inline = kid.kids.length === 1 && typeof kid.kids[0] === 'string';
      n += 1 + props + (inline ? 0 : countLines(kid.kids));
    }
  }
  return n;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Cut at a word boundary when there is one in the last third.
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > (max * 2) / 3 ? space : max - 1)}…`;
}

// When a plain YAML scalar would be read back as something else (a number,
// a comment, a mapping, a sequence …) it has to be quoted.
const NEEDS_QUOTES = /^\s|\s$|^$|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|^-|[\n:](\s|$)|\s#|[\n\r]|^[&*\],?!>|@"'#%]|[{}`]|^\[/;
const YAML_WORDS = new Set(['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null', '~']);

const YAML_SPECIAL = /^[-+]?\.(inf|nan)$/i;

function needsQuotes(s: string): boolean {
  if (NEEDS_QUOTES.test(s)) return true;
  // Most strings are long words: only short ones can be YAML keywords or .inf/.nan.
  if (s.length <= 5 && (YAML_WORDS.has(s.toLowerCase()) || YAML_SPECIAL.test(s))) return true;
  // Only a digit, sign, dot or "Infinity" can start something Number() reads as a number.
  const c = s.charCodeAt(0);
  if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 73)) return false;
  return !Number.isNaN(Number(s));
}

/** A mapping key / sequence item: single-quoted when needed, quotes doubled. */
export function yamlKey(s: string): string {
  return needsQuotes(s) ? `'${s.replace(/'/g, "''")}'` : s;
}

/** A value: double-quoted with JSON-style escapes when needed (YAML's double-quoted style accepts them). */
export function yamlValue(s: string): string {
  if (!needsQuotes(s)) return s;
  return JSON.stringify(s).replace(/[\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);
}
