import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { textOrFile } from '../devtools/output.ts';
import { DEFAULT_MAX_CHARS } from '../snapshot.ts';
import { TARGET } from './common.ts';

export const get = defineTool({
  name: 'browser_get',
  title: 'Read from the page',
  description:
    'Read one thing without a full snapshot: text, html, value, attribute (name=…), title, url, count (of selector matches), box (CSS px, in the top-level viewport), styles, form_values, metadata or visible_text — of an element (ref or selector) or of the page.',
  schema: {
    what: z.enum(['text', 'html', 'value', 'attribute', 'title', 'url', 'count', 'box', 'styles', 'form_values', 'metadata', 'visible_text']).describe('What to read'),
    ...TARGET,
    name: z.string().optional().describe('Attribute name (what=attribute) or CSS property (what=styles)'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const { value } = await ctx.browser.call('get', params, ctx.timeoutMs);
    // A page's text or HTML can be megabytes: past a snapshot's budget it goes to a file, as a cut snapshot says.
    textOrFile(response, ctx.outputDir, `get-${params.what}`, typeof value === 'string' ? value : JSON.stringify(value, null, 2), undefined, DEFAULT_MAX_CHARS);
  },
});

export const is = defineTool({
  name: 'browser_is',
  title: 'Check an element state',
  description: 'Answer true or false: is the element (ref or selector) visible, hidden, enabled, disabled, checked, editable, focused or in_viewport?',
  schema: {
    what: z.enum(['visible', 'hidden', 'enabled', 'disabled', 'checked', 'editable', 'focused', 'in_viewport']).describe('Which state'),
    ...TARGET,
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const { value } = await ctx.browser.call('is', params, ctx.timeoutMs);
    response.text(String(value));
  },
});

export const find = defineTool({
  name: 'browser_find',
  title: 'Find elements',
  description: 'Find elements by visible text, ARIA role and/or accessible name, in the page and its frames, and get refs for them — without dumping the whole page.',
  schema: {
    text: z.string().optional().describe('Visible text to look for (case-insensitive substring)'),
    role: z.string().optional().describe('ARIA role, e.g. button, link, textbox'),
    name: z.string().optional().describe('Accessible name (case-insensitive substring)'),
    limit: z.number().int().min(1).max(200).optional().describe('Most matches to return (default 20)'),
    tabId: z.number().int().optional().describe('Tab to search; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('find', params, ctx.timeoutMs);
    const busy = result.busyFrames
      ? `${result.busyFrames === 1 ? '1 frame' : `${result.busyFrames} frames`} of the page did not answer (a script there keeps it busy), so ${result.busyFrames === 1 ? 'it was' : 'they were'} not searched: search again in a moment; a snapshot marks ${result.busyFrames === 1 ? 'it' : 'them'} [not-responding].`
      : null;
    if (!result.total) {
      response.text('No matching elements. Try a shorter text, another role, or take a snapshot.');
      if (result.partial) {
        response.text('These draw only the rows in view, and the rest may hold it: scroll one (browser_scroll with the ref of its last drawn row and a deltaY), then search again.');
        for (const line of result.partial) response.text(`- ${line}`);
      }
      if (busy) response.text(busy);
      return;
    }
    response.text(`${result.total} match${result.total === 1 ? '' : 'es'}${result.total > result.matches.length ? ` (showing ${result.matches.length})` : ''}:`);
    for (const match of result.matches) response.text(`- ${match.line}`);
    if (busy) response.text(busy);
  },
});
