/**
 * An agent's tabs: opening, selecting and closing them, the tabs its pages open, refs that belong to
 * one tab, and commands to several tabs at once.
 */
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';
import { html } from './helpers/server.ts';

test('tabs: new, select and close; window.open is announced in the next response and usable', async ({ agent }) => {
  agent.pages.page('/child', html('<button>In child</button>', 'Child'));
  const first = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page('/parent', html(`<script>setTimeout(() => window.open('/child'), 200)</script>`, 'Parent')) });
  const parentId = Number(/Opened tab (\d+)/.exec(first.text)![1]);
  // Announced once, in the first response after it opened: on a busy machine that can be the one of 'new' itself.
  const responses = [first.text];
  await expect.poll(async () => responses[responses.push((await agent.server.ok('browser_tabs', { action: 'list' })).text) - 1]).toMatch(/tab \d+: Child/);
  const announcements = [...responses.join('\n').matchAll(/New tab opened by tab (\d+): tab (\d+)/g)];
  expect(announcements).toHaveLength(1);
  expect(announcements[0]![1]).toBe(String(parentId));
  const childId = Number(announcements[0]![2]);
  expect(responses.at(-1)).toContain(`tab ${childId}: Child`);
  const again = await agent.server.ok('browser_tabs', { action: 'list' });
  expect(again.text).not.toContain('New tab opened');

  const selected = await agent.server.ok('browser_tabs', { action: 'select', tabId: childId });
  expect(selected.text).toContain(`Tab ${childId} is now current`);
  expect((await agent.server.ok('browser_snapshot')).text).toContain('button "In child"');
  const closed = await agent.server.ok('browser_tabs', { action: 'close' });
  expect(closed.text).toContain(`Closed tab ${childId}`);
  const unknown = await agent.server.call('browser_snapshot', { tabId: 999999 });
  expect(unknown.text).toMatch(/TAB_NOT_FOUND: .*Valid tab ids: .*\d/);
});

test('a ref from one tab used in another is stale there, never that tab\'s element of the same number', async ({ agent }) => {
  // Two new tabs with the same page: each tab's first document.
  const open = async (title: string) => {
    const page = html(`<button onclick="document.title = '${title} clicked'">Delete</button><button>Keep</button>`, title);
    const opened = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page(`/tab-${title}`, page) });
    const tabId = Number(/Opened tab (\d+)/.exec(opened.text)![1]);
    return { tabId, ref: refOf((await agent.server.ok('browser_snapshot', { tabId })).text, 'button "Delete"') };
  };
  const a = await open('A');
  const b = await open('B');
  expect(b.ref).not.toBe(a.ref);
  const wrongTab = await agent.server.call('browser_click', { ref: a.ref, tabId: b.tabId });
  expect(wrongTab.text).toContain(`STALE_REF: Ref ${a.ref} is stale: it was not issued in this document (the page may have navigated or reloaded, or the ref is from another tab)`);
  expect((await agent.server.ok('browser_get', { what: 'title', tabId: b.tabId })).text).toBe('B');
  // Tab A re-renders its button: the error that names the new one gives it a number tab B never gave out.
  await agent.server.ok('browser_evaluate', { expression: 'document.body.innerHTML = document.body.innerHTML', tabId: a.tabId });
  const replaced = await agent.server.call('browser_click', { ref: a.ref, tabId: a.tabId });
  const like = /one like it is there now: button "Delete" \[ref=(e\d+)\]/.exec(replaced.text)![1];
  expect((await agent.server.call('browser_click', { ref: like, tabId: b.tabId })).text).toContain(`STALE_REF: Ref ${like}`);
  for (const { tabId } of [a, b]) await agent.server.ok('browser_tabs', { action: 'close', tabId });
});

test('a popup that closes itself on a click: the click says so, and the tab is gone from the list', async ({ agent }) => {
  const popup = agent.pages.page('/closing-popup', html('<button onclick="window.close()">Done</button>', 'Popup'));
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/opener', html(`<button onclick="window.open('${popup}', 'p', 'popup')">Sign in</button>`, 'Opener')) });
  const opened = await agent.server.ok('browser_click', { ref: refOf((await agent.server.ok('browser_snapshot')).text, 'button "Sign in"') });
  const popupId = Number(/New tab opened: tab (\d+)/.exec(opened.text)![1]);
  const { text } = await agent.server.ok('browser_snapshot', { tabId: popupId });
  const done = await agent.server.ok('browser_click', { tabId: popupId, ref: refOf(text, 'button "Done"') });
  expect(done.text).toContain(`The page closed its tab (${popupId}).`);
  expect((await agent.server.ok('browser_tabs', { action: 'list' })).text).not.toContain(`tab ${popupId}`);
});

test('commands to one tab run in order; to different tabs in parallel', async ({ agent }) => {
  const a = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page('/order-a', html('<input id="i">', 'A')) });
  const tabA = Number(/Opened tab (\d+)/.exec(a.text)![1]);
  const b = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page('/order-b', html('<input id="i">', 'B')) });
  const tabB = Number(/Opened tab (\d+)/.exec(b.text)![1]);
  const calls = [];
  for (let i = 0; i < 5; i++) {
    calls.push(agent.server.ok('browser_type', { selector: '#i', text: String(i), tabId: tabA }));
    calls.push(agent.server.ok('browser_type', { selector: '#i', text: String(i), tabId: tabB }));
  }
  await Promise.all(calls);
  expect((await agent.server.ok('browser_get', { what: 'value', selector: '#i', tabId: tabA })).text).toBe('01234');
  expect((await agent.server.ok('browser_get', { what: 'value', selector: '#i', tabId: tabB })).text).toBe('01234');
});
