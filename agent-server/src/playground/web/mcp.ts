/** The playground's MCP client: the SDK's own Client over Streamable HTTP to this hub's /mcp. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export type { CallToolResult, Tool };

export interface Connection {
  tools: Tool[];
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

const SESSION_KEY = 'browser-agent-playground-session';

/**
 * The SDK's default validator (Ajv) compiles schemas with new Function,
 * which the page's Content-Security-Policy forbids. The playground shows
 * results as they come; it does not need to check structured output.
 */
const acceptAll: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/**
 * Connects, resuming this tab's MCP session after a reload when the hub
 * still has it: the agent's tabs belong to the session, so a history entry
 * re-run after a reload still finds them. A hub that restarted has
 * forgotten the session (404), and we start a new one.
 */
export async function connect(token: string): Promise<Connection> {
  const saved = sessionStorage.getItem(SESSION_KEY) ?? undefined;
  if (saved) {
    try {
      return await open(token, saved);
    } catch {
      sessionStorage.removeItem(SESSION_KEY);
    }
  }
  return open(token, undefined);
}

async function open(token: string, sessionId: string | undefined): Promise<Connection> {
  const client = new Client({ name: 'playground', version: '1.0.0' }, { jsonSchemaValidator: acceptAll });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', location.origin), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    sessionId,
  });
  // With a sessionId the SDK skips initialize and talks to the existing session.
  await client.connect(transport);
  const { tools } = await client.listTools();
  if (transport.sessionId) sessionStorage.setItem(SESSION_KEY, transport.sessionId);
  return {
    tools,
    // Long waits (browser_wait_for, slow pages) are the tool's business; the SDK's 60 s default would cut them off.
    call: async (name, args) => (await client.callTool({ name, arguments: args }, undefined, { timeout: 10 * 60_000 })) as CallToolResult,
    close: () => client.close(),
  };
}
