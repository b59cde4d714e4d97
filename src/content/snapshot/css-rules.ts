/**
 * Reading the page's style rules (names-pseudo.ts, hover-reveals.ts). A
 * sheet of another origin (a CDN's) may not be read from a script, ours
 * included: its text, which the service worker has from DevTools
 * (content/foreign-sheets.ts), is parsed into a sheet of our own.
 */

/** A selector list split at its top-level commas (not those inside `:is()`, `:not()` or `[…]`). */
export function splitSelectorList(list: string): string[] {
  if (!list.includes(',')) return [list];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The document's sheets whose rules can be read, a sheet of another origin as learned (by its URL). */
export function sheetsOf(doc: Document): { sheet: CSSStyleSheet; href: string }[] {
  const sheets: { sheet: CSSStyleSheet; href: string }[] = [];
  const addForeign = (href: string, seen: Set<string>) => {
    const learnt = foreign.get(href);
    if (!learnt || seen.has(href)) return;
    seen.add(href);
    sheets.push({ sheet: learnt.sheet, href });
    for (const imported of learnt.imports) addForeign(imported, seen);
  };
  for (const sheet of [...Array.from(doc.styleSheets), ...doc.adoptedStyleSheets]) {
    if (sheet.disabled) continue;
    if (readable(sheet)) {
      sheets.push({ sheet, href: sheet.href ?? '' });
      for (const href of foreignImports(sheet)) addForeign(href, new Set());
    } else if (sheet.href) addForeign(sheet.href, new Set());
  }
  return sheets;
}

/** The sheets of another origin a readable sheet imports, itself or through the sheets it imports. */
function foreignImports(sheet: CSSStyleSheet): string[] {
  const hrefs: string[] = [];
  const rules = sheet.cssRules;
  // Imports open a sheet, after layer statements: the loop stops at the first rule of another kind.
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (rule instanceof CSSImportRule) {
      const imported = rule.styleSheet;
      if (imported && readable(imported)) hrefs.push(...foreignImports(imported));
      else if (imported?.href) hrefs.push(imported.href);
    } else if (!(rule instanceof CSSLayerStatementRule)) break;
  }
  return hrefs;
}

/** Sheets of another origin by URL, parsed from their text, with the URLs they import; null: no text to be had. */
const foreign = new Map<string, { sheet: CSSStyleSheet; imports: string[] } | null>();

/** The URLs of the document's sheets whose rules may not be read and are not learned yet. */
export function unlearnedSheets(doc: Document): string[] {
  const hrefs = Array.from(doc.styleSheets).flatMap((sheet) => (sheet.disabled ? [] : readable(sheet) ? foreignImports(sheet) : sheet.href ? [sheet.href] : []));
  return [...new Set(hrefs)].filter((href) => !foreign.has(href));
}

/** Learns a sheet of another origin from its text (null: none); returns the URLs it imports, to be learned too. */
export function learnForeignSheet(url: string, text: string | null): string[] {
  if (text === null || !/:hover|@import/.test(text)) {
    foreign.set(url, null);
    return [];
  }
  const { imports, rest } = splitImports(text, url);
  const sheet = new CSSStyleSheet();
  try {
    sheet.replaceSync(rest);
  } catch {
    foreign.set(url, null);
    return [];
  }
  foreign.set(url, { sheet, imports });
  return imports.filter((imported) => !foreign.has(imported));
}

const SPACE_OR_COMMENTS = /(?:\s+|\/\*[\s\S]*?\*\/)*/y;

/**
 * The `@import`s that open a sheet (after `@charset` and `@layer` statements), resolved
 * against its URL, and the rest: a sheet of our own refuses imports.
 */
function splitImports(text: string, base: string): { imports: string[]; rest: string } {
  const imports: string[] = [];
  let at = 0;
  for (;;) {
    SPACE_OR_COMMENTS.lastIndex = at;
    SPACE_OR_COMMENTS.exec(text);
    at = SPACE_OR_COMMENTS.lastIndex;
    const keyword = /^@(import|charset|layer)\b/i.exec(text.slice(at, at + 9))?.[1].toLowerCase();
    const end = keyword ? text.indexOf(';', at) : -1;
    // A layer block (`@layer base { … }`) holds rules: the prologue ends there.
    if (end < 0 || (keyword === 'layer' && text.slice(at, end).includes('{'))) break;
    const url = keyword === 'import' ? /^@import\s+(?:url\(\s*)?(['"]?)([^'")\s]+)\1/i.exec(text.slice(at, end))?.[2] : undefined;
    if (url) {
      try {
        imports.push(new URL(url, base).href);
      } catch {
        // Not a URL: nothing to learn.
      }
    }
    at = end + 1;
  }
  return { imports, rest: text.slice(at) };
}

export function readable(sheet: CSSStyleSheet): boolean {
  try {
    return sheet.cssRules.length >= 0;
  } catch {
    return false; // another origin's sheet
  }
}
