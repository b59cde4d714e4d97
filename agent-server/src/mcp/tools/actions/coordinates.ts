/**
 * Mouse input at coordinates (the `vision` group), for what a snapshot cannot
 * name: a canvas, a map, a chart. Names and parameters follow @playwright/mcp's
 * coordinate tools, which models already know.
 */
import { z } from 'zod';
import type { Params } from '../../../../../src/shared/protocol.ts';
import type { ToolResponse } from '../../response.ts';
import { defineTool, type ToolContext } from '../../tool.ts';
import { MODIFIERS, reportAction, SNAPSHOT_AFTER, TARGET } from './common.ts';

const SPACE = 'CSS pixels from the top-left corner of the viewport, as in a viewport screenshot from browser_take_screenshot';
const POINT = { x: z.number().describe('X coordinate'), y: z.number().describe('Y coordinate') };
const TAB = { tabId: TARGET.tabId };

/** A tool's handler: one mouseAt action at its point, reported as the other actions are. */
function atPoint(action: 'click' | 'move' | 'wheel', verb: string) {
  return async ({ snapshot, ...params }: Omit<Params<'mouseAt'>, 'action'> & { snapshot?: boolean }, response: ToolResponse, ctx: ToolContext): Promise<void> => {
    const report = await ctx.browser.call('mouseAt', { action, ...params }, ctx.timeoutMs);
    await reportAction(verb, report, response, ctx, snapshot);
  };
}

export const mouseClickXy = defineTool({
  name: 'browser_mouse_click_xy',
  title: 'Click at coordinates',
  description: `Click at a point (${SPACE}) with trusted mouse input, for what has no ref: a canvas, a map, a chart. Reports the element that was there, with a ref, and what the click caused.`,
  schema: {
    ...POINT,
    button: z.enum(['left', 'right', 'middle']).optional().describe('Mouse button (default left)'),
    clickCount: z.number().int().min(1).max(3).optional().describe('2 for a double click'),
    modifiers: MODIFIERS,
    ...TAB,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  handle: atPoint('click', 'Clicked at'),
});

export const mouseMoveXy = defineTool({
  name: 'browser_mouse_move_xy',
  title: 'Move the mouse to coordinates',
  description: `Move the mouse to a point (${SPACE}), e.g. for a tooltip on a chart.`,
  schema: { ...POINT, ...TAB, ...SNAPSHOT_AFTER },
  readOnly: false,
  handle: atPoint('move', 'Moved the mouse to'),
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
    ...POINT,
    deltaX: z.number().optional().describe('Pixels to scroll right (negative: left)'),
    deltaY: z.number().optional().describe('Pixels to scroll down (negative: up; on a map, down zooms out)'),
    ...TAB,
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  handle: atPoint('wheel', 'Turned the wheel at'),
});
