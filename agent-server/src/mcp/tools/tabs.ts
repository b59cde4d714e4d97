import { z } from 'zod';
import { AgentError } from '../../../../src/shared/errors.ts';
import { defineTool } from '../tool.ts';

export const tabs = defineTool({
  name: 'browser_tabs',
  title: 'Manage tabs',
  description:
    'List, open, select or close the tabs the agent controls. list shows id, title, URL, loading state and which is current (commands without tabId go there); new opens a tab (optionally at url) and makes it current; select makes tabId current; close closes tabId (default: current).',
  schema: {
    action: z.enum(['list', 'new', 'select', 'close']).describe('What to do'),
    tabId: z.number().int().optional().describe('Tab for select/close'),
    url: z.string().optional().describe('URL for new'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    switch (params.action) {
      case 'new': {
        const tab = await ctx.browser.call('tabs.new', { url: params.url, allowFile: ctx.allowFileUrls }, ctx.timeoutMs);
        response.text(`Opened tab ${tab.id}${tab.url ? ` at ${tab.url}` : ''}; it is now current.`);
        break;
      }
      case 'select': {
        if (params.tabId === undefined) throw new AgentError('INVALID_PARAMS', 'select needs tabId; see the ids with action "list".');
        const tab = await ctx.browser.call('tabs.select', { tabId: params.tabId }, ctx.timeoutMs);
        response.text(`Tab ${tab.id} is now current: ${tab.title || '(no title)'} — ${tab.url}`);
        break;
      }
      case 'close': {
        const result = await ctx.browser.call('tabs.close', { tabId: params.tabId }, ctx.timeoutMs);
        response.text(`Closed tab ${result.closed}.${result.current !== null ? ` Current tab: ${result.current}.` : ' The agent has no tabs left.'}`);
        break;
      }
      case 'list':
        break;
    }
    const { tabs } = await ctx.browser.call('tabs.list', {}, ctx.timeoutMs);
    if (!tabs.length) {
      response.text('The agent has no tabs yet. Call browser_navigate to open one.');
      return;
    }
    for (const tab of tabs) {
      response.text(`- ${tab.current ? '[current] ' : ''}tab ${tab.id}: ${tab.title || '(no title)'} — ${tab.url}${tab.loading ? ' (loading)' : ''}`);
    }
  },
});
