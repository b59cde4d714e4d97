import { expect, startAgent, stopAgent, type Agent } from './fixtures.ts';
import { test } from '@playwright/test';
import { McpServerProcess } from './helpers/agent-server.ts';
import { pageAt } from './helpers/pages.ts';
import { html } from './helpers/server.ts';

// These tests break the connection on purpose, so each gets its own chain.
let agent: Agent;
test.beforeEach(async ({}, testInfo) => {
  agent = await startAgent(`conn-${testInfo.workerIndex}`);
});
test.afterEach(async () => {
  await stopAgent(agent);
});

test('after the server restarts, the extension reconnects by itself and the next call works', async () => {
  const url = agent.pages.page('/a', html('<button>One</button>', 'Before restart'));
  await agent.server.ok('browser_navigate', { url });
  await agent.server.stop();

  // Same port, same token, no managed browser: only the user's extension can answer.
  const restarted = await new McpServerProcess({ args: ['--port', String(agent.port), '--no-launch'], home: agent.home }).start();
  agent.server = restarted;
  const started = Date.now();
  await restarted.waitForLog(/extension .* connected/, 5_000);
  console.log(`reconnected ${Date.now() - started} ms after the server came back`);
  const { text } = await restarted.ok('browser_snapshot');
  expect(text).toMatch(/button "One" \[ref=e\d+\]/);
});

test('a wait in flight when the server is killed ends with its connection: the restarted server\'s first command to the tab runs at once', async () => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/waiting', html('<p>Loading…</p>', 'Waiting')) });
  const orphan = agent.server.call('browser_wait_for', { text: 'Never shown', timeout: 30_000 }).catch(() => null);
  await new Promise((r) => setTimeout(r, 300)); // let the command reach the browser
  // Killed: no goodbye, no cancel for the wait, only the socket closing.
  process.kill(agent.server.pid!, 'SIGKILL');
  await orphan;
  await agent.server.stop();
  agent.server = await new McpServerProcess({ args: ['--port', String(agent.port), '--no-launch'], home: agent.home }).start();
  await agent.server.waitForLog(/extension .* connected/, 5_000);
  // Far shorter than what the orphaned wait had left: queued behind it, this would time out.
  expect((await agent.server.ok('browser_snapshot', { timeout: 3000 })).text).toContain('- paragraph: Loading…');
});

test('after Chrome stops the service worker, it comes back and reconnects without user action', async () => {
  const url = agent.pages.page('/b', html('<button>Still here</button>', 'Worker restart'));
  await agent.server.ok('browser_navigate', { url });
  const connections = () => agent.server.log.match(/extension .* connected/g)?.length ?? 0;
  const before = connections();

  await agent.browser.stopServiceWorker();
  await agent.server.waitForLog(/extension disconnected/);
  // Any browser event wakes a stopped worker; the alarm would too, within 30 s.
  const page = await agent.browser.context.newPage();
  await page.goto(agent.pages.page('/wake', html('<p>wake</p>')));
  await expect.poll(connections, { timeout: 35_000 }).toBeGreaterThan(before);

  // Tab routing survived: state is in chrome.storage.session, not in the dead worker.
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toContain('button "Still here"');
  await page.close();
});

test('a command in flight when the extension disconnects fails at once with EXTENSION_DISCONNECTED', async () => {
  agent.pages.page('/first', html('<p>first</p>', 'First'));
  await agent.server.ok('browser_navigate', { url: agent.pages.url('/first') });
  // A page that never finishes loading keeps navigate waiting.
  agent.pages.hang('/never');
  const pending = agent.server.call('browser_navigate', { url: agent.pages.url('/never') });
  await new Promise((r) => setTimeout(r, 500)); // let the command reach the browser
  const started = Date.now();
  await agent.browser.stopServiceWorker();
  const result = await pending;
  expect(result.isError).toBe(true);
  expect(result.text).toContain('EXTENSION_DISCONNECTED');
  expect(Date.now() - started).toBeLessThan(10_000); // not the 30 s command timeout
});

test('a command for a tab the user closed gives a typed error', async () => {
  const nav = await agent.server.ok('browser_navigate', { url: agent.pages.page('/c', html('<p>closing</p>', 'Closing')) });
  const tabId = Number(/Tab: (\d+)/.exec(nav.text)![1]);
  // Playwright may learn the tab's new URL a moment after the navigation answered.
  await expect.poll(() => agent.browser.context.pages().some((p) => p.url().endsWith('/c'))).toBe(true);
  await (await pageAt(agent.browser.context, '/c')).close();
  const result = await agent.server.call('browser_snapshot', { tabId });
  expect(result.isError).toBe(true);
  // Whether or not the news of the close has reached the extension yet.
  expect(result.text).toMatch(/TAB_CLOSED: Tab \d+ (is|was) closed/);
  const current = await agent.server.call('browser_snapshot');
  expect(current.text).toContain('NO_TAB');
});

test('a tab closed while navigating gives TAB_CLOSED', async () => {
  const nav = await agent.server.ok('browser_navigate', { url: agent.pages.page('/d', html('<p>d</p>', 'D')) });
  const tabId = Number(/Tab: (\d+)/.exec(nav.text)![1]);
  agent.pages.hang('/slow');
  const pending = agent.server.call('browser_navigate', { url: agent.pages.url('/slow'), tabId });
  await new Promise((r) => setTimeout(r, 500));
  const page = agent.browser.context.pages().find((p) => p.url().includes('/d') || p.url().includes('/slow'))!;
  await page.close();
  const result = await pending;
  expect(result.isError).toBe(true);
  expect(result.text).toContain('TAB_CLOSED');
});

test('every command has a timeout that is a typed error', async () => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/e', html('<p>e</p>')) });
  agent.pages.hang('/forever');
  const result = await agent.server.call('browser_navigate', { url: agent.pages.url('/forever'), timeout: 1500 });
  expect(result.isError).toBe(true);
  // The page's own wait ends first, so the error says what it waited for.
  expect(result.text).toMatch(/NAV_TIMEOUT: .*\/forever did not finish loading in time \(waiting for load\)/);
});

test('a tab that was open before the extension loaded gets the content script injected on demand', async () => {
  const url = agent.pages.page('/old', html('<button>Old tab</button>', 'Old tab'));
  await agent.server.ok('browser_navigate', { url });
  const connections = () => agent.server.log.match(/extension .* connected/g)?.length ?? 0;
  const before = connections();
  // Reloading the extension leaves the tab without a live content script, as
  // for tabs opened before installation.
  const worker = await agent.browser.serviceWorker();
  await worker.evaluate(() => (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload()).catch(() => undefined);
  await expect.poll(connections, { timeout: 20_000 }).toBeGreaterThan(before);
  // In a paired managed-style profile the restarted extension adopts the open tabs.
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/button "Old tab" \[ref=e\d+\]/);
});
