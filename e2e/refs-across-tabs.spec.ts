import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

/** Refs are never issued twice, across tabs too: also when two tabs give them out at the same moment. */

const refsIn = (text: string) => [...text.matchAll(/\[ref=(e\d+)\]/g)].map((m) => m[1]);

test('two tabs snapshotted at the same moment never share a ref, so a ref used in the wrong tab is refused', async ({ agent }) => {
  const buttons = Array.from({ length: 40 }, (_, i) => `<button onclick="document.title = 'clicked ${i}'">Item ${i}</button>`).join('');
  const tabs: number[] = [];
  for (const name of ['A', 'B']) {
    const opened = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page(`/same-moment-${name}`, html(buttons, name)) });
    tabs.push(Number(/Opened tab (\d+)/.exec(opened.text)![1]));
  }
  for (let round = 0; round < 3; round++) {
    // New elements in both tabs, then both snapshotted at once: each gives out 40 new refs.
    await Promise.all(tabs.map((tabId) => agent.server.ok('browser_evaluate', { expression: 'document.body.innerHTML = document.body.innerHTML', tabId })));
    const [a, b] = await Promise.all(tabs.map((tabId) => agent.server.ok('browser_snapshot', { tabId })));
    const shared = refsIn(a.text).filter((ref) => refsIn(b.text).includes(ref));
    expect(refsIn(a.text)).toHaveLength(40);
    expect(shared).toEqual([]);
    // Tab A's ref for "Item 7", used in tab B: refused there, and nothing in B is clicked.
    const ref = /button "Item 7" \[ref=(e\d+)\]/.exec(a.text)![1];
    const wrong = await agent.server.call('browser_click', { ref, tabId: tabs[1] });
    expect(wrong.text).toContain(`STALE_REF: Ref ${ref}`);
    expect((await agent.server.ok('browser_get', { what: 'title', tabId: tabs[1] })).text).toBe('B');
  }
  for (const tabId of tabs) await agent.server.ok('browser_tabs', { action: 'close', tabId });
});

test('a page with more elements than a tab is set aside numbers for is still snapshotted whole, beside another tab', async ({ agent }) => {
  const many = Array.from({ length: 5000 }, (_, i) => `<button onclick="document.title = 'clicked ${i}'">Row ${i}</button>`).join('');
  const tabs: number[] = [];
  for (const [name, body] of [['Big', many], ['Small', '<button>Only</button><a href="/x">Link</a>']]) {
    const opened = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page(`/numbers-${name}`, html(body, name)) });
    tabs.push(Number(/Opened tab (\d+)/.exec(opened.text)![1]));
  }
  const [big, small] = await Promise.all(tabs.map((tabId) => agent.server.ok('browser_snapshot', { tabId, maxChars: 1_000_000 })));
  const bigRefs = refsIn(big.text);
  expect(bigRefs).toHaveLength(5000);
  expect(new Set(bigRefs).size).toBe(5000);
  expect(refsIn(small.text).filter((ref) => bigRefs.includes(ref))).toEqual([]);
  const last = /button "Row 4999" \[ref=(e\d+)\]/.exec(big.text)![1];
  await agent.server.ok('browser_click', { ref: last, tabId: tabs[0] });
  expect((await agent.server.ok('browser_get', { what: 'title', tabId: tabs[0] })).text).toBe('clicked 4999');
  for (const tabId of tabs) await agent.server.ok('browser_tabs', { action: 'close', tabId });
});
