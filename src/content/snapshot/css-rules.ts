/** Reading the page's style rules (names-pseudo.ts, hover-reveals.ts). */

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
