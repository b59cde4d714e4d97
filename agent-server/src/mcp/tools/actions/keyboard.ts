import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { reportAction, SNAPSHOT_AFTER, TARGET } from './common.ts';

export const fill = defineTool({
  name: 'browser_fill',
  title: 'Fill a field',
  description: 'Replace the value of a text field, textarea or contenteditable (by ref or selector). Fires the input events frameworks listen to (React onChange, Vue v-model). A custom slider is moved by its keys to the number given.',
  schema: { ...TARGET, value: z.string().describe('The new value; "" clears the field'), ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('fill', params, ctx.timeoutMs);
    await reportAction('Filled', report, response, ctx, snapshot);
  },
});

export const type = defineTool({
  name: 'browser_type',
  title: 'Type text',
  description: 'Type text key by key into an element (by ref or selector), appending to what is there (or over text selected in it) unless clear is true. \\n presses Enter and \\t Tab (to the next field; in a textarea or editor, a tab character), as on a keyboard; submit presses Enter afterwards. Reports the suggestions an autocomplete then shows, with refs.',
  schema: {
    ...TARGET,
    text: z.string().describe('Text to type'),
    clear: z.boolean().optional().describe('Replace the current content instead of appending'),
    delay: z.number().int().min(0).max(1000).optional().describe('Milliseconds between keys'),
    submit: z.boolean().optional().describe('Press Enter after typing'),
    ...SNAPSHOT_AFTER,
  },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('type', params, ctx.timeoutMs);
    await reportAction('Typed into', report, response, ctx, snapshot);
  },
});

export const pressKey = defineTool({
  name: 'browser_press_key',
  title: 'Press a key',
  description: 'Press a key or chord: "Enter", "Escape", "ArrowDown", "Control+A", "Shift+Tab". With ref/selector the element is focused first; otherwise the key goes to the focused element. Reports where focus went, with its ref.',
  schema: { key: z.string().describe('Key name or chord, e.g. Enter, Control+A'), ...TARGET, ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('pressKey', params, ctx.timeoutMs);
    await reportAction('Key:', report, response, ctx, snapshot);
  },
});
