/**
 * `browser-agent mcp` when a hub already runs on the port: a stdio MCP
 * server that forwards every request to the hub's /mcp, as one session named
 * after the stdio client. The hub owns the browser; we own nothing.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { takingTurns } from '../../../src/shared/turns.ts';
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
  const dropConnection = (failed: Promise<Client>) => {
    if (client !== failed) return;
    client = undefined;
    void failed.then((c) => c.close()).catch(() => undefined);
  };
  /**
   * Runs a request against the hub. A restarted hub does not know our old
   * MCP session (HTTP 404) and never saw the request, so it is sent once more
   * on a new session — the hub gives a session back the tabs of the
   * same-named one. Any other transport failure drops the connection so the next call
   * connects afresh; the failed request is not repeated, it may have acted.
   */
  const withHub = async <T>(fn: (c: Client) => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const current = hub();
      try {
        return await fn(await current);
      } catch (error) {
        // An MCP error came from a live hub over a working session: keep the session.
        if (error instanceof McpError) throw error;
        dropConnection(current);
        if (attempt > 0 || !(error instanceof StreamableHTTPError && error.code === 404)) throw error;
      }
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, () => withHub((c) => c.listTools()));
  // Over stdio requests arrive in order; as separate HTTP requests they could
  // overtake each other. Calls for one tab are forwarded one after another
  // (the hub runs them in that order); different tabs still run in parallel.
  const inOrder = takingTurns();

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    try {
      const tabId = (request.params.arguments as { tabId?: unknown } | undefined)?.tabId;
      return await inOrder(typeof tabId === 'number' ? `tab:${tabId}` : 'current', async () =>
        withHub(async (c) => (await c.callTool(request.params, undefined, { timeout: 660_000, signal: extra.signal })) as CallToolResult),
      );
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `Error EXTENSION_DISCONNECTED: the browser-agent hub on port ${port} did not answer (${(error as Error).message}). Is "browser-agent serve" still running? The next call connects again.` }] };
    }
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => process.exit(0);
  process.stdin.once('end', () => process.exit(0));
  await server.connect(transport);
  log(`MCP server ready on stdio, using the hub on port ${port}`);
}
