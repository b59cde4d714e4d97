/**
 * Closed shadow roots can come from the page's HTML (`<template shadowrootmode="closed">`, attached by
 * the parser) or from markup a script parses later; neither calls attachShadow. A page whose HTML
 * declares none has its first snapshot taken without asking about each element
 * (background/declared-roots.ts): these are the cases that must still show.
 */
import { expect, test } from './fixtures.ts';
import { pageAt } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';
import { html } from './helpers/server.ts';

test("a closed shadow root the page's HTML declares is in the first snapshot, and its button is clicked by ref", async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page('/declared-closed', html(
      `<p>Plain text</p><div id="host"><template shadowrootmode="closed"><button onclick="document.title = 'declared clicked'">Declared closed</button></template></div>`, 'Declared')),
  });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toContain('- paragraph: Plain text');
  await agent.server.ok('browser_click', { ref: refOf(text, 'button "Declared closed"') });
  expect(await (await pageAt(agent.browser.context, '/declared-closed')).title()).toBe('declared clicked');
});

test('a closed shadow root in markup a script parses after the load shows up in the next snapshot', async ({ agent }) => {
  // The page's HTML declares none and nothing attached one: its first snapshot asks about no element.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/parsed-later', html('<p>Before</p><div id="slot"></div>', 'Parsed later')) });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('Before');
  await (await pageAt(agent.browser.context, '/parsed-later')).evaluate(() => {
    const parse = (Document as unknown as { parseHTMLUnsafe(html: string): Document }).parseHTMLUnsafe;
    const doc = parse('<div><template shadowrootmode="closed"><button>Parsed apart</button></template></div>');
    document.getElementById('slot')!.append(doc.body.firstElementChild!);
  });
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/button "Parsed apart" \[ref=e\d+\]/);
});
