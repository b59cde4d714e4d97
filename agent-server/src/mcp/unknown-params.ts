/**
 * What to say about parameters a tool does not have. Agents that learnt
 * another browser server send its names (`type` and `filename` to a
 * screenshot, `uid` for a ref, `slowly`): the error names the parameter this
 * tool takes instead, and lists them all, so the next call is right.
 */
import type { z } from 'zod';

// Other servers' names (Playwright MCP, chrome-devtools-mcp) and common guesses → ours, with how to use it.
const SYNONYMS: Record<string, string> = {
  type: 'format',
  filename: 'name',
  uid: 'ref',
  startRef: 'from',
  endRef: 'to',
  startElement: 'from',
  endElement: 'to',
  index: 'tabId',
  pageIdx: 'tabId',
  slowly: 'delay',
  filePath: 'paths',
  filePaths: 'paths',
  files: 'paths',
  doubleClick: 'clickCount',
  dblClick: 'clickCount',
  value: 'values',
  option: 'values',
  options: 'values',
  script: 'expression',
  code: 'expression',
  css: 'selector',
};

export function unknownParams(tool: string, error: z.ZodError, known: string[]): string | null {
  const unknown = error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  if (!unknown.length) return null;
  const named = unknown.map((key) => {
    const like = closest(key, known);
    return `"${key}"${like ? ` (use ${like}${like === 'clickCount' ? ': 2, or browser_dblclick' : ''})` : ''}`;
  });
  return `${tool} has no parameter ${named.join(', ')}. Its parameters: ${known.join(', ')}.`;
}

function closest(key: string, known: string[]): string | undefined {
  const synonym = SYNONYMS[key];
  if (synonym && known.includes(synonym)) return synonym;
  const lower = key.toLowerCase();
  const byCase = known.find((k) => k.toLowerCase() === lower);
  if (byCase) return byCase;
  // A typo: one or two letters off, in a name long enough for that to mean something.
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance <= (name.length > 4 ? 2 : 1) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Edits from a to b: a letter added, dropped or changed, or two next to each other swapped ("ulr"). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
