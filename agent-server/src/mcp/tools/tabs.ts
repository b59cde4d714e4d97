import { z } from 'zod';
import { defineTool } from '../tool.ts';

export const tabs = defineTool({
  name: 'browser_tabs',
  title: 'List tabs',
  description: 'List the tabs the agent controls: id, title, URL, and which one is current (commands without tabId go there).',
  schema: {
    action: z.enum(['list']).describe('What to do; "list" lists the agent\'s tabs'),
  },
  readOnly: true,
  async handle(_params, response, ctx) {
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
