import { z } from 'zod';
import { defineTool } from '../../tool.ts';
import { textOrFile } from './output.ts';

export const evaluate = defineTool({
  name: 'browser_evaluate',
  title: 'Evaluate JavaScript',
  description:
    "Run JavaScript in the page's main world of the current tab and return the result as JSON (undefined, NaN, BigInt, Date, Map/Set, DOM nodes and circular references shown too). Give an expression, or a function; with ref the function gets that element. Promises are awaited.",
  schema: {
    expression: z.string().optional().describe('Expression, e.g. "document.title" or "await fetch(\'/api\').then(r => r.status)"'),
    function: z.string().optional().describe('Function source, e.g. "() => localStorage.length" or with ref "(el) => el.value"'),
    ref: z.string().optional().describe('Element ref from a snapshot, passed to the function'),
    await: z.boolean().optional().describe('Await a returned promise (default true)'),
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('evaluate', params, ctx.timeoutMs);
    // Models used to Playwright MCP write "() => …" as the expression: say it was not run, rather than return it as if it had been.
    const uncalled = result.type === 'function' && params.expression !== undefined ? '\nThe expression is a function, so it was returned, not called. To run it, pass it as function instead of expression.' : '';
    textOrFile(response, ctx.outputDir, 'evaluate', `Result (${result.type}):\n${result.value}${uncalled}`);
  },
});
