import { z } from 'zod';
import { defineTool } from '../tool.ts';

export const navigate = defineTool({
  name: 'browser_navigate',
  title: 'Navigate to a URL',
  description: 'Load a URL in the agent\'s current tab (or tabId) and wait until it has loaded. Opens a tab if the agent has none. Reports the final URL and title.',
  schema: {
    url: z.string().describe('Absolute URL, e.g. https://example.com or http://localhost:3000'),
    tabId: z.number().int().optional().describe('Tab to navigate; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('navigate', params, ctx.timeoutMs);
    response.text(`Navigated to ${result.url}`, `Title: ${result.title}`, `Tab: ${result.tabId}`);
  },
});
