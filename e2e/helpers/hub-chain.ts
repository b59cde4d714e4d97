import { expect } from '@playwright/test';
import { createHome, freePort, McpServerProcess, startHub, type HubProcess } from './agent-server.ts';
import { ExtensionBrowser } from './extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from './paths.ts';
import { TestServer } from './server.ts';

/** A running hub, Chromium with the extension paired to it, and one stdio agent that joined the hub through the bridge. */
export interface HubChain {
  /** A test that restarts the hub puts the new one here (startHub with port and home), for stop() to stop. */
  hub: HubProcess;
  browser: ExtensionBrowser;
  agent: McpServerProcess;
  pages: TestServer;
  port: number;
  home: string;
  token: string;
  stop(): Promise<void>;
}

export async function startHubChain(name: string, clientName: string): Promise<HubChain> {
  assertBuilt();
  const dir = tempDir(name);
  const port = await freePort();
  const { home, token } = createHome(dir);
  const hub = startHub(port, home);
  const pages = await new TestServer().start();
  // The hub must own the port before the stdio server looks for it, or the agent would take it.
  await hub.ready;
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const agent = await new McpServerProcess({ args: ['--port', String(port)], home, clientName }).start();
  const chain: HubChain = {
    hub, browser, agent, pages, port, home, token,
    async stop() {
      await chain.agent.stop();
      await chain.hub.stop();
      await browser.stop();
      await pages.stop();
      removeDir(dir);
    },
  };
  await expect.poll(() => hub.output()).toContain('extension 0.1.0 connected');
  return chain;
}
