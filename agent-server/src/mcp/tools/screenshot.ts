import path from 'node:path';
import { z } from 'zod';
import { AgentError } from '../../../../src/shared/errors.ts';
import { timestampedName, writeOutput } from '../files.ts';
import { defineTool } from '../tool.ts';
import { fitImage } from './devtools/images.ts';

export const takeScreenshot = defineTool({
  name: 'browser_take_screenshot',
  title: 'Take a screenshot',
  description:
    'Capture the viewport, the full page (fullPage) or one element (ref or selector) of the current tab. Returns the image at CSS pixels (scaled down further to fit model limits) and saves the full-resolution file, whose path is given.',
  schema: {
    ref: z.string().optional().describe('Element ref from a snapshot, e.g. e12'),
    selector: z.string().optional().describe('CSS selector of the element (main frame)'),
    fullPage: z.boolean().optional().describe('The whole scrollable page instead of the viewport'),
    format: z.enum(['png', 'jpeg']).optional().describe('Image format (default png)'),
    quality: z.number().int().min(0).max(100).optional().describe('JPEG quality 0–100 (default 80)'),
    name: z.string().optional().describe('File name in the output directory (default screenshot-<time>.<format>)'),
    tabId: z.number().int().optional().describe('Tab to capture; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const { name, ...request } = params;
    if (request.quality !== undefined && request.format !== 'jpeg') {
      throw new AgentError('INVALID_PARAMS', 'quality applies to JPEG only: add format: "jpeg".');
    }
    if (request.fullPage && (request.ref || request.selector)) {
      throw new AgentError('INVALID_PARAMS', 'Give fullPage or an element (ref/selector), not both.');
    }
    const format = request.format ?? 'png';
    const shot = await ctx.browser.call('screenshot', request, ctx.timeoutMs);
    const full = Buffer.from(shot.data, 'base64');
    const fileName = name ? (path.extname(name) ? name : `${name}.${format}`) : timestampedName('screenshot', format);
    const file = writeOutput(ctx.outputDir, fileName, full);
    // At most CSS pixels, so a point in a viewport image is the point browser_mouse_click_xy takes.
    const fitted = await fitImage(full, format, request.quality ?? 80, 1 / shot.devicePixelRatio);
    const original = { width: fitted.originalWidth, height: fitted.originalHeight };
    const cssWidth = Math.round(original.width / shot.devicePixelRatio);
    const viewport = !request.fullPage && !request.ref && !request.selector;
    const lines = [
      `Screenshot of tab ${shot.tabId}: ${shot.description}, ${original.width}×${original.height} px (device pixel ratio ${Number(shot.devicePixelRatio.toFixed(3))}).`,
      `Saved to ${file}`,
      fitted.width !== original.width ? `Image below scaled to ${fitted.width}×${fitted.height} px; the file has full resolution.` : '',
      viewport && fitted.width !== cssWidth ? `Viewport coordinates (CSS pixels) are image pixels × ${(cssWidth / fitted.width).toFixed(3)}.` : '',
    ];
    response.text(...lines.filter(Boolean)).image(fitted.data.toString('base64'), fitted.mimeType);
  },
});
