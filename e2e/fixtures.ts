import { expect, test as base } from '@playwright/test';
import { createHome, freePort, McpServerProcess } from './helpers/agent-server.ts';
import { ExtensionBrowser } from './helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from './helpers/paths.ts';
import { TestServer } from './helpers/server.ts';

export interface Agent {
  /** Chromium with the extension, paired with `server`. */
  browser: ExtensionBrowser;
  /** The real agent server, driven by a real MCP client over stdio. */
  server: McpServerProcess;
  /** Test pages on 127.0.0.1. */
  pages: TestServer;
  port: number;
  token: string;
  home: string;
  dir: string;
}

/** Starts the whole chain: test page server, agent server (no managed launch), Chromium with the paired extension. */
export async function startAgent(name: string, serverArgs: string[] = []): Promise<Agent> {
  assertBuilt();
  const dir = tempDir(name);
  const port = await freePort();
  const { home, token } = createHome(dir);
  const pages = await new TestServer().start();
  const server = await new McpServerProcess({ args: ['--port', String(port), '--no-launch', ...serverArgs], home }).start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  await server.waitForLog(/extension .* connected/);
  return { browser, server, pages, port, token, home, dir };
}

export async function stopAgent(agent: Agent): Promise<void> {
  await agent.server.stop();
  await agent.browser.stop();
  await agent.pages.stop();
  removeDir(agent.dir);
}

export const test = base.extend<{ agent: Agent }, { workerAgent: Agent }>({
  workerAgent: [
    async ({}, use, workerInfo) => {
      const agent = await startAgent(`agent-w${workerInfo.workerIndex}`);
      await use(agent);
      await stopAgent(agent);
    },
    { scope: 'worker' },
  ],
  agent: async ({ workerAgent }, use, testInfo) => {
    const logStart = workerAgent.server.log.length;
    await use(workerAgent);
    // The server survives a promise that failed unheard (cli.ts), but that is still a bug of ours.
    expect(workerAgent.server.log.slice(logStart), 'the agent server logged an internal error').not.toContain('internal error (unhandled rejection)');
    // The server is shared by the worker's tests: its log explains a failure (or an exit) that a test only sees as a closed connection.
    if (testInfo.status !== testInfo.expectedStatus) console.log(`--- agent server log (end) ---\n${workerAgent.server.log.slice(-4000)}`);
    // Every later test of the worker would run in a tab behind it, where the browser draws nothing (seen: frame clicks
    // failed in some full runs only). A test that puts a tab in front of the agent's puts the agent's back.
    else expect(await agentTabBehind(workerAgent), 'the test left another tab in front of the agent\'s current tab').toBe(false);
  },
});

export { expect } from '@playwright/test';

/** Whether the agent's current tab (if it has one) is behind another tab of its window. */
async function agentTabBehind(agent: Agent): Promise<boolean> {
  const list = await agent.server.call('browser_tabs', { action: 'list' });
  const current = Number(/\[current\] tab (\d+)/.exec(list.text)?.[1]);
  if (!current) return false;
  const worker = await agent.browser.serviceWorker();
  return worker.evaluate(async (id) => !(await chrome.tabs.get(id).catch(() => ({ active: true }))).active, current);
}
