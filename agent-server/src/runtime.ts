/**
 * Builds the running pieces — hub, browser connection — from options, and
 * tears them down again. Shared by `mcp` and `start`.
 */
import { BrowserConnection } from './browser.ts';
import { ExtensionHub } from './hub.ts';
import { log, warn } from './log.ts';
import type { ServerOptions } from './options.ts';
import { loadOrCreateToken } from './pairing.ts';

export interface Runtime {
  hub: ExtensionHub;
  browser: BrowserConnection;
  close(): Promise<void>;
}

export async function startRuntime(options: ServerOptions): Promise<Runtime> {
  const token = loadOrCreateToken();
  let hub = new ExtensionHub({ port: options.port, token, extraExtensionIds: options.extraExtensionIds });
  let launch = options.launch;
  try {
    await hub.listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const busy = `Port ${options.port} is already in use (another browser-agent server, or another program).`;
    if (options.portGiven || launch === 'never') throw new Error(`${busy} Stop that process or pass a different --port. Nothing was killed.`);
    // Never fight over the port: run privately with our own managed browser.
    warn(`${busy} Your own browser's extension stays with that server; this one uses a private port and a managed browser.`);
    hub = new ExtensionHub({ port: 0, token, extraExtensionIds: options.extraExtensionIds });
    await hub.listen();
    launch = 'always';
  }
  log(`extension endpoint on ws://127.0.0.1:${hub.port}/extension`);
  const browser = new BrowserConnection(hub, {
    launch,
    headless: options.headless,
    chromePath: options.chromePath,
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
