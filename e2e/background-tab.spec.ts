/**
 * The person keeps working in their own tab while the agent works in its tab
 * behind it, as with the extension in everyday use. The page there runs as if
 * in front (focus emulation), and what needs the tab drawn (a screenshot, a
 * click into a frame of another site) brings it to the front for that moment
 * only: the person's tab is in front again after every tool call.
 */
import { expect, test } from './fixtures.ts';
import { frameAt, pageAt } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

test('snapshot, type, select, click, hover, a frame of another site and a screenshot all work behind the person\'s tab', async ({ agent }) => {
  const other = await new TestServer().start();
  const worker = await agent.browser.serviceWorker();
  const theirs = await worker.evaluate(async () => (await chrome.tabs.create({ url: 'about:blank', active: true })).id!);
  const theirsInFront = () => worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, theirs);
  try {
    const pay = other.page('/bg-pay', html(`<button onclick="document.title = 'paid'">Pay now</button>`, 'pay')).replace('127.0.0.1', 'localhost');
    const url = agent.pages.page('/bg-shop', html(
      `<label>Name <input id="name"></label>
       <label>Size <select id="size"><option>Small</option><option>Large</option></select></label>
       <button onclick="out.textContent = document.getElementById('name').value + ' ' + document.getElementById('size').value">Order</button>
       <span onmouseenter="tip.hidden = false" style="cursor: help">Shipping?</span><p id="tip" hidden><a href="#rates">Shipping rates</a></p>
       <output id="out"></output><div style="height: 2000px"></div><iframe src="${pay}"></iframe>`, 'Shop'));
    await agent.server.ok('browser_navigate', { url });
    const snap = (await agent.server.ok('browser_snapshot')).text;
    await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Name"'), text: 'Ada' });
    await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Size"'), values: ['Large'] });
    expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Order"') })).text).toContain('Clicked');
    expect((await agent.server.ok('browser_hover', { selector: 'span' })).text).toContain('link "Shipping rates"');
    expect(await theirsInFront()).toBe(true);

    expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Pay now"') })).text).toContain('Clicked <button>Pay now</button>');
    await expect.poll(theirsInFront).toBe(true);
    expect((await agent.server.ok('browser_take_screenshot')).images).toHaveLength(1);
    await expect.poll(theirsInFront).toBe(true);

    const page = await pageAt(agent.browser.context, url);
    expect(await page.locator('#out').textContent()).toBe('Ada Large');
    expect(await (await frameAt(page, pay)).title()).toBe('paid');
  } finally {
    await worker.evaluate((id) => chrome.tabs.remove(id), theirs);
    await other.stop();
  }
});

test('a hover and a drag inside a frame of another site work once the person has put their tab in front: the tab comes to the front for each', async ({ agent }) => {
  // The browser sends a press in a frame of another site by where it last drew the frame. In a tab that went
  // behind, and has loaded again since, that is stale: "Hovered" and "Dragged" came back with nothing hovered or moved.
  const other = await new TestServer().start();
  const worker = await agent.browser.serviceWorker();
  let theirs: number | undefined;
  try {
    // Far down in the frame, itself far down the page: both scroll before the drag.
    const board = other.page('/bg-board', html(`<div style="height: 1200px"></div>
      <button onmouseenter="help.hidden = false">Help</button><p id="help" hidden><a href="#rules">Board rules</a></p>
      <ul aria-label="Todo"><li draggable="true" id="task">Write tests</li></ul>
      <ul id="done" aria-label="Done" style="min-height: 80px"><li>Ship</li></ul>
      <script>
        document.getElementById('task').addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'task'));
        done.addEventListener('dragover', (e) => e.preventDefault());
        done.addEventListener('drop', (e) => { e.preventDefault(); done.append(document.getElementById(e.dataTransfer.getData('text/plain'))); });
      </script>`, 'board')).replace('127.0.0.1', 'localhost');
    const url = agent.pages.page('/bg-boards', html(`<div style="height: 1500px"></div><iframe src="${board}" style="height: 400px"></iframe>`, 'Boards'));
    await agent.server.ok('browser_navigate', { url });
    theirs = await worker.evaluate(async () => (await chrome.tabs.create({ url: 'about:blank', active: true })).id!);
    await agent.server.ok('browser_navigate', { url });
    const snap = (await agent.server.ok('browser_snapshot')).text;
    expect((await agent.server.ok('browser_hover', { ref: refOf(snap, 'button "Help"') })).text).toContain('link "Board rules"');
    await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Write tests"'), to: refOf(snap, 'list "Done"') });
    const frame = await frameAt(await pageAt(agent.browser.context, url), board);
    expect(await frame.locator('#done').textContent()).toContain('Write tests');
    await expect.poll(() => worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, theirs!)).toBe(true);
  } finally {
    if (theirs !== undefined) await worker.evaluate((id) => chrome.tabs.remove(id), theirs);
    await other.stop();
  }
});

test('Chrome does not unload an agent tab behind the person\'s to save memory; one unloaded anyway is loaded again by the next command, under the id the agent knows', async ({ agent }) => {
  const worker = await agent.browser.serviceWorker();
  const work = agent.pages.page('/unloaded-work', html('<h1>Report</h1><button onclick="document.title = \'sent\'">Send</button>', 'Report'));
  const nav = await agent.server.ok('browser_navigate', { url: work });
  const tabId = Number(/Tab: (\d+)/.exec(nav.text)![1]);
  const opened = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page('/unloaded-other', html('<h1>Other</h1>', 'Other')) });
  const inFront = Number(/Opened tab (\d+)/.exec(opened.text)![1]);
  expect(await worker.evaluate(async (id) => (await chrome.tabs.get(id)).autoDiscardable, tabId)).toBe(false);

  // As Memory Saver or the person (chrome://discards) does it: the page goes, and Chrome gives the tab a new id.
  const newId = await worker.evaluate(async (id) => (await chrome.tabs.discard(id))!.id!, tabId);
  expect(newId).not.toBe(tabId);
  const { text } = await agent.server.ok('browser_snapshot', { tabId });
  expect(text).toContain(`Tab: ${newId}`);
  expect(text).toMatch(/- heading "Report" \[level=1\]/);
  // Shown for a moment to load at its window's size (behind, its page had none to click in); the tab in front is back.
  expect(await worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, inFront)).toBe(true);
  await agent.server.ok('browser_click', { tabId: newId, ref: refOf(text, 'button "Send"') });
  expect((await agent.server.ok('browser_get', { tabId: newId, what: 'title' })).text).toBe('sent');
  // Also once Chrome has stopped and started the service worker again.
  const connections = () => agent.server.log.match(/extension .* connected/g)?.length ?? 0;
  const connected = connections();
  await agent.browser.stopServiceWorker();
  await expect.poll(connections, { timeout: 30_000 }).toBeGreaterThan(connected);
  expect((await agent.server.ok('browser_get', { tabId, what: 'title' })).text).toBe('sent');
  await agent.server.ok('browser_tabs', { action: 'close', tabId: newId });
});
