import { expect, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createHome, freePort, McpServerProcess } from './helpers/agent-server.ts';
import { assertBuilt, CLI, removeDir, tempDir } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';

function chromiumProcessesUsing(dir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', dir], { encoding: 'utf8' }).split('\n').filter((line) => line.includes('chrom'));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/**
 * A server in managed mode, as an MCP client starts it: no extension connects,
 * so its first tool call launches Chromium (TMPDIR short on purpose: Chromium's
 * socket path under it must stay short). `close` stops the client and waits for
 * the browser to go; `remove` deletes the folders.
 */
async function startManaged(name: string, args: string[] = [], pages?: TestServer) {
  assertBuilt();
  const dir = tempDir(name);
  const tmp = fs.mkdtempSync('/tmp/ba-e2e-');
  const { home } = createHome(dir);
  const server = await new McpServerProcess({ args: ['--port', String(await freePort()), ...args], home, env: { TMPDIR: tmp } }).start();
  return {
    tmp,
    server,
    async close() {
      await server.stop();
      await pages?.stop();
      await expect.poll(() => chromiumProcessesUsing(tmp).length, { timeout: 15_000 }).toBe(0);
    },
    remove() {
      removeDir(dir);
      removeDir(tmp);
    },
  };
}

test('managed mode: the first tool call launches Chromium; closing the last tab keeps it, a dead one is started again, and it closes with the client', async () => {
  const pages = await new TestServer().start();
  const { server, tmp, close, remove } = await startManaged('managed', [], pages);
  try {
    const url = pages.page('/managed', html('<h1>Managed</h1><a href="/next">Next page</a> <a href="/report.csv">Report</a>', 'Managed page'));
    pages.page('/report.csv', 'a,b\n1,2\n', { contentType: 'text/csv', headers: { 'content-disposition': 'attachment; filename="report.csv"' } });
    const nav = await server.ok('browser_navigate', { url });
    expect(nav.text).toContain('Title: Managed page');
    // Called at once, the first call gives a user's extension its moment to connect first.
    expect(server.log).toMatch(/waiting up to \d+ ms for your browser's extension to connect before launching a managed browser\n.*launching .*chrom.* \(headless\)/);
    const { text } = await server.ok('browser_snapshot');
    expect(text).toContain('- heading "Managed" [level=1]');
    expect(text).toMatch(/- link "Next page" \[ref=e\d+\]/);
    expect(text).toContain('/url: /next');
    expect(chromiumProcessesUsing(tmp).length).toBeGreaterThan(0);
    // Downloads go to the output directory (beside screenshots), not the user's Downloads folder.
    const download = await server.ok('browser_click', { selector: 'a[href="/report.csv"]' });
    expect(download.text).toContain(`Downloaded report.csv (8 bytes) to ${path.join(tmp, 'browser-agent-output', 'report.csv')}`);

    // Closing the agent's only tab leaves the browser running (Chromium quits with its last tab).
    expect((await server.ok('browser_tabs', { action: 'close' })).text).toContain('no tabs left');
    expect((await server.ok('browser_navigate', { url })).text).toContain('Title: Managed page');
    const launches = () => server.log.match(/launching .*chrom/g)?.length ?? 0;
    expect(launches()).toBe(1);
    // A browser that goes away anyway (killed, crashed) is started again by the next call.
    execFileSync('pkill', ['-KILL', '-f', tmp]);
    await expect.poll(() => server.log).toContain('managed browser exited');
    expect((await server.ok('browser_navigate', { url })).text).toContain('Title: Managed page');
    expect(launches()).toBe(2);
  } finally {
    // The browser and its profile go away with the MCP client.
    await close();
  }
  // (The output directory, with the screenshots and downloads, stays.)
  await expect.poll(() => fs.readdirSync(tmp).filter((name) => name.startsWith('browser-agent-') && name !== 'browser-agent-output'), { timeout: 10_000 }).toEqual([]);
  remove();
});

test('managed mode: a first tool call that comes once the server has been up a while launches at once, without waiting for an extension', async () => {
  const pages = await new TestServer().start();
  const { server, close, remove } = await startManaged('managed-later', [], pages);
  try {
    // Longer than a user's extension that is on takes to connect (its retries back off to 1 s).
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect((await server.ok('browser_navigate', { url: pages.page('/later', html('<h1>Later</h1>', 'Later')) })).text).toContain('Title: Later');
    expect(server.log).toMatch(/launching .*chrom/);
    expect(server.log).not.toContain("waiting up to");
  } finally {
    await close();
  }
  remove();
});

test('managed mode: a missing browser is a clear error, not a hang', async () => {
  assertBuilt();
  const dir = tempDir('managed-missing');
  const { home } = createHome(dir);
  const server = await new McpServerProcess({
    args: ['--port', String(await freePort()), '--launch'],
    home,
    env: { CHROME_PATH: path.join(dir, 'no-such-chromium') },
  }).start();
  try {
    const result = await server.call('browser_navigate', { url: 'http://127.0.0.1:9/' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('BROWSER_LAUNCH_FAILED');
    expect(result.text).toContain('no-such-chromium');
  } finally {
    await server.stop();
    removeDir(dir);
  }
});

test('managed mode with --ignore-https-errors opens a page whose certificate is self-signed; with --no-launch the flag is refused', async () => {
  const tls = await new TestServer({ tls: true }).start();
  const { server, close, remove } = await startManaged('managed-tls', ['--ignore-https-errors'], tls);
  try {
    const nav = await server.ok('browser_navigate', { url: tls.page('/dev', html('<h1>Dev server</h1>', 'Dev')) });
    expect(nav.text).toContain('Title: Dev');
    expect(server.log).toContain('--ignore-https-errors applies to the managed browser only');
  } finally {
    await close();
  }
  const refused = spawnSync(process.execPath, [CLI, 'mcp', '--no-launch', '--ignore-https-errors'], { encoding: 'utf8', input: '' });
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toContain('--ignore-https-errors applies to a managed browser, and --no-launch never starts one');
  remove();
});

test('two agents that each start browser-agent mcp get two isolated browsers; the busy port is reported, not taken', async () => {
  assertBuilt();
  const dir = tempDir('managed-two');
  const tmp = fs.mkdtempSync('/tmp/ba-e2e-');
  const { home } = createHome(dir);
  const pages = await new TestServer().start();
  const port = await freePort();
  // Both want the same port, as two agents with the default configuration would.
  const first = await new McpServerProcess({ args: [], home, env: { TMPDIR: tmp, BROWSER_AGENT_PORT: String(port) } }).start();
  await first.waitForLog(new RegExp(`extension endpoint on ws://127.0.0.1:${port}/`));
  const second = await new McpServerProcess({ args: [], home, env: { TMPDIR: tmp, BROWSER_AGENT_PORT: String(port) } }).start();
  try {
    await second.waitForLog(/is already in use \(by another browser-agent server/);
    const url = pages.page('/cookie', html('<p id="c"></p><script>document.getElementById("c").textContent = "seen:" + document.cookie; document.cookie = "agent=" + Math.random();</script>', 'Cookie'));
    await first.ok('browser_navigate', { url });
    await second.ok('browser_navigate', { url });
    // Each browser has its own profile: neither sees the cookie the other set.
    expect((await first.ok('browser_get', { what: 'text', selector: '#c' })).text).toBe('seen:');
    expect((await second.ok('browser_get', { what: 'text', selector: '#c' })).text).toBe('seen:');
    expect(first.log).toMatch(/launching/);
    expect(second.log).toMatch(/launching/);
  } finally {
    await first.stop();
    await second.stop();
    await pages.stop();
  }
  await expect.poll(() => chromiumProcessesUsing(tmp).length, { timeout: 15_000 }).toBe(0);
  removeDir(dir);
  removeDir(tmp);
});

// Needs a browser Playwright does not drive: Playwright emulates focus on every page it controls,
// so in the other specs a tab behind another is never throttled.
test('a tab the agent works in while another tab is in front runs its timers and animation frames as if in front', async () => {
  const pages = await new TestServer().start();
  const { server, close, remove } = await startManaged('managed-behind', [], pages);
  try {
    // Ten chained 100 ms timers (a debounce, a poll, a staged render), and one animation frame.
    const url = pages.page('/chain', html(`
      <button onclick="let n = 0; const step = () => (++n < 10 ? setTimeout(step, 100) : (out.textContent = 'Done')); step();
        requestAnimationFrame(() => (frame.textContent = 'painted'))">Start</button>
      <p id="out">-</p><p id="frame">-</p>`, 'Chain'));
    await server.ok('browser_navigate', { url });
    const tabId = Number(/Tab: (\d+)/.exec((await server.ok('browser_snapshot')).text)?.[1]);
    // Another tab comes to the front, as when a person works in their own tab beside the agent's.
    await server.ok('browser_tabs', { action: 'new', url: pages.page('/front', html('<h1>In front</h1>', 'Front')) });
    await server.ok('browser_click', { selector: 'button', tabId });
    // Behind another tab Chrome ran these timers once a second: 9 s, not 0.9 s.
    const done = await server.call('browser_wait_for', { text: 'Done', tabId, timeout: 4000 });
    expect(done.text).not.toContain('TIMEOUT');
    expect((await server.ok('browser_get', { what: 'text', selector: '#frame', tabId })).text).toBe('painted');
    expect((await server.ok('browser_evaluate', { expression: 'document.visibilityState', tabId })).text).toContain('visible');
    // A capture of it comes back (Chrome paints a tab behind another only once it is brought to the front).
    const shot = await server.ok('browser_take_screenshot', { tabId });
    expect(shot.images).toHaveLength(1);
    expect(shot.text).toMatch(/viewport \d+×\d+/);
  } finally {
    await close();
  }
  remove();
});
