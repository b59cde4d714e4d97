/** The playground's MCP client: the SDK's own Client over Streamable HTTP to this hub's /mcp. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

export type { CallToolResult, Tool };

export interface Connection {
  tools: Tool[];
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(token: string): Promise<Connection> {
  const client = new Client({ name: 'playground', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', location.origin), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  const { tools } = await client.listTools();
  return {
    tools,
    // Long waits (browser_wait_for, slow pages) are the tool's business; the SDK's 60 s default would cut them off.
    call: async (name, args) => (await client.callTool({ name, arguments: args }, undefined, { timeout: 10 * 60_000 })) as CallToolResult,
    close: () => client.close(),
  };
}
