import { z } from 'zod';
import type { ConsoleEntry } from '../../../../../src/shared/methods/devtools.ts';
import { defineTool } from '../../tool.ts';
import { clip, textOrFile } from './output.ts';

function formatEntry(entry: ConsoleEntry, maxChars = Infinity): string {
  const time = new Date(entry.time).toISOString().slice(11, 23);
  const where = entry.url ? ` (${entry.url}${entry.line ? `:${entry.line}${entry.column ? `:${entry.column}` : ''}` : ''})` : '';
  const stack = entry.stack ? `\n${entry.stack}` : '';
  // An error logged as an object brings its own stack: the place goes on its first line, not after the stack.
  const text = clip(entry.text, maxChars);
  const lineEnd = text.indexOf('\n');
  const said = lineEnd < 0 ? `${text}${where}` : `${text.slice(0, lineEnd)}${where}${text.slice(lineEnd)}`;
  return `[${time}] ${entry.level.toUpperCase()} ${entry.source}: ${said}${clip(stack, maxChars)}`;
}

export const consoleMessages = defineTool({
  name: 'browser_console_messages',
  title: 'Console messages',
  description:
    'Console output of the current tab since the agent took it, newest first: all levels, uncaught errors and rejections with stacks, browser messages (failed loads, CSP), workers and the service worker. Objects show their properties.',
  schema: {
    limit: z.number().int().positive().optional().describe('How many messages, newest first (default 100)'),
    level: z.enum(['log', 'info', 'warn', 'error', 'debug']).optional().describe('Only this level'),
    contains: z.string().optional().describe('Only messages whose text contains this (case-insensitive)'),
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('console.list', params, ctx.timeoutMs);
    if (!result.entries.length) {
      response.text(`No console messages${params.level || params.contains ? ' match' : ''} in tab ${result.tabId}.`);
      return;
    }
    const header = `${result.entries.length} of ${result.total} console messages in tab ${result.tabId}, newest first:`;
    const full = [header, ...result.entries.map((e) => formatEntry(e))].join('\n');
    const head = [header, ...result.entries.slice(0, 5).map((e) => formatEntry(e, 150))].join('\n');
    // Over 4096 bytes: everything, uncut, goes to a file; inline only a head with long entries cut.
    textOrFile(response, ctx.outputDir, 'console', full, head);
  },
});

export const clearConsoleMessages = defineTool({
  name: 'browser_clear_console_messages',
  title: 'Clear console messages',
  description: 'Empty the console message buffer of the current tab; says how many messages were dropped.',
  schema: {
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const { tabId, dropped } = await ctx.browser.call('console.clear', params, ctx.timeoutMs);
    response.text(`Cleared ${dropped} console message${dropped === 1 ? '' : 's'} of tab ${tabId}.`);
  },
});
