/**
 * Mouse input at coordinates (the `vision` group), for what a snapshot cannot
 * name: a canvas, a map, a chart. Names and parameters follow @playwright/mcp's
 * coordinate tools, which models already know.
 */
import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { reportAction, SNAPSHOT_AFTER } from './common.ts';

const SPACE = 'CSS pixels from the top-left corner of the viewport, as in a viewport screenshot from browser_take_screenshot';
const TAB = { tabId: z.number().int().optional().describe('Tab id (default: current tab)') };

export const mouseClickXy = defineTool({
  name: 'browser_mouse_click_xy',
  title: 'Click at coordinates',
  description: `Click at a point (${SPACE}) with trusted mouse input, for what has no ref: a canvas, a map, a chart. Reports the element that was there, with a ref, and what the click caused.`,
  schema: {
    x: z.number().describe('X coordinate'),
    y: z.number().describe('Y coordinate'),
    button: z.enum(['left', 'right', 'middle']).optional().describe('Mouse button (default left)'),
    clickCount: z.number().int().min(1).max(3).optional().describe('2 for a double click'),
    modifiers: z.array(z.enum(['Alt', 'Control', 'Meta', 'Shift'])).optional().describe('Keys held during the click'),
    ...TAB,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('mouseAt', { action: 'click', ...params }, ctx.timeoutMs);
    await reportAction('Clicked at', report, response, ctx, snapshot);
  },
});

export const mouseMoveXy = defineTool({
  name: 'browser_mouse_move_xy',
  title: 'Move the mouse to coordinates',
  description: `Move the mouse to a point (${SPACE}), e.g. for a tooltip on a chart.`,
  schema: { x: z.number().describe('X coordinate'), y: z.number().describe('Y coordinate'), ...TAB, ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('mouseAt', { action: 'move', ...params }, ctx.timeoutMs);
    await reportAction('Moved the mouse to', report, response, ctx, snapshot);
  },
});

export const mouseDragXy = defineTool({
  name: 'browser_mouse_drag_xy',
  title: 'Drag between coordinates',
  description: `Drag with the left button held from one point to another (${SPACE}): drawing, sliders, panning a map.`,
  schema: {
    startX: z.number().describe('Start X coordinate'),
    startY: z.number().describe('Start Y coordinate'),
    endX: z.number().describe('End X coordinate'),
    endY: z.number().describe('End Y coordinate'),
    ...TAB,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, startX, startY, endX, endY, tabId }, response, ctx) {
    const report = await ctx.browser.call('mouseAt', { action: 'drag', x: startX, y: startY, toX: endX, toY: endY, tabId }, ctx.timeoutMs);
    await reportAction('Dragged', report, response, ctx, snapshot);
  },
});

export const mouseWheelXy = defineTool({
  name: 'browser_mouse_wheel_xy',
  title: 'Turn the mouse wheel at coordinates',
  description: `Turn the mouse wheel at a point (${SPACE}): zooms a map, scrolls a canvas grid or whatever box is under the point, as a person's wheel does.`,
  schema: {
    x: z.number().describe('X coordinate'),
    y: z.number().describe('Y coordinate'),
    deltaX: z.number().optional().describe('Pixels to scroll right (negative: left)'),
    deltaY: z.number().optional().describe('Pixels to scroll down (negative: up; on a map, down zooms out)'),
    ...TAB,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('mouseAt', { action: 'wheel', ...params }, ctx.timeoutMs);
    await reportAction('Turned the wheel at', report, response, ctx, snapshot);
  },
});
