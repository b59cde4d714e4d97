/**
 * A tool call the MCP client cancels (the person pressed Esc, the client gave
 * up waiting) stops in the browser too: the tab's next command runs at once
 * instead of queueing behind a wait nobody is listening to any more.
 */
import { expect, test } from './fixtures.ts';
import { test as plain } from '@playwright/test';
import { startHubChain } from './helpers/hub-chain.ts';
import { pageAt } from './helpers/pages.ts';
import { html } from './helpers/server.ts';

// Far shorter than what the cancelled call would still have waited: a command queued behind it would time out.
const NEXT_TIMEOUT_MS = 3000;

test('a cancelled wait_for stops: the next command to the tab runs at once', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/cancel-wait', html('<p>Loading…</p>', 'Waiting')) });
  expect(await agent.server.callCancelled('browser_wait_for', { text: 'Never shown', timeout: 30_000 }, 300)).toContain('cancelled by the test');
  expect((await agent.server.ok('browser_snapshot', { timeout: NEXT_TIMEOUT_MS })).text).toContain('- paragraph: Loading…');
});

test('a cancelled navigate to a server that never answers leaves the tab to the next navigate', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/cancel-from', html('<p>Start</p>')) });
  expect(await agent.server.callCancelled('browser_navigate', { url: agent.pages.hang('/cancel-never'), timeout: 30_000 }, 300)).toContain('cancelled by the test');
  const next = await agent.server.ok('browser_navigate', { url: agent.pages.page('/cancel-to', html('<p>Arrived</p>', 'Arrived')), timeout: NEXT_TIMEOUT_MS });
  expect(next.text).toContain('Title: Arrived');
});

test('a click, hover, fill or select cancelled while its element is waited for never happens, even once the element shows', async ({ agent }) => {
  // The controls show 1.5 s after load; the agent gives up on each before that.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/cancel-late', html(`<button id="buy" hidden onclick="document.title = 'bought'">Buy</button>
    <button id="tip" hidden onmouseenter="document.title = 'hovered'">Tip</button><input id="note" hidden>
    <select id="size" hidden><option>S</option><option>M</option></select>
    <script>setTimeout(() => { for (const el of [buy, tip, note, size]) el.hidden = false; }, 2000)</script>`, 'Shop')) });
  expect(await agent.server.callCancelled('browser_click', { selector: '#buy', timeout: 10_000 }, 300)).toContain('cancelled by the test');
  expect(await agent.server.callCancelled('browser_hover', { selector: '#tip', timeout: 10_000 }, 300)).toContain('cancelled by the test');
  expect(await agent.server.callCancelled('browser_fill', { selector: '#note', value: 'late', timeout: 10_000 }, 300)).toContain('cancelled by the test');
  // Waited for in the page, in the same request that selects.
  expect(await agent.server.callCancelled('browser_select_option', { selector: '#size', values: ['M'], timeout: 10_000 }, 300)).toContain('cancelled by the test');
  const page = await pageAt(agent.browser.context, '/cancel-late');
  await expect(page.locator('#note')).toBeVisible();
  // Past the moment an action still waiting on its element would have acted.
  await page.waitForTimeout(1000);
  await expect(page).toHaveTitle('Shop');
  await expect(page.locator('#note')).toHaveValue('');
  await expect(page.locator('#size')).toHaveValue('S');
});

plain('through a hub: the stdio bridge passes the cancel on, and the tab is free at once', async () => {
  const { agent, pages, stop } = await startHubChain('cancel-hub', 'bridged');
  try {
    await agent.ok('browser_navigate', { url: pages.page('/bridged', html('<p>Loading…</p>')) });
    expect(await agent.callCancelled('browser_wait_for', { text: 'Never shown', timeout: 30_000 }, 300)).toContain('cancelled by the test');
    expect((await agent.ok('browser_snapshot', { timeout: NEXT_TIMEOUT_MS })).text).toContain('- paragraph: Loading…');
  } finally {
    await stop();
  }
});
