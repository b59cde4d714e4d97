/**
 * Elements whose hover shows something through CSS alone: a nav menu's
 * `.menu:hover > ul { display: block }`, a card's `.card:hover .actions {
 * opacity: 1 }`. No script handler tells of those (click-handlers.ts), so the
 * page's style sheets do. Only a rule where hovering one element shows
 * another (display, visibility, opacity 1, max-height) counts: the many that
 * only recolor what is hovered would give a ref to every row. Sheets of
 * another origin count once learned (css-rules.ts).
 */
import { readable, sheetsOf, splitSelectorList } from './css-rules.ts';

/** A rule's `A:hover B` as A (the element to hover), whether B is A's sibling, and `A B` (what it shows). */
interface HoverRule {
  subject: string;
  sibling: boolean;
  shown: string;
}

/** The rules learned from the sheets as they were when `key` was read. */
let learned: { key: string; rules: HoverRule[] } | null = null;
/** This snapshot's elements whose hover shows something now hidden. */
let revealers = new Set<Element>();

/**
 * Before a walk: the document's elements a CSS hover rule would show
 * something hidden for. Only those with something hidden: a nav's `li:hover >
 * ul` names every <li> of the page, of which a few hold a menu.
 */
export function collectHoverReveals(doc: Document): void {
  revealers = hoverSubjects(doc, false);
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
  const subjects = new Set<Element>();
  const sheets = sheetsOf(doc);
  // Sheets and their rule counts: a page adds rules as it runs (CSS-in-JS), seldom changes one in place.
  const key = sheets.map(({ sheet, href }) => `${href}#${sheet.cssRules.length}`).join('|');
  if (learned?.key !== key) learned = { key, rules: hoverRules(sheets.map(({ sheet }) => sheet)) };
  // A query per rule: Chromium answers one selector through its fast paths (a class, an id), a
  // list of hundreds element by element (measured: 600 rules on 10,000 elements, 8 ms against 90).
  for (const rule of learned.rules) {
    for (const target of Array.from(doc.querySelectorAll(rule.shown))) {
      const subject = shownOrNot || isHidden(target) ? subjectOf(target, rule) : null;
      if (subject) subjects.add(subject);
    }
  }
  return subjects;
}

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

function hoverRules(sheets: CSSStyleSheet[]): HoverRule[] {
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
  for (const sheet of sheets) scan(sheet.cssRules);
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
