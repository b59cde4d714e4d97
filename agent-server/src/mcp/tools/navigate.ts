import { z } from 'zod';
import type { Result } from '../../../../src/shared/protocol.ts';
import type { ToolResponse } from '../response.ts';
import { defineTool } from '../tool.ts';
import { DEFAULT_LOAD_WAIT_MS } from '../../../../src/shared/constants.ts';
import { describeDownload } from './download.ts';
import { dialogOpened, listRequests } from './actions/common.ts';

const WAIT_UNTIL = z
  .enum(['load', 'domcontentloaded', 'networkidle', 'commit'])
  .optional()
  .describe(`When the page counts as loaded (default: load, at most ${DEFAULT_LOAD_WAIT_MS / 1000} s after the DOM is ready; networkidle = no requests for 500 ms)`);
const TAB = z.number().int().optional().describe('Tab to use; default: the current tab');

export const navigate = defineTool({
  name: 'browser_navigate',
  title: 'Navigate to a URL',
  description: "Load a URL in the agent's current tab (or tabId) and wait until it has loaded. Opens a tab if the agent has none. Reports the final URL, title and HTTP status, or the file when the URL is a download.",
  schema: {
    url: z.string().describe('URL, e.g. https://example.com or http://localhost:3000; a path (/cart) goes to the current page\'s site'),
    tabId: TAB,
    waitUntil: WAIT_UNTIL,
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('navigate', { ...params, allowFile: ctx.allowFileUrls }, ctx.timeoutMs);
    reportNavigation(result, response, 'Navigated to');
  },
});

function historyTool(name: 'browser_navigate_back' | 'browser_navigate_forward' | 'browser_reload', direction: 'back' | 'forward' | 'reload', title: string) {
  return defineTool({
    name,
    title,
    description: `${title} in the current tab (or tabId) and wait like browser_navigate.${direction === 'reload' ? '' : ' Says so when there is no page to go to.'}`,
    schema: { tabId: TAB, waitUntil: WAIT_UNTIL },
    readOnly: false,
    async handle(params, response, ctx) {
      const result = await ctx.browser.call('history', { ...params, direction }, ctx.timeoutMs);
      if (!result.note) return reportNavigation(result, response, direction === 'reload' ? 'Reloaded' : 'Now at');
      if (result.replacedTab !== undefined) response.text(`Tab ${result.replacedTab} was discarded to leave its blocked page; it is now tab ${result.tabId}.`);
      response.text(result.note);
    },
  });
}

export const navigateBack = historyTool('browser_navigate_back', 'back', 'Go back');
export const navigateForward = historyTool('browser_navigate_forward', 'forward', 'Go forward');
export const reload = historyTool('browser_reload', 'reload', 'Reload the page');

function reportNavigation(result: Result<'navigate'>, response: ToolResponse, verb: string): void {
  if (result.replacedTab !== undefined) {
    response.text(`The page in tab ${result.replacedTab} was blocked and could not run its unload handlers, so it was discarded; the tab is now tab ${result.tabId} (use that id).`);
  }
  if (result.download) {
    response.text(`${result.url} is a download, not a page. ${describeDownload(result.download)}`, `Tab: ${result.tabId}`);
    return;
  }
  const status = result.status !== undefined && (result.status < 200 || result.status >= 300) ? ` — HTTP ${result.status}` : '';
  const via = result.redirectedFrom?.length ? ` (redirected here by ${result.redirectedFrom.length > 1 ? 'the pages at' : 'the page at'} ${result.redirectedFrom.join(', then ')} as it loaded)` : '';
  response.text(`${verb} ${result.url}${status}${via}`, `Title: ${result.title}`, `Tab: ${result.tabId}`);
  if (result.requests) listRequests(response, result.requests, 'the page made');
  if (result.status !== undefined && result.status >= 400) response.text(`The server answered HTTP ${result.status}; the page shown is its error page.`);
  if (result.dialog) response.text(dialogOpened(result.dialog, 'As it loaded, the page opened'));
  if (result.stillLoading) {
    const [first, ...more] = result.stillLoading.pending;
    const waiting = first ? `, waiting on ${first}${more.length ? ` and ${more.length} more` : ''}` : '';
    response.text(`The page is ready (its DOM loaded) but had not finished loading ${DEFAULT_LOAD_WAIT_MS / 1000} s later${waiting}. Use it now, or pass waitUntil "load" to wait for everything.`);
  }
}
