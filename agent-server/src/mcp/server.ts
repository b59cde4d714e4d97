/**
 * The MCP server: one registration loop, one error path. A thrown
 * AgentError becomes `isError: true` with its code and a message that says
 * what to do next.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeIssues } from '../../../src/shared/protocol.ts';
import { toWireError } from '../../../src/shared/errors.ts';
import { SERVER_VERSION } from '../version.ts';
import { errorResult, ToolResponse } from './response.ts';
import type { Tool, ToolBrowser, ToolContext } from './tool.ts';
import type { SessionBrowser } from '../browser.ts';
import { TOOLS } from './tools/index.ts';
import { selectTools } from './caps.ts';
import { unknownParams } from './unknown-params.ts';

/** Added to every tool: the per-call timeout. */
const COMMON = {
  timeout: z.number().int().positive().max(600_000).optional().describe('ms before TIMEOUT (default 30000)'),
};

/**
 * zod writes int() as bounded by ±Number.MAX_SAFE_INTEGER: about 50 bytes on
 * every tabId that tell a model nothing, in a list each session pays for.
 */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: { minimum?: number; maximum?: number } }): void {
  if (jsonSchema.minimum === -Number.MAX_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

export function createMcpServer(context: Omit<ToolContext, 'timeoutMs' | 'browser'> & { browser: SessionBrowser }, caps: string[] = ['all']): Server {
  const tools = selectTools(TOOLS, caps);
  const server = new Server({ name: 'browser-agent', version: SERVER_VERSION }, { capabilities: { tools: {} } });
  const byName = new Map<string, { tool: Tool; schema: z.ZodObject }>(tools.map((tool) => [tool.name, { tool, schema: z.object({ ...tool.schema, ...COMMON }).strict() }]));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...byName.values()].map(({ tool, schema }) => {
      const { $schema: _drop, ...inputSchema } = z.toJSONSchema(schema, { override: dropSafeIntegerBounds }) as Record<string, unknown>;
      return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: inputSchema as { type: 'object' },
        annotations: { readOnlyHint: tool.readOnly },
      };
    }),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    // Long waits (navigate, wait_for…) report progress when the client asked for it.
    const progressToken = request.params._meta?.progressToken;
    const started = Date.now();
    const progress = progressToken === undefined ? undefined : setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: seconds, message: `${request.params.name} running for ${seconds} s` } }).catch(() => undefined);
    }, 1000);
    try {
      return await callTool(request, extra.signal);
    } finally {
      clearInterval(progress);
    }
  });

  async function callTool(request: { params: { name: string; arguments?: Record<string, unknown> } }, signal: AbortSignal): Promise<CallToolResult> {
    const entry = byName.get(request.params.name);
    if (!entry) {
      return errorResult('UNKNOWN_TOOL', `There is no tool "${request.params.name}". Tools: ${[...byName.keys()].join(', ')}.`);
    }
    const args = request.params.arguments ?? {};
    const parsed = entry.schema.safeParse(args);
    if (!parsed.success) {
      const unknown = unknownParams(entry.tool.name, parsed.error, Object.keys(entry.schema.shape));
      return errorResult('INVALID_PARAMS', unknown ?? `${entry.tool.name}: ${describeIssues(parsed.error, args)}`);
    }
    const { timeout, ...params } = parsed.data as Record<string, unknown> & { timeout?: number };
    const response = new ToolResponse();
    try {
      // A call the client cancels (the person pressed Esc, the client gave up) stops in the browser too.
      const browser: ToolBrowser = {
        call: (method, args, timeoutMs) => context.browser.call(method, args, timeoutMs, signal),
        markAnnounced: (tabIds) => context.browser.markAnnounced(tabIds),
      };
      await entry.tool.handle(params as never, response, { ...context, browser, timeoutMs: timeout });
      // Tabs and popups the agent's pages opened since the last response.
      for (const tab of context.browser.takeNewTabs()) {
        response.text(`New tab opened by tab ${tab.openerTabId}: tab ${tab.tabId} — ${tab.url || 'about:blank'} (use tabId ${tab.tabId} to act there)`);
      }
      return response.build();
    } catch (error) {
      const { code, message } = toWireError(error);
      return errorResult(code, message);
    }
  }

  return server;
}
