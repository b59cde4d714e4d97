import { z } from 'zod';
import { defineTool } from '../../tool.ts';

export const resize = defineTool({
  name: 'browser_resize',
  title: 'Resize the viewport',
  description:
    'Set the current tab\'s viewport size in CSS pixels (device emulation), or use a preset: mobile (375×667, touch: a click is a tap; a phone\'s user agent), tablet (768×1024), desktop (1280×720). Reports the window.innerWidth/innerHeight the page now sees.',
  schema: {
    width: z.number().int().min(100).max(10_000).optional().describe('Viewport width in CSS pixels'),
    height: z.number().int().min(100).max(10_000).optional().describe('Viewport height in CSS pixels'),
    preset: z.enum(['mobile', 'tablet', 'desktop']).optional().describe('Named size; width/height, if given, override it'),
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const r = await ctx.browser.call('resize', params, ctx.timeoutMs);
    response.text(`Viewport of tab ${r.tabId} set to ${r.width}×${r.height}${r.mobile ? ' (mobile: touch, and a phone\'s user agent)' : ''}; the page sees innerWidth ${r.innerWidth}, innerHeight ${r.innerHeight}.`);
    if (r.mobile && r.innerWidth > r.width) {
      response.text('The page has no <meta name="viewport" content="width=device-width">, so it lays out at desktop width and is zoomed out, as on a real phone.');
    }
  },
});

export const serviceWorkers = defineTool({
  name: 'browser_service_workers',
  title: 'Service workers',
  description: "Service worker registrations for the current page's origin: scope, script URL, state (installing … activated, redundant), running or stopped, and whether it controls the page.",
  schema: {
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const r = await ctx.browser.call('serviceWorkers', params, ctx.timeoutMs);
    if (!r.registrations.length) {
      response.text(`No service worker is registered for ${r.origin}.`);
      return;
    }
    response.text(`Service workers for ${r.origin}:`);
    for (const w of r.registrations) {
      response.text(`- scope ${w.scope}: ${w.scriptUrl} — ${w.state}, ${w.running}${w.controlsPage ? ', controls this page' : ''}`);
    }
    response.text(r.controller ? `The page is controlled by ${r.controller}.` : 'The page is not controlled by a service worker (first load, or a hard reload).');
  },
});
