/**
 * MCP over Streamable HTTP at /mcp, for `browser-agent serve`: several
 * clients share one browser, each in its own session (and tab group).
 * Loopback only (the hub checks Host), no cross-site callers (Origin), and a
 * bearer token (the pairing token) so other local users' programs stay out.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserConnection } from '../browser.ts';
import type { ExtensionHub } from '../hub.ts';
import { log } from '../log.ts';
import { tokenMatches } from '../pairing.ts';
import { createMcpServer } from './server.ts';

interface Options {
  token: string;
  outputDir: string;
  allowFileUrls: boolean;
  caps: string[];
}

export function mountMcpHttp(hub: ExtensionHub, browser: BrowserConnection, options: Options): void {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  hub.mount('/mcp', async (req, res) => {
    const origin = req.headers.origin;
    if (origin && !isOwnOrigin(origin, hub.port)) {
      log(`refused /mcp from origin ${origin}`);
      return reject(res, 403, `Origin ${origin} may not use this server.`);
    }
    if (!tokenMatches(`Bearer ${options.token}`, req.headers.authorization ?? '')) {
      return reject(res, 401, 'Missing or wrong bearer token: send "Authorization: Bearer <token>" with the token from "browser-agent token".');
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      if (!transport) return reject(res, 404, `Unknown MCP session ${sessionId}; start a new session (initialize).`);
      return transport.handleRequest(req, res);
    }
    await newSession(req, res);
  });

  async function newSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    const session = browser.forSession(() => ({ id: transport.sessionId ?? 'initializing', name: server.getClientVersion()?.name || 'Agent' }));
    const server = createMcpServer({ browser: session, outputDir: options.outputDir, allowFileUrls: options.allowFileUrls }, options.caps);
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      session.dispose();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }
}

function isOwnOrigin(origin: string, port: number): boolean {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`].includes(origin);
}

function reject(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message } }));
}
