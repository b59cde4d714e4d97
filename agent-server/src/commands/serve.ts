/**
 * `browser-agent serve`: a long-lived hub. The extension endpoint plus MCP
 * over Streamable HTTP at /mcp; stdio servers started later use it too, so
 * several agents share one browser, each in its own tab group.
 */
import { log, setQuiet } from '../log.ts';
import { mountMcpHttp } from '../mcp/http.ts';
import { parseServerOptions } from '../options.ts';
import { mountPlayground } from '../playground/mount.ts';
import { loadOrCreateToken } from '../pairing.ts';
import { startRuntime } from '../runtime.ts';

export async function runServe(args: string[]): Promise<number> {
  const options = parseServerOptions(args);
  setQuiet(options.quiet);
  const runtime = await startRuntime(options, 'hub');
  mountMcpHttp(runtime.hub, runtime.browser, { token: loadOrCreateToken(), outputDir: options.outputDir, allowFileUrls: options.allowFileUrls, caps: options.caps });
  mountPlayground(runtime.hub);
  const base = `http://127.0.0.1:${runtime.hub.port}`;
  process.stderr.write(
    `browser-agent hub on ${base}\n` +
      `  Playground: ${base}/#token=${loadOrCreateToken()}  — try every tool by hand in your browser\n` +
      `  MCP (Streamable HTTP): ${base}/mcp  — header "Authorization: Bearer <token>", token from "browser-agent token"\n` +
      `  "browser-agent mcp" (stdio) started now uses this hub; each client gets its own tab group.\n`,
  );
  if (options.launch === 'always') await runtime.browser.start();
  const shutdown = (why: string) => {
    log(`shutting down: ${why}`);
    void runtime.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  return -1;
}
