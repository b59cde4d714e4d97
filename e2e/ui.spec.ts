import { expect, test, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { startAgent, stopAgent } from './fixtures.ts';
import { createHome, freePort } from './helpers/agent-server.ts';
import { ExtensionBrowser } from './helpers/extension-browser.ts';
import { bundleForPage } from './helpers/bundle.ts';
import { assertBuilt, CLI, removeDir, tempDir } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';
import type * as FeedbackModule from '../src/content/feedback.ts';

const BUTTON_PAGE = html(
  `<h1>Playground target</h1><button onclick="this.textContent='Clicked!'; console.log('button clicked')">Press me</button>`,
  'Play page',
);

/**
 * Opens a tab the way a user would (no opener). A tab Playwright opens gets
 * the active tab as its opener, and a tab opened from an agent's tab
 * belongs to that agent.
 */
async function userTab(browser: ExtensionBrowser, url: string): Promise<Page> {
  const worker = await browser.serviceWorker();
  const [page] = await Promise.all([browser.context.waitForEvent('page'), worker.evaluate((u) => chrome.tabs.create({ url: u, active: true }), url)]);
  await page.waitForLoadState();
  return page;
}

/** Saves what a person would see, for the CI artifacts (and for looking at). */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`ui-${name}.png`), fullPage: true });
}

test('popup: activity log, sessions, sharing a tab, Stop agent really stops and the toggle reconnects', async () => {
  const agent = await startAgent('ui-popup');
  const { server, browser, pages } = agent;
  try {
    const nav = await server.ok('browser_navigate', { url: pages.page('/agent', html('<p>agent page</p>', 'Agent page')) });
    const agentTab = Number(/Tab: (\d+)/.exec(nav.text)![1]);
    const popup = await userTab(browser, `chrome-extension://${browser.extensionId}/src/popup/index.html`);
    await popup.setViewportSize({ width: 390, height: 760 });
    await expect(popup.getByRole('status')).toContainText('Connected');

    // The activity log shows what the agent ran, live.
    const log = popup.getByRole('list', { name: 'Activity log' });
    await expect(log.locator('li').filter({ hasText: 'navigate' }).first()).toContainText('ok');
    await server.ok('browser_snapshot');
    await expect(log.locator('li').filter({ hasText: 'snapshot' }).first()).toBeVisible();
    // The session and its tab, by title.
    await expect(popup.locator('#sessions')).toContainText('e2e');
    await expect(popup.locator('#sessions')).toContainText('Agent page');
    await expect(popup.locator('#sessions')).toContainText(`tab ${agentTab}`);

    // Share the user's tab (the active tab of the window), then take it back.
    await userTab(browser, pages.page('/user', html('<p>my own tab</p>', 'User tab')));
    await expect(popup.getByRole('button', { name: 'Share this tab' })).toBeEnabled();
    await popup.getByRole('button', { name: 'Share this tab' }).click();
    await expect.poll(async () => (await server.ok('browser_tabs', { action: 'list' })).text).toContain('User tab');
    await expect(popup.locator('#sessions')).toContainText('User tab');
    await expect(popup.locator('#share-hint')).toContainText('This tab is shared with e2e');
    await keepScreenshot(popup, 'popup');
    await popup.getByRole('button', { name: 'Stop sharing' }).click();
    await expect.poll(async () => (await server.ok('browser_tabs', { action: 'list' })).text).not.toContain('User tab');
    await expect(popup.getByRole('button', { name: 'Share this tab' })).toBeVisible();

    // Stop agent: disconnected, toggle off, status says stopped, commands fail.
    await popup.getByRole('button', { name: 'Stop agent' }).click();
    await expect(popup.getByRole('status')).toContainText('Stopped');
    await expect(popup.getByLabel('Connect to the agent server')).not.toBeChecked();
    await server.waitForLog(/extension disconnected/);
    const refused = await server.call('browser_snapshot');
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/EXTENSION_NOT_CONNECTED|EXTENSION_DISCONNECTED/);
    await keepScreenshot(popup, 'popup-stopped');

    // Turning the toggle on reconnects, and commands work again.
    await popup.locator('label.toggle').click();
    await expect(popup.getByRole('status')).toContainText('Connected');
    expect((await server.ok('browser_snapshot', { tabId: agentTab })).text).toContain('agent page');
  } finally {
    await stopAgent(agent);
  }
});

