/**
 * Elements whose hover shows something through CSS alone: a nav menu's
 * `.menu:hover > ul { display: block }`, a card's `.card:hover .actions {
 * opacity: 1 }`. No script handler tells of those (click-handlers.ts), so the
 * page's style sheets do. Only a rule where hovering one element shows
 * another (display, visibility, opacity 1, max-height) counts: the many that
 * only recolor what is hovered would give a ref to every row. Sheets of
 * another origin count once learned (css-rules.ts); a shadow root's own
 * sheets count inside it (a web component's menu).
 */
import { readable, sheetsOf, splitSelectorList } from './css-rules.ts';

/** A rule's `A:hover B` as A (the element to hover), whether B is A's sibling, and `A B` (what it shows). */
interface HoverRule {
  subject: string;
  sibling: boolean;
  shown: string;
}

/** Each sheet's hover rules, as read when it had that many rules: a page adds rules as it runs (CSS-in-JS), seldom changes one in place. */
const learned = new WeakMap<CSSStyleSheet, { length: number; rules: HoverRule[] }>();
/** This snapshot's elements whose hover shows something now hidden. */
let revealers = new Set<Element>();

/**
 * Before a walk: the document's elements a CSS hover rule would show
 * something hidden for. Only those with something hidden: a nav's `li:hover >
 * ul` names every <li> of the page, of which a few hold a menu.
 */
export function collectHoverReveals(doc: Document): void {
  revealers = hoverSubjects(doc, false);
  componentsWithout = new Set();
}

/**
 * As the walk enters a shadow root: those its own sheets name (a web component's menu), whose
 * rules apply inside it alone.
 */
export function collectShadowHoverReveals(root: ShadowRoot): void {
  for (const subject of shadowSubjects(root, false, componentsWithout)) revealers.add(subject);
}

/** Those of hoverRevealers in each of these shadow roots. */
export function shadowHoverRevealers(roots: ShadowRoot[], shownOrNot = false): Element[] {
  const without = new Set<string>();
  return roots.flatMap((root) => [...shadowSubjects(root, shownOrNot, without)]);
}

/**
 * Custom elements (by name) whose shadow root had no hover rule, in this pass: each instance
 * has sheets of its own, and asking each for them cost more than the rest of the walk of its
 * root (measured: 3,000 cards, 7 µs each). Not a built-in host's name: any script can give a
 * <div> a root of its own making.
 */
let componentsWithout = new Set<string>();

function shadowSubjects(root: ShadowRoot, shownOrNot: boolean, without: Set<string>): Set<Element> | [] {
  const component = root.host.localName;
  if (without.has(component)) return [];
  const rules = rulesOf(ownSheets(root));
  if (!rules.length) {
    if (component.includes('-')) without.add(component);
    return [];
  }
  return subjectsOf(root, rules, shownOrNot);
}

export function revealsOnHover(el: Element): boolean {
  return revealers.has(el);
}

/**
 * Found afresh, for what a hover showed, which may hold more to hover (a menu in a menu).
 * shownOrNot: also those whose target shows now. Noted before the hover, they are not news
 * after it: a menu hovered a moment ago, whose item hides its menu again as the pointer leaves.
 */
export function hoverRevealers(doc: Document, shownOrNot = false): Element[] {
  return [...hoverSubjects(doc, shownOrNot)];
}

function hoverSubjects(doc: Document, shownOrNot: boolean): Set<Element> {
  return subjectsOf(doc, rulesOf(sheetsOf(doc).map(({ sheet }) => sheet)), shownOrNot);
}

function subjectsOf(scope: Document | ShadowRoot, rules: HoverRule[], shownOrNot: boolean): Set<Element> {
  const subjects = new Set<Element>();
  // A query per rule: Chromium answers one selector through its fast paths (a class, an id), a
  // list of hundreds element by element (measured: 600 rules on 10,000 elements, 8 ms against 90).
  for (const rule of rules) {
    for (const target of Array.from(scope.querySelectorAll(rule.shown))) {
      const subject = shownOrNot || isHidden(target) ? subjectOf(target, rule) : null;
      if (subject) subjects.add(subject);
    }
  }
  return subjects;
}

/**
 * A shadow root's own sheets: its <style>s and adopted sheets. (Sheets of another origin are
 * learned for the document alone: a component's link to a CDN's sheet is not read.)
 */
function ownSheets(root: ShadowRoot): CSSStyleSheet[] {
  const sheets: CSSStyleSheet[] = [];
  for (const list of [root.styleSheets, root.adoptedStyleSheets]) {
    for (let i = 0; i < list.length; i++) if (!list[i]!.disabled) sheets.push(list[i]!);
  }
  return sheets;
}

/** The hover rules of these sheets, one per selector of what they show. */
function rulesOf(sheets: CSSStyleSheet[]): HoverRule[] {
  let found: Map<string, HoverRule> | null = null;
  for (const sheet of sheets) {
    const rules = sheetRules(sheet);
    if (!rules.length) continue;
    found ??= new Map();
    for (const rule of rules) found.set(rule.shown, rule);
  }
  return found ? [...found.values()] : [];
}

