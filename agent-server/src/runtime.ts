/**
 * Builds the running pieces — hub, browser connection — from options, and
 * tears them down again. Shared by `mcp` and `start`.
 */
import { BrowserConnection } from './browser.ts';
import { ExtensionHub } from './hub.ts';
import { log, warn } from './log.ts';
import type { ServerOptions } from './options.ts';
import { loadOrCreateToken } from './pairing.ts';

export interface HubHealth {
  name: string;
  version: string;
  role: 'hub' | 'stdio';
  extensionConnected: boolean;
}

/** What answers on a port: one of our servers (and which kind) or something else. */
export async function probe(port: number): Promise<HubHealth | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
    const health = (await response.json()) as Partial<HubHealth>;
    return health.name === 'browser-agent' ? (health as HubHealth) : null;
  } catch {
    return null;
  }
}

async function describePort(port: number): Promise<string> {
  const health = await probe(port);
  if (!health) return 'by a program that is not browser-agent';
  return health.role === 'hub' ? `by a browser-agent hub ${health.version}` : `by another browser-agent server ${health.version} (an MCP client's own)`;
}

export interface Runtime {
  hub: ExtensionHub;
  browser: BrowserConnection;
  close(): Promise<void>;
}

export async function startRuntime(options: ServerOptions, role: 'hub' | 'stdio' = 'stdio'): Promise<Runtime> {
  const token = loadOrCreateToken();
  let hub = new ExtensionHub({ port: options.port, token, role, extraExtensionIds: options.extraExtensionIds });
  let launch = options.launch;
  try {
    await hub.listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const busy = `Port ${options.port} is already in use (${await describePort(options.port)}).`;
    if (options.portGiven || launch === 'never' || role === 'hub') throw new Error(`${busy} Stop that process or pass a different --port. Nothing was killed.`);
    // Never fight over the port: run privately with our own managed browser.
    warn(`${busy} Your own browser's extension stays with that server; this one uses a private port and a managed browser.`);
    hub = new ExtensionHub({ port: 0, token, extraExtensionIds: options.extraExtensionIds });
    await hub.listen();
    launch = 'always';
  }
  log(`extension endpoint on ws://127.0.0.1:${hub.port}/extension`);
  if (options.ignoreHttpsErrors && launch !== 'always') log('--ignore-https-errors applies to the managed browser only; your own browser, when its extension connects, checks certificates as usual');
  const browser = new BrowserConnection(hub, {
    launch,
    headless: options.headless,
    chromePath: options.chromePath,
    ignoreHttpsErrors: options.ignoreHttpsErrors,
    downloadDir: options.outputDir,
    token,
    idleTimeoutMs: options.idleTimeoutMs,
    extensionGraceMs: 2500,
    launchTimeoutMs: 20_000,
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= Promise.all([browser.close(), hub.close()]).then(() => undefined));
  process.once('exit', () => browser.killNow());
  return { hub, browser, close };
}