test('DevTools panel: runs a command on the inspected tab, previews a screenshot, shows the console', async () => {
  const agent = await startAgent('ui-panel');
  const { server, browser, pages } = agent;
  try {
    const nav = await server.ok('browser_navigate', { url: pages.page('/panel', BUTTON_PAGE) });
    const tabId = Number(/Tab: (\d+)/.exec(nav.text)![1]);
    await server.ok('browser_click', { selector: 'button' });
    const panel = await userTab(browser, `chrome-extension://${browser.extensionId}/src/devtools/panel.html?tabId=${tabId}`);
    const errors: string[] = [];
    panel.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    panel.on('pageerror', (error) => errors.push(error.message));
    await panel.setViewportSize({ width: 1100, height: 820 });
    await expect(panel.getByRole('status')).toHaveText('Connected');
    await expect(panel.locator('#tab')).toContainText('Play page');
    await expect(panel.getByLabel('Params (JSON)')).toHaveValue(new RegExp(`"tabId": ${tabId}`));

    // The default method (snapshot) runs as the session owning the tab.
    await panel.getByRole('button', { name: 'Run' }).click();
    await expect(panel.locator('#response-text')).toContainText('button "Clicked!"');

    // A bad call is shown as an error, with the code.
    await panel.getByLabel('Method').selectOption('click');
    await panel.getByLabel('Params (JSON)').fill(JSON.stringify({ tabId, ref: 'e999' }));
    await panel.getByRole('button', { name: 'Run' }).click();
    await expect(panel.locator('#response.error')).toBeVisible();

    await panel.getByLabel('Method').selectOption('screenshot');
    await panel.getByRole('button', { name: 'Run' }).click();
    await expect(panel.locator('#response')).toContainText('"mimeType": "image/png"');
    const thumb = panel.getByRole('img', { name: 'Screenshot of the inspected tab' });
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

    await expect(panel.locator('#console')).toContainText('button clicked');
    await panel.getByLabel('Max lines').fill('1');
    await panel.getByLabel('Max lines').dispatchEvent('change');
    await expect(panel.locator('#console-note')).toContainText('1 of');
    await keepScreenshot(panel, 'devtools-panel');

    await thumb.click();
    await expect(panel.getByRole('img', { name: 'Screenshot, full size' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await stopAgent(agent);
  }
});

// The playground runs in a browser of its own, as a person's everyday browser would: in the managed
// browser the agent drives, the first agent takes every open tab, the playground's included.
test('playground: lists tools, runs navigate, snapshot and click, shows an image, re-runs from history after a reload', async ({ page }) => {
  assertBuilt();
  const dir = tempDir('ui-playground');
  const port = await freePort();
  const { home, token } = createHome(dir);
  const hub = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--no-launch'], { env: { ...process.env, BROWSER_AGENT_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  hub.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pages = await new TestServer().start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  try {
    await expect.poll(() => output, { timeout: 20_000 }).toContain('extension 0.1.0 connected');
    expect(output).toContain(`Playground: http://127.0.0.1:${port}/#token=${token}`);
    // The page is never served with the token, whoever asks.
    const served = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'sec-fetch-site': 'none' } });
    expect(await served.text()).not.toContain(token);

    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 1320, height: 900 });
    await page.goto(`http://127.0.0.1:${port}/#token=${token}`);
    await expect(page.getByRole('status')).toHaveText('Connected');
    const tools = page.locator('#tools');
    await expect(tools.getByRole('button', { name: 'browser_snapshot', exact: true })).toBeVisible();
    const params = page.getByLabel('Params (JSON)');
    const response = page.getByLabel('Response');
    const runTool = async (tool: string, args: object) => {
      await tools.getByRole('button', { name: tool, exact: true }).click();
      await params.fill(JSON.stringify(args));
      await page.getByRole('button', { name: 'Execute' }).click();
      await expect(page.getByRole('button', { name: 'Execute' })).toBeEnabled({ timeout: 30_000 });
    };

    await runTool('browser_navigate', { url: pages.page('/play', BUTTON_PAGE) });
    await expect(response).toContainText('Title: Play page');
    await expect(page.getByLabel('Target tab')).toContainText('Play page');
    await runTool('browser_snapshot', {});
    const ref = /button "Press me" \[ref=(e\d+)\]/.exec((await response.textContent()) ?? '')?.[1];
    expect(ref).toBeTruthy();
    await runTool('browser_click', { ref });
    await expect(response.locator('.result-head')).toContainText('OK');
    await runTool('browser_take_screenshot', {});
    const image = response.getByRole('img');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await keepScreenshot(page, 'playground');

    // History survives a reload; re-running the snapshot shows the click happened.
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Connected');
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.locator('li')).toHaveCount(4);
    await history.locator('li').filter({ hasText: 'browser_snapshot' }).getByRole('button', { name: 'Re-run' }).click();
    await expect(response).toContainText('button "Clicked!"');
    await expect(history.locator('li')).toHaveCount(5);
    await keepScreenshot(page, 'playground-history');
    // Nothing the page needs is blocked by its Content-Security-Policy, nothing throws.
    expect(errors).toEqual([]);
  } finally {
    hub.kill('SIGTERM');
    await browser.stop();
    await pages.stop();
    removeDir(dir);
  }
});

