/**
 * `browser-agent mcp` when a hub already runs on the port: a stdio MCP
 * server that forwards every request to the hub's /mcp, as one session named
 * after the stdio client. The hub owns the browser; we own nothing.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { log } from '../log.ts';
import { SERVER_VERSION } from '../version.ts';

export async function runBridge(port: number, token: string): Promise<void> {
  const server = new Server({ name: 'browser-agent', version: SERVER_VERSION }, { capabilities: { tools: {} } });
  let client: Promise<Client> | undefined;
  // Connect on first use, when we know the stdio client's name (the hub names the session after it).
  const hub = () =>
    (client ??= (async () => {
      const c = new Client({ name: server.getClientVersion()?.name || 'Agent', version: server.getClientVersion()?.version ?? '0' });
      await c.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      return c;
    })());

  server.setRequestHandler(ListToolsRequestSchema, async () => (await hub()).listTools());
  // Over stdio requests arrive in order; as separate HTTP requests they could
  // overtake each other. Calls for one tab are forwarded one after another
  // (the hub runs them in that order); different tabs still run in parallel.
  const queues = new Map<string, Promise<unknown>>();
  const inOrder = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => queues.get(key) === settled && queues.delete(key));
    return run;
  };

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    try {
      const tabId = (request.params.arguments as { tabId?: unknown } | undefined)?.tabId;
      return await inOrder(typeof tabId === 'number' ? `tab:${tabId}` : 'current', async () =>
        (await (await hub()).callTool(request.params, undefined, { timeout: 660_000, signal: extra.signal })) as CallToolResult,
      );
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `Error EXTENSION_DISCONNECTED: the browser-agent hub on port ${port} did not answer (${(error as Error).message}). Is "browser-agent serve" still running?` }] };
    }
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => process.exit(0);
  process.stdin.once('end', () => process.exit(0));
  await server.connect(transport);
  log(`MCP server ready on stdio, using the hub on port ${port}`);
}
