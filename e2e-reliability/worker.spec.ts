/**
 * The MV3 service worker stopped 10 times, as Chrome does when idle or on
 * update. Playwright's CDP connection would keep it alive forever
 * (../shared/CHROMIUM.md), so the test closes the worker target itself. Each
 * time the worker must come back and reconnect on its own, and the agent's
 * session must survive: same tab, same tab group, and a ref taken before the
 * stop still clicks the same element after it.
 */
import { expect, test } from '@playwright/test';
import { freePort, createHome, McpServerProcess } from '../e2e/helpers/agent-server.ts';
import { ExtensionBrowser } from '../e2e/helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from '../e2e/helpers/paths.ts';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { figure, scaled, tabIdOf } from './helpers.ts';

const STOPS = scaled(10, 2);

const PAGE = `<button id="b" onclick="this.dataset.n = String(Number(this.dataset.n || 0) + 1); this.textContent = 'Clicked ' + this.dataset.n">Press</button>`;

test('service worker stopped 10×: reconnects each time; session, tab group and refs still work', async () => {
  test.setTimeout(15 * 60_000);
  assertBuilt();
  const dir = tempDir('rel-worker');
  const port = await freePort();
  const { home, token } = createHome(dir);
  const pages = await new TestServer().start();
  const server = await new McpServerProcess({ args: ['--port', String(port), '--no-launch'], home, clientName: 'worker-test' }).start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const times: number[] = [];
  try {
    await server.waitForLog(/extension .* connected/, 15_000);
    const tabId = tabIdOf(await server.ok('browser_navigate', { url: pages.page('/w', html(PAGE, 'Worker')) }));
    const snapshot = (await server.ok('browser_snapshot')).text;
    const ref = /button "Press" \[ref=(e\d+)\]/.exec(snapshot)?.[1];
    expect(ref, snapshot).toBeTruthy();
    const connections = () => (server.log.match(/extension .* connected/g) ?? []).length;

    for (let i = 1; i <= STOPS; i++) {
      const before = connections();
      const stopped = performance.now();
      await browser.stopServiceWorker();
      await expect.poll(() => server.log.split('extension disconnected').length - 1, { timeout: 10_000 }).toBeGreaterThanOrEqual(i);
      await expect.poll(connections, { timeout: 60_000, intervals: [50] }).toBe(before + 1);
      times.push(performance.now() - stopped);

      // The same ref, issued before the stop, still acts on the same element.
      await server.ok('browser_click', { ref, tabId });
      expect((await server.ok('browser_evaluate', { expression: `document.getElementById('b').textContent`, tabId })).text).toContain(`Clicked ${i}`);
      // The tab is still this agent's, and in its group.
      expect((await server.ok('browser_tabs', { action: 'list' })).text).toContain(`tab ${tabId}:`);
    }
    const worker = await browser.serviceWorker();
    const groups = await worker.evaluate(async (id) => {
      const tab = await chrome.tabs.get(id);
      return tab.groupId >= 0 ? (await chrome.tabGroups.get(tab.groupId)).title : null;
    }, tabId);
    expect(groups).toBe('worker-test');
    const sorted = [...times].sort((a, b) => a - b);
    figure('service worker', `${STOPS} stops, reconnected ${STOPS}×; from stop to "extension connected": median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ref ${ref} clicked the same button after every stop; tab ${tabId} stayed in group "${groups}"`);
  } finally {
    await server.stop();
    await browser.stop();
    await pages.stop();
    removeDir(dir);
  }
});