test('on-page feedback: the outline and the indicator never take a click, hide on request and for screenshots', async ({ page }) => {
  await page.setContent(`<button id="b" style="margin:40px" onclick="this.textContent='hit'">Target</button>`);
  await page.addScriptTag({ content: bundleForPage('src/content/feedback.ts', '__feedback') });
  const host = page.locator('[data-llm-browser-agent-feedback]');
  await page.evaluate(() => {
    const feedback = (window as unknown as { __feedback: typeof FeedbackModule }).__feedback;
    feedback.flashTarget(document.getElementById('b')!);
    feedback.showAgentIndicator(true);
  });
  // The overlay covers the page, yet the hit test still finds the button and a real click reaches it.
  expect(await page.evaluate(() => document.elementFromPoint(60, 50)?.id)).toBe('b');
  await page.mouse.click(60, 50);
  await expect(page.locator('#b')).toHaveText('hit');
  await keepScreenshot(page, 'feedback');
  // Closed shadow root: the page cannot look inside.
  expect(await host.evaluate((el) => el.shadowRoot)).toBeNull();
  const shown = () => host.evaluate((el) => getComputedStyle(el).display !== 'none');
  await page.evaluate(() => ((window as unknown as { restore?: () => void }).restore = (window as unknown as { __feedback: typeof FeedbackModule }).__feedback.hideFeedbackForScreenshot()));
  expect(await shown()).toBe(false);
  await page.evaluate(() => (window as unknown as { restore: () => void }).restore());
  expect(await shown()).toBe(true);
  // The indicator hides when clicked (it is the one element that takes clicks).
  const atPill = () => page.evaluate(() => document.elementFromPoint(innerWidth - 40, innerHeight - 22)?.tagName);
  expect(await atPill()).toBe('LLM-BROWSER-AGENT-FEEDBACK');
  const size = page.viewportSize()!;
  // An element under the indicator: acting on it moves the indicator aside, so the click lands on the element.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML('beforeend', `<button id="corner" style="position:fixed;right:10px;bottom:10px;width:120px;height:30px">Corner</button>`);
    const feedback = (window as unknown as { __feedback: typeof FeedbackModule }).__feedback;
    // As an action does: clear the way before its hit test, outline the element after.
    feedback.clearWayFor(document.getElementById('corner')!);
    feedback.flashTarget(document.getElementById('corner')!);
  });
  expect(await atPill()).toBe('BUTTON');
  await page.evaluate(() => document.getElementById('corner')!.remove());
  await expect.poll(atPill, { timeout: 5000 }).toBe('LLM-BROWSER-AGENT-FEEDBACK');
  await page.mouse.click(size.width - 40, size.height - 22);
  expect(await atPill()).not.toBe('LLM-BROWSER-AGENT-FEEDBACK');
});
