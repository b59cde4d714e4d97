/**
 * CSS ::before/::after text for accessible names (accname 2F.ii).
 *
 * getComputedStyle(el, '::before') costs about as much as the rest of a
 * name computation, and almost no element has generated content. So, once
 * per pass and tree scope, we index the style rules that set `content` on a
 * ::before/::after by the id, class or tag of their subject, and only ask for
 * the pseudo style of elements that some such rule could match. When a
 * scope's rules cannot be read (cross-origin sheets) every element is asked.
 */
import { splitSelectorList } from './css-rules.ts';
import { PassCache, factsOf, getStyle } from './dom.ts';

interface PseudoIndex {
  /** A rule may match anything (no usable key, unreadable sheet, nesting…). */
  any: boolean;
  ids: Set<string>;
  classes: Set<string>;
  tags: Set<string>;
  /** Quirks mode matches ids and classes case-insensitively. */
  fold: (s: string) => string;
}

const kPseudoElementRe = /^::?(?:before|after)(?![-\w])/i;

function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : ch ?? '');
}

/** Reads an identifier (with CSS escapes, as Tailwind's `before\:content-\[…\]` uses) at `i`. */
function readIdent(s: string, i: number): string {
  let j = i;
  while (j < s.length) {
    const c = s[j];
    if (c === '\\') j += 2;
    else if (/[-\w]/.test(c) || c.charCodeAt(0) > 0x7f) j++;
    else break;
  }
  return unescapeIdent(s.slice(i, j));
}

/**
 * Indexes one selector by the id, class or tag its subject (the compound
 * before ::before/::after) requires; a subject without one makes `any`.
 */
function addSelector(index: PseudoIndex, selector: string): void {
  // One scan honouring escapes, parentheses and brackets: find the
  // pseudo-element and the start of its compound selector.
  let depth = 0;
  let start = 0;
  let pseudoAt = -1;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) {
      if (c === ' ' || c === '>' || c === '+' || c === '~') start = i + 1;
      else if (c === ':' && kPseudoElementRe.test(selector.slice(i, i + 10))) {
        pseudoAt = i;
        break;
      }
    }
  }
  if (pseudoAt < 0) return;
  const compound = selector.slice(start, pseudoAt);
  // Nesting (&) and ::part()/::slotted() reach elements we cannot key.
  if (compound.includes('&') || compound.includes('::')) {
    index.any = true;
    return;
  }
  // Keys inside :is()/:not()/[…] are not required of the subject: skip them.
  let cls: string | null = null;
  depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && c === '#') return void index.ids.add(index.fold(readIdent(compound, i + 1)));
    else if (depth === 0 && c === '.' && cls === null) cls = readIdent(compound, i + 1);
  }
  if (cls) return void index.classes.add(index.fold(cls));
  const tag = /^[a-zA-Z][-\w]*/.exec(compound);
  if (tag) return void index.tags.add(tag[0].toLowerCase());
  index.any = true;
}

function addRules(index: PseudoIndex, rules: CSSRuleList): void {
  for (const rule of rules) {
    if (index.any) return;
    const style = (rule as CSSStyleRule).style;
    const selector = (rule as CSSStyleRule).selectorText;
    if (selector !== undefined && style && style.getPropertyValue('content') !== '') {
      for (const part of splitSelectorList(selector)) addSelector(index, part);
    }
    const imported = (rule as CSSImportRule).styleSheet;
    if (imported) addSheet(index, imported);
    // @media, @supports, @layer, @container and nested style rules.
    const nested = (rule as CSSGroupingRule).cssRules;
    if (nested) addRules(index, nested);
  }
}

function addSheet(index: PseudoIndex, sheet: CSSStyleSheet): void {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    // Cross-origin sheet: its rules are unknown.
    index.any = true;
    return;
  }
  addRules(index, rules);
}

const indexes = new PassCache<Node, PseudoIndex>();

const identity = (s: string): string => s;
const lower = (s: string): string => s.toLowerCase();

function indexFor(root: Document | ShadowRoot): PseudoIndex {
  const quirks = (root.ownerDocument ?? (root as Document)).compatMode === 'BackCompat';
  const index: PseudoIndex = { any: false, ids: new Set(), classes: new Set(), tags: new Set(), fold: quirks ? lower : identity };
  for (const sheet of root.styleSheets) addSheet(index, sheet);
  for (const sheet of root.adoptedStyleSheets ?? []) addSheet(index, sheet);
  return index;
}

/** Could an author rule give this element a ::before/::after with content? */
function mayHavePseudo(el: Element): boolean {
  const cache = indexes.get();
  if (!cache) return true;
  // Hosts (:host::before), slotted nodes (::slotted()::before) and parts
  // (::part()::before) can be styled from other scopes: always ask.
  if (el.shadowRoot || (el as HTMLElement).assignedSlot || el.hasAttribute('part')) return true;
  const root = el.getRootNode();
  if (root.nodeType !== Node.DOCUMENT_NODE && root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return true;
  let index = cache.get(root);
  if (!index) {
    index = indexFor(root as Document | ShadowRoot);
    cache.set(root, index);
  }
  if (index.any) return true;
  if (index.tags.has(el.localName)) return true;
  if (el.id && index.ids.has(index.fold(el.id))) return true;
  if (index.classes.size) {
    const list = el.classList;
    for (let i = 0; i < list.length; i++) if (index.classes.has(index.fold(list[i]))) return true;
  }
  return false;
}

function parseContent(content: string): string {
  // Computed `content` is a list of strings and functions; `"a" / "alt"`
  // gives alternative text, which is what accname wants when present
  // (https://drafts.csswg.org/css-content/#content-property). A function is
  // passed over whole: url("data:image/svg+xml,<svg …>") is an image, whose
  // quoted address is no text (rustdoc's icons named every button with one).
  if (!content || content === 'none' || content === 'normal') return '';
  let slash = false;
  let main = '';
  let alt = '';
  const re = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(\/)|[\w-]+\((?:[^()"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*\)/g;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    if (m[3]) {
      slash = true;
      continue;
    }
    if (m[1] === undefined && m[2] === undefined) continue;
    const text = unescapeIdent(m[1] ?? m[2] ?? '');
    if (slash) alt += text;
    else main += text;
  }
  // Icon fonts put glyphs in the Private Use Area; they mean nothing as text.
  return (slash ? alt : main).replace(/[\uE000-\uF8FF]/g, '');
}

/** CSS ::before/::after text; block-level pseudos are set apart by spaces. */
export function pseudoContent(el: Element, pseudo: '::before' | '::after'): string {
  const record = factsOf(el);
  const cached = pseudo === '::before' ? record?.before : record?.after;
  if (cached !== undefined) return cached;
  let text = '';
  if (mayHavePseudo(el)) {
    const style = getStyle(el, pseudo);
    // Browsers expose no text of display:none or visibility:hidden pseudos.
    if (style.display !== 'none' && style.visibility !== 'hidden') {
      text = parseContent(style.content);
      if (text && style.display !== 'inline') text = ' ' + text + ' ';
    }
  }
  if (record) {
    if (pseudo === '::before') record.before = text;
    else record.after = text;
  }
  return text;
}
