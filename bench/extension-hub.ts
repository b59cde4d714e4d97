/**
 * The bench playing the agent server: the real ExtensionHub on a free port
 * and Chromium with the built extension paired to it, so benchmarks can send
 * protocol commands without MCP in between and still reach pages and the
 * content script's world through Playwright.
 */
import { ExtensionHub } from '../agent-server/src/hub.ts';
import { createHome, freePort } from '../e2e/helpers/agent-server.ts';
import { ExtensionBrowser } from '../e2e/helpers/extension-browser.ts';
import { removeDir, tempDir } from '../e2e/helpers/paths.ts';

export interface BenchHub {
  hub: ExtensionHub;
  browser: ExtensionBrowser;
  stop(): Promise<void>;
}

export async function startBenchHub(name: string): Promise<BenchHub> {
  const dir = tempDir(name);
  const port = await freePort();
  const { token } = createHome(dir);
  const hub = new ExtensionHub({ port, token });
  await hub.listen();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const stop = async () => {
    await hub.close();
    await browser.stop();
    removeDir(dir);
  };
  if (!(await hub.waitForConnection(15_000))) {
    await stop();
    throw new Error('the extension did not connect to the bench hub');
  }
  return { hub, browser, stop };
}
