import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import crypto from 'node:crypto';
import { log, setQuiet, warn } from '../log.ts';
import { createMcpServer } from '../mcp/server.ts';
import { parseServerOptions } from '../options.ts';
import { probe, startRuntime } from '../runtime.ts';
import { runBridge } from '../mcp/bridge.ts';
import { loadOrCreateToken } from '../pairing.ts';

/** MCP over stdio. Runs until the client goes away; then the managed browser closes too. */
export async function runMcp(args: string[]): Promise<number> {
  const options = parseServerOptions(args);
  setQuiet(options.quiet);
  // A running hub (browser-agent serve) owns the browser: join it as one more session.
  if ((await probe(options.port))?.role === 'hub') {
    await runBridge(options.port, loadOrCreateToken());
    return -1;
  }
  const runtime = await startRuntime(options);
  const sessionId = crypto.randomUUID();
  // The session is named after the MCP client (its tab group shows that name).
  const session = () => ({ id: sessionId, name: server.getClientVersion()?.name || 'Agent' });
  const server: Server = createMcpServer({ browser: runtime.browser.forSession(session), outputDir: options.outputDir, allowFileUrls: options.allowFileUrls }, options.caps);
  const transport = new StdioServerTransport();

  let shuttingDown = false;
  const shutdown = async (why: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`shutting down: ${why}`);
    await server.close().catch(() => undefined);
    await runtime.close();
    process.exit(0);
  };
  transport.onclose = () => void shutdown('the MCP client closed the connection');
  process.stdin.once('end', () => void shutdown('stdin closed'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await server.connect(transport);
  log('MCP server ready on stdio');
  if (options.launch === 'always') {
    runtime.browser.start().catch((error: Error) => warn(`could not start the managed browser: ${error.message}`));
  }
  return -1;
}
