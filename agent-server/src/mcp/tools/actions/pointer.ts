import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { MODIFIERS, reportAction, SNAPSHOT_AFTER, TARGET } from './common.ts';

export const click = defineTool({
  name: 'browser_click',
  title: 'Click',
  description: 'Click an element (by ref or selector) with trusted mouse input, after waiting until it is visible, enabled, stable and not covered. Reports what the click caused: navigation, new tab, dialog, the requests it started (waited for), what the page announced.',
  schema: {
    ...TARGET,
    button: z.enum(['left', 'right', 'middle']).optional().describe('Mouse button (default left)'),
    clickCount: z.number().int().min(1).max(3).optional().describe('2 for a double click'),
    modifiers: MODIFIERS,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('click', params, ctx.timeoutMs);
    await reportAction('Clicked', report, response, ctx, snapshot);
  },
});

export const dblclick = defineTool({
  name: 'browser_dblclick',
  title: 'Double-click',
  description: 'Double-click an element (by ref or selector) with trusted mouse input.',
  schema: { ...TARGET, modifiers: MODIFIERS, ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('click', { ...params, clickCount: 2 }, ctx.timeoutMs);
    await reportAction('Double-clicked', report, response, ctx, snapshot);
  },
});

export const hover = defineTool({
  name: 'browser_hover',
  title: 'Hover',
  description: 'Move the mouse over an element (by ref or selector), e.g. to open a menu or tooltip; reports what it showed, with refs.',
  schema: { ...TARGET, ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('hover', params, ctx.timeoutMs);
    await reportAction('Hovered', report, response, ctx, snapshot);
  },
});

export const drag = defineTool({
  name: 'browser_drag',
  title: 'Drag and drop',
  description: 'Drag one element onto another. from/to are refs (e12) or CSS selectors. Works for HTML5 drag and drop and pointer-based libraries.',
  schema: {
    from: z.string().describe('Ref or CSS selector of the element to drag'),
    to: z.string().describe('Ref or CSS selector of the drop target; one the snapshot gives no ref (a board\'s column) by role and name, e.g. role=list[name="Done"]'),
    tabId: z.number().int().optional().describe('Tab to act in; default: the current tab'),
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('drag', params, ctx.timeoutMs);
    await reportAction('Dragged', report, response, ctx, snapshot);
  },
});
