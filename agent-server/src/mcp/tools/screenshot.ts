import { z } from 'zod';
import { timestampedName, writeOutput } from '../files.ts';
import { defineTool } from '../tool.ts';

export const takeScreenshot = defineTool({
  name: 'browser_take_screenshot',
  title: 'Take a screenshot',
  description: 'Capture the visible part of the current tab (or tabId) as a PNG. The image is returned and saved to a file whose path is given.',
  schema: {
    tabId: z.number().int().optional().describe('Tab to capture; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const shot = await ctx.browser.call('screenshot', params, ctx.timeoutMs);
    const file = writeOutput(ctx.outputDir, timestampedName('screenshot', 'png'), Buffer.from(shot.data, 'base64'));
    response.text(`Screenshot of tab ${shot.tabId}, saved to ${file}`).image(shot.data, shot.mimeType);
  },
});