function sheetRules(sheet: CSSStyleSheet): HoverRule[] {
  let length: number;
  try {
    length = sheet.cssRules.length;
  } catch {
    return []; // another origin's, not learned
  }
  let known = learned.get(sheet);
  if (known?.length !== length) learned.set(sheet, (known = { length, rules: readRules(sheet, length) }));
  return known.rules;
}

/**
 * Each instance of a component has a <style> of its own, alike: read rule by rule, 3,000 cards of
 * 40 rules made the first snapshot take twice as long. A <style>'s rules are its text's, so one
 * without `:hover` has none, and those of one text are read once. (Script can add rules a text
 * does not show: CSS-in-JS fills an empty <style>, read as it is; the count tells most others apart.)
 */
function readRules(sheet: CSSStyleSheet, length: number): HoverRule[] {
  const owner = sheet.ownerNode as Element | null;
  const text = owner?.localName === 'style' ? owner.textContent : null;
  if (!text) return hoverRules(sheet);
  if (!text.includes(':hover') && !text.includes('@import')) return [];
  const key = `${length}\n${text}`;
  let rules = byText.get(key);
  if (!rules) {
    if (byText.size >= MAX_TEXTS) byText.clear();
    byText.set(key, (rules = hoverRules(sheet)));
  }
  return rules;
}

const byText = new Map<string, HoverRule[]>();
const MAX_TEXTS = 100;

/** Not drawn, or drawn with no height (a menu collapsed by max-height). */
function isHidden(el: Element): boolean {
  return !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || el.getBoundingClientRect().height === 0;
}

/** The element whose hover shows `target` by the rule: an ancestor, or a sibling before it or before an ancestor. */
function subjectOf(target: Element, rule: HoverRule): Element | null {
  if (!rule.sibling) return target.parentElement?.closest(rule.subject) ?? null;
  for (let at: Element | null = target; at; at = at.parentElement) {
    for (let before = at.previousElementSibling; before; before = before.previousElementSibling) if (before.matches(rule.subject)) return before;
  }
  return null;
}

/** Properties whose change on hover makes another element show. */
function reveals(style: CSSStyleDeclaration): boolean {
  const display = style.getPropertyValue('display');
  const visibility = style.getPropertyValue('visibility');
  const opacity = style.getPropertyValue('opacity');
  const maxHeight = style.getPropertyValue('max-height');
  return (display !== '' && display !== 'none') || visibility === 'visible' || opacity === '1' || (maxHeight !== '' && !/^0(px)?$/.test(maxHeight));
}

function hoverRules(sheet: CSSStyleSheet): HoverRule[] {
  const found = new Map<string, HoverRule>();
  const scan = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        if (rule.selectorText.includes(':hover') && reveals(rule.style)) for (const hover of hoverRulesOf(rule.selectorText)) found.set(hover.shown, hover);
        // Nested rules (CSS nesting) read as their own selectors only with `&` resolved: not followed.
      } else if (rule instanceof CSSImportRule) {
        const imported = rule.styleSheet;
        if (imported && readable(imported)) scan(imported.cssRules);
      } else if ('cssRules' in rule) {
        // @media, @supports, @layer, @container blocks.
        scan((rule as CSSGroupingRule).cssRules);
      }
    }
  };
  scan(sheet.cssRules);
  return [...found.values()].filter((rule) => isValidSelector(rule.subject) && isValidSelector(rule.shown));
}

/**
 * Each selector of the list where `:hover` sits at the top level before a
 * combinator (`A:hover > B`, `A:hover + B`): A is the element to hover to show B.
 */
function hoverRulesOf(selectorText: string): HoverRule[] {
  return splitSelectorList(selectorText).map((part) => part.trim()).filter(Boolean).flatMap((selector) => {
    const at = topLevelHover(selector);
    if (at < 0) return [];
    let end = at + HOVER.length;
    let depth = 0;
    for (; end < selector.length; end++) {
      const c = selector[end];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && /[\s>+~]/.test(c)) break;
    }
    // `:hover` in the last compound styles the hovered element itself.
    if (end >= selector.length) return [];
    const subject = (selector.slice(0, at) + selector.slice(at + HOVER.length, end)).trim();
    // Bare `:hover` or `*:hover`: every element, nothing in particular to hover.
    if (!subject || /(^|[\s>+~])\*?$/.test(subject)) return [];
    const combinator = /^\s*([>+~]?)/.exec(selector.slice(end))![1];
    const unhovered = (text: string) => text.replace(/:hover(?![\w-])/g, '');
    return [{ subject: unhovered(subject), sibling: combinator === '+' || combinator === '~', shown: unhovered(selector) }];
  });
}

const HOVER = ':hover';

/** The first `:hover` outside brackets and parentheses (`:is()`, `:not()`), or -1. */
function topLevelHover(selector: string): number {
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && selector.startsWith(HOVER, i) && !/[\w-]/.test(selector[i + HOVER.length] ?? '')) return i;
  }
  return -1;
}

const probe = document.createDocumentFragment();

function isValidSelector(selector: string): boolean {
  try {
    probe.querySelector(selector);
    return true;
  } catch {
    return false;
  }
}
