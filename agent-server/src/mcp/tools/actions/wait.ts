import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { TARGET } from './common.ts';
import { tellAnnounced, tellTextShown } from '../announced.ts';

export const waitFor = defineTool({
  name: 'browser_wait_for',
  title: 'Wait for a condition',
  description:
    'Wait until an element (ref or selector) reaches a state, a text appears or disappears, the URL matches, or some seconds pass; the wait goes on across a navigation (a sign-in\'s redirect). Fails with TIMEOUT saying what it saw last (default timeout 30000 ms).',
  schema: {
    ...TARGET,
    text: z.string().optional().describe('Wait until this text is visible on the page or in one of its frames'),
    textGone: z.string().optional().describe('Wait until this text is no longer visible anywhere, frames included'),
    url: z.string().optional().describe('Wait until the URL equals, contains, or matches this glob (*)'),
    time: z.number().min(0).max(600).optional().describe('Seconds to wait'),
    state: z.enum(['visible', 'hidden', 'attached', 'detached']).optional().describe('Element state to wait for (default visible)'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('waitFor', params, ctx.timeoutMs);
    response.text(`Waited ${result.waitedMs} ms for ${result.detail}.`);
    tellAnnounced(response, result.announced, 'Since the last report');
    tellTextShown(response, result.textShown, 'Since the last report');
  },
});

export const handleDialog = defineTool({
  name: 'browser_handle_dialog',
  title: 'Answer a dialog',
  description: 'Accept or dismiss the alert, confirm, prompt or beforeunload dialog that is open in the tab; promptText answers a prompt. Accepting a beforeunload dialog leaves the page and waits for the next one to load.',
  schema: {
    accept: z.boolean().describe('true = OK, false = Cancel'),
    promptText: z.string().optional().describe('Text to enter into a prompt before accepting'),
    tabId: z.number().int().optional().describe('Tab with the dialog; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('handleDialog', params, ctx.timeoutMs);
    response.text(result.detail);
  },
});
