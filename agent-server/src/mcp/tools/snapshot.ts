import { z } from 'zod';
import { writeOutput } from '../files.ts';
import type { ToolResponse } from '../response.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { tellAnnounced, tellTextShown } from './announced.ts';

/**
 * Without a budget of its own a snapshot is cut at this many characters
 * (about 10k tokens): a large page (a long article, a big table) would
 * otherwise fill the model's context, or be refused by the client, in one call.
 */
export const DEFAULT_MAX_CHARS = 40_000;

export const snapshot = defineTool({
  name: 'browser_snapshot',
  title: 'Page snapshot',
  description:
    'Accessibility snapshot of the current tab (or tabId): roles, names and states as YAML-like lines, with [ref=eN] on elements you can act on. Refs stay valid while the element lives. Use interactive/depth/root/maxChars to keep it small.',
  schema: {
    tabId: z.number().int().optional().describe('Tab to snapshot; default: the current tab'),
    interactive: z.boolean().optional().describe('Only elements with refs, plus the headings and landmarks around them'),
    depth: z.number().int().min(0).optional().describe('Maximum tree depth'),
    root: z.string().optional().describe('Ref or CSS selector of the subtree to snapshot'),
    viewportOnly: z.boolean().optional().describe('Only what is inside the viewport'),
    maxChars: z.number().int().min(200).optional().describe(`Character budget (default ${DEFAULT_MAX_CHARS}); longer output is cut with a marker saying how to get the rest`),
    offset: z.number().int().min(0).optional().describe('Line to start at, from the marker of a previous cut snapshot'),
    filename: z.string().optional().describe('Write the full snapshot to this file in the output directory and return its path'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const { maxChars = DEFAULT_MAX_CHARS, offset = 0, filename, ...request } = params;
    const result = await ctx.browser.call('snapshot', request, ctx.timeoutMs);
    response.text(`Page: ${result.title}`, `URL: ${result.url}`, `Tab: ${result.tabId}`);
    tellAnnounced(response, result.announced, 'Since the last report');
    tellTextShown(response, result.textShown, 'Since the last report');
    if (filename) {
      const file = writeOutput(ctx.outputDir, filename, result.text + '\n');
      const refs = result.text.match(/\[ref=/g)?.length ?? 0;
      response.text(`Snapshot (${result.text.length} characters, ${result.text ? countLines(result.text) : 0} lines, ${refs} refs) written to ${file}`);
      return;
    }
    const { text, lines, rest, cut } = page(result.text, offset, maxChars);
    response.text(`Snapshot (${result.text.length} characters${offset || rest ? `; showing lines ${offset + 1}–${offset + lines}` : ''}):`, '```yaml', text, '```');
    if (cut) response.text(cutNote(offset, cut, maxChars));
    if (rest) response.text(`… ${rest} more lines, call again with offset=${offset + lines}${params.maxChars === undefined ? ` (cut at the default budget of ${DEFAULT_MAX_CHARS} characters; or raise maxChars, narrow with interactive/root/depth, or write it all to a file with filename)` : ''}`);
    const frames = framesNote(text);
    if (frames) response.text(frames);
    if (result.pdf) response.text("The tab shows a PDF in Chromium's viewer, whose text is not part of the snapshot: browser_take_screenshot shows it.");
    else if (!result.text) response.text(emptyHint(result.url, request));
  },
});

/** An empty snapshot says why it may be empty, so the agent does not take it for a failure. */
function emptyHint(url: string, request: { interactive?: boolean; root?: string; viewportOnly?: boolean }): string {
  if (url === 'about:blank' || url === '') return 'The tab is blank: open a page in it with browser_navigate.';
  if (request.interactive || request.root || request.viewportOnly) return 'Nothing matched: try the whole snapshot (without interactive, root or viewportOnly).';
  return 'The page shows no text or controls (it may draw on a canvas or still be starting): browser_take_screenshot shows what is there, and the vision tools (browser_mouse_click_xy, offered with --caps vision) act at a point in it.';
}

/** What the frame markers shown ask of the agent, said once per snapshot (commands/snapshot.ts in the extension sets them). */
function framesNote(text: string): string | null {
  const notes: string[] = [];
  const marked = (marker: string) => text.includes(`] [${marker}]`);
  if (marked('loading')) notes.push('A frame marked [loading] has not loaded its page yet: take a new snapshot in a moment.');
  if (marked('not-responding')) notes.push('A frame marked [not-responding] runs a script that keeps it from answering (a loop or a long task), so what is inside is not shown: act on the page around it, and take a new snapshot later to see it.');
  if (marked('not-loaded')) notes.push('A frame marked [not-loaded] loads only once the page is scrolled near it: browser_scroll with its ref, then take a new snapshot.');
  return notes.length ? notes.join(' ') : null;
}

/** Appends a fresh snapshot of a tab after an action (`snapshot: true`). */
export async function appendSnapshot(response: ToolResponse, ctx: ToolContext, tabId: number): Promise<void> {
  const result = await ctx.browser.call('snapshot', { tabId }, ctx.timeoutMs);
  const { text, lines, rest, cut } = page(result.text, 0, DEFAULT_MAX_CHARS);
  tellAnnounced(response, result.announced, 'Since the report above');
  response.text(`Snapshot after the action (${result.text.length} characters${rest ? `; showing lines 1–${lines}` : ''}):`, '```yaml', text, '```');
  if (cut) response.text(cutNote(0, cut, DEFAULT_MAX_CHARS));
  if (rest) response.text(`… ${rest} more lines: browser_snapshot with offset=${lines} shows them`);
  const frames = framesNote(text);
  if (frames) response.text(frames);
}

/**
 * Cuts whole lines to fit the budget; always shows at least one line so paging advances. A first line
 * longer than the budget by itself (a page's text in one paragraph) is cut to it: whole, a 500,000-character
 * line came back past any budget. lines: how many are shown; rest: how many follow; cut: that line's length.
 * Works on the text as one string: split into its 50,000 lines, a big page's snapshot took 30 to 70 ms here.
 */
function page(all: string, offset: number, maxChars: number): { text: string; lines: number; rest: number; cut?: number } {
  let start = 0;
  for (let skipped = 0; skipped < offset && start <= all.length; skipped++) {
    const end = all.indexOf('\n', start);
    start = end < 0 ? all.length + 1 : end + 1;
  }
  if (start > all.length || !all) return { text: '', lines: 0, rest: 0 };
  const from = all.slice(start);
  // Each line costs its length and a line break.
  if (from.length + 1 <= maxChars) return { text: from, lines: countLines(from), rest: 0 };
  const last = from.lastIndexOf('\n', maxChars - 1);
  if (last >= 0) {
    const text = from.slice(0, last);
    const lines = countLines(text);
    return { text, lines, rest: countLines(from) - lines };
  }
  const firstEnd = from.indexOf('\n');
  const first = firstEnd < 0 ? from : from.slice(0, firstEnd);
  const rest = countLines(from) - 1;
  if (first.length <= maxChars) return { text: first, lines: 1, rest };
  return { text: `${first.slice(0, maxChars)} …`, lines: 1, rest, cut: first.length };
}

/** Lines as split('\n') makes them: an empty string is one (empty) line. */
function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

function cutNote(offset: number, length: number, maxChars: number): string {
  return `(line ${offset + 1} alone is ${length} characters: cut at ${maxChars}. Raise maxChars to see it whole, or write the snapshot to a file with filename.)`;
}
