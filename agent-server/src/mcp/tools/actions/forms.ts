import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AgentError } from '../../../../../src/shared/errors.ts';
import { defineTool } from '../../tool.ts';
import { reportAction, SNAPSHOT_AFTER, TARGET } from './common.ts';

function checkTool(name: 'browser_check' | 'browser_uncheck', checked: boolean) {
  return defineTool({
    name,
    title: checked ? 'Check' : 'Uncheck',
    description: `${checked ? 'Check' : 'Uncheck'} a checkbox, switch${checked ? ' or radio button' : ''} (by ref or selector). Does nothing, and says so, when it is already ${checked ? 'checked' : 'unchecked'}.`,
    schema: { ...TARGET, ...SNAPSHOT_AFTER },
    readOnly: false,
    async handle({ snapshot, ...params }, response, ctx) {
      const report = await ctx.browser.call('check', { ...params, checked }, ctx.timeoutMs);
      await reportAction(checked ? 'Checked' : 'Unchecked', report, response, ctx, snapshot);
    },
  });
}

export const check = checkTool('browser_check', true);
export const uncheck = checkTool('browser_uncheck', false);

export const selectOption = defineTool({
  name: 'browser_select_option',
  title: 'Select options',
  description: 'Select options of a <select> (by ref or selector), matching each value against option values, then labels. Several values for a multi-select. A custom drop-down (role combobox/listbox) is opened and its option clicked (several values if its list is aria-multiselectable).',
  schema: { ...TARGET, values: z.array(z.string()).min(1).describe('Option values or labels'), ...SNAPSHOT_AFTER },
  readOnly: false,
  async handle({ snapshot, ...params }, response, ctx) {
    const report = await ctx.browser.call('selectOption', params, ctx.timeoutMs);
    await reportAction('Selected in', report, response, ctx, snapshot);
  },
});

export const fileUpload = defineTool({
  name: 'browser_file_upload',
  title: 'Upload files',
  description:
    'Choose files on this machine for the page: give the <input type="file"> (ref or selector, hidden ones too), or the button that opens the file chooser (it is clicked and its chooser filled), or a drop zone (the files are dropped on it), or no element to fill the file chooser an earlier click opened.',
  schema: { ...TARGET, paths: z.array(z.string()).min(1).describe('Absolute paths of the files') },
  readOnly: false,
  async handle(params, response, ctx) {
    const paths = params.paths.map((file) => path.resolve(file));
    for (const file of paths) {
      if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
        throw new AgentError('INVALID_PARAMS', `File not found: ${file}. Pass absolute paths of existing files.`);
      }
    }
    const report = await ctx.browser.call('fileUpload', { ...params, paths }, ctx.timeoutMs);
    await reportAction('Uploaded to', report, response, ctx);
  },
});

export const focus = defineTool({
  name: 'browser_focus',
  title: 'Focus',
  description: 'Focus an element (by ref or selector).',
  schema: TARGET,
  readOnly: false,
  async handle(params, response, ctx) {
    const report = await ctx.browser.call('focus', params, ctx.timeoutMs);
    await reportAction('Focused', report, response, ctx);
  },
});

export const scroll = defineTool({
  name: 'browser_scroll',
  title: 'Scroll',
  description: 'Scroll an element (by ref or selector) into view, or scroll the page (or that element) by deltaX/deltaY pixels.',
  schema: {
    ...TARGET,
    deltaX: z.number().optional().describe('Pixels to scroll right (negative: left)'),
    deltaY: z.number().optional().describe('Pixels to scroll down (negative: up)'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const report = await ctx.browser.call('scroll', params, ctx.timeoutMs);
    await reportAction('Scrolled', report, response, ctx);
  },
});
