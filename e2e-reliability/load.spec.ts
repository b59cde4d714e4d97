/**
 * Load: 10,000 commands over 5 tabs from 3 concurrent MCP clients sharing one
 * hub. Every command carries its sequence number into its tab and the page
 * answers with its title, that number and the number it saw last, so a reply
 * proves it ran in the right tab (not misrouted), for the right request, and
 * right after its predecessor (in order, nothing lost or run twice).
 */
import { expect, test } from '@playwright/test';
import { createHome, freePort, McpServerProcess } from '../e2e/helpers/agent-server.ts';
import { ExtensionBrowser } from '../e2e/helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from '../e2e/helpers/paths.ts';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { errorCode, figure, Hub, openedTabId, scaled, tabIdOf } from './helpers.ts';

const TOTAL = scaled(10_000, 50);
/**
 * Commands in flight per tab. 1 (default): each tab's commands are sequential, as an agent
 * issues them, while 5 tabs and 3 clients run concurrently. RELIABILITY_DEPTH=2 pipelines
 * two per tab; MCP gives no order between concurrent requests (the stdio bridge sends each
 * as its own HTTP POST), so reordering is then reported, and fails the test.
 */
const DEPTH = Number(process.env.RELIABILITY_DEPTH ?? '1');

interface Lane {
  client: McpServerProcess;
  tabId: number;
  marker: string;
}

test('10,000 commands, 5 tabs, 3 clients: none lost, misrouted or out of order', async () => {
  test.setTimeout(20 * 60_000);
  assertBuilt();
  const dir = tempDir('rel-load');
  const port = await freePort();
  const { home, token } = createHome(dir);
  const hub = new Hub(port, home);
  await hub.start();
  const pages = await new TestServer().start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const clients = await Promise.all(['agent-a', 'agent-b', 'agent-c'].map((clientName) => new McpServerProcess({ args: ['--port', String(port)], home, clientName }).start()));
  try {
    await hub.waitFor(/extension .* connected/, 15_000);
    // 5 tabs: two each for the first two clients, one for the third.
    const lanes: Lane[] = [];
    for (const [k, client] of [clients[0], clients[0], clients[1], clients[1], clients[2]].entries()) {
      const marker = `tab-${k}`;
      const url = pages.page(`/${marker}`, html(`<h1>${marker}</h1>`, marker));
      const first = !lanes.some((l) => l.client === client);
      const tabId = first ? tabIdOf(await client.ok('browser_navigate', { url })) : openedTabId(await client.ok('browser_tabs', { action: 'new', url }));
      lanes.push({ client, tabId, marker });
    }
    const perLane = Math.ceil(TOTAL / lanes.length);
    const problems: string[] = [];
    let done = 0;
    const latencies: number[] = [];

    const runLane = async (lane: Lane) => {
      // Make sure the page is there before counting on window state.
      await expect.poll(async () => (await lane.client.ok('browser_evaluate', { expression: 'document.title', tabId: lane.tabId })).text).toContain(lane.marker);
      let last = -1;
      const inFlight = new Set<Promise<void>>();
      for (let i = 0; i < perLane; i++) {
        const seq = i;
        const expression = `(() => { const prev = window.__seq ?? -1; window.__seq = ${seq}; return document.title + '|' + ${seq} + '|' + prev; })()`;
        const start = performance.now();
        const p = lane.client.call('browser_evaluate', { expression, tabId: lane.tabId }).then((result) => {
          latencies.push(performance.now() - start);
          done++;
          const m = /(tab-\d+)\|(\d+)\|(-?\d+)/.exec(result.text);
          if (result.isError || !m) problems.push(`${lane.marker} #${seq}: ${errorCode(result) ?? 'unreadable'}: ${result.text.slice(0, 200)}`);
          else if (m[1] !== lane.marker) problems.push(`${lane.marker} #${seq}: misrouted, ran in ${m[1]}`);
          else if (Number(m[2]) !== seq) problems.push(`${lane.marker} #${seq}: reply belongs to #${m[2]}`);
          else if (Number(m[3]) !== seq - 1) problems.push(`${lane.marker} #${seq}: out of order, ran after #${m[3]}`);
          else last = seq;
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        if (inFlight.size >= DEPTH) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      return last;
    };

    const started = performance.now();
    const lasts = await Promise.all(lanes.map(runLane));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    figure('load', `${done} commands over ${lanes.length} tabs from ${clients.length} clients in ${seconds.toFixed(1)} s ` +
      `(${Math.round(done / seconds)}/s, median ${latencies[Math.floor(latencies.length / 2)].toFixed(1)} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)].toFixed(1)} ms); ` +
      `${problems.length} lost, misrouted or out of order (${DEPTH} in flight per tab)`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(done).toBe(perLane * lanes.length);
    expect(lasts).toEqual(lanes.map(() => perLane - 1));
  } finally {
    await Promise.all(clients.map((c) => c.stop()));
    await hub.stop();
    await browser.stop();
    await pages.stop();
    removeDir(dir);
  }
});
