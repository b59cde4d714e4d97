import { expect, test } from '@playwright/test';
import type { ContentRequest } from '../src/shared/content-messages.ts';
import { failure, load, refOf, servePages, value } from './helpers/content-actions.ts';

/**
 * The content-script half of looking at the page, in real Chromium without
 * the extension: scroll, waits, get/is queries and find.
 * What the agent would see: the values, and the errors' codes and messages.
 */

servePages();

test.describe('scroll', () => {
  test('scrolls the page by a delta, an element into view, and a scroller by a delta', async ({ page }) => {
    await load(page, `<div style="height:3000px"></div><div id="box" style="height:100px;overflow:auto"><div style="height:1000px">inner</div></div>`);
    expect(await value(page, { type: 'scroll', deltaX: 0, deltaY: 500 })).toEqual({ scrollX: 0, scrollY: 500 });
    const into = await value(page, { type: 'scroll', target: { selector: '#box' }, deltaX: 0, deltaY: 300 });
    expect(into.scrollY).toBeGreaterThan(2000);
    // The element is the scroller: it is what moved.
    expect(into.description).toBe('<div id="box">inner</div> by (0, 300) to (0, 300)');
    expect(await page.evaluate(() => document.getElementById('box')!.scrollTop)).toBe(300);
  });

  test('a page that does not scroll itself scrolls the container under the viewport center', async ({ page }) => {
    await load(page, `<style>html, body { margin: 0; height: 100%; overflow: hidden }</style>
      <div id="app" style="height:100%;overflow:auto"><div style="height:5000px">tall</div></div>`);
    const result = await value(page, { type: 'scroll', deltaX: 0, deltaY: 400 });
    expect(result.scrollY).toBe(0);
    expect(result.description).toBe('<div id="app">tall</div> by (0, 400) to (0, 400)');
    expect(await page.evaluate(() => document.getElementById('app')!.scrollTop)).toBe(400);
  });
});

test.describe('waitFor', () => {
  test('each element state, text and textGone', async ({ page }) => {
    await load(page, '<div id="status">Saving…</div><div id="spinner">spin</div>');
    await page.evaluate(() => setTimeout(() => {
      document.getElementById('status')!.textContent = 'Saved';
      document.getElementById('spinner')!.style.display = 'none';
      document.body.insertAdjacentHTML('beforeend', '<p id="done">Done</p>');
    }, 200));
    const waited = await value(page, { type: 'waitFor', text: 'Saved', state: 'visible', timeoutMs: 3000 });
    // It returned because the text appeared, not at once.
    expect(await page.locator('#status').textContent()).toBe('Saved');
    expect(waited.detail).toContain('text "Saved" to appear');
    await value(page, { type: 'waitFor', textGone: 'Saving', state: 'visible', timeoutMs: 3000 });
    await value(page, { type: 'waitFor', target: { selector: '#spinner' }, state: 'hidden', timeoutMs: 3000 });
    await value(page, { type: 'waitFor', target: { selector: '#done' }, state: 'visible', timeoutMs: 3000 });
    await value(page, { type: 'waitFor', target: { selector: '#done' }, state: 'attached', timeoutMs: 3000 });

    const ref = await refOf(page, '#done');
    await page.evaluate(() => setTimeout(() => document.getElementById('done')!.remove(), 100));
    await value(page, { type: 'waitFor', target: { ref }, state: 'detached', timeoutMs: 3000 });
    expect(await page.locator('#done').count()).toBe(0);
    expect((await value(page, { type: 'waitFor', target: { ref }, state: 'hidden', timeoutMs: 1000 })).waitedMs).toBe(0);
  });

  test('a timeout says what was awaited and what the page showed', async ({ page }) => {
    await load(page, '<div>Saving…   please   wait</div><button id="b" style="display:none">B</button>');
    const text = await failure(page, { type: 'waitFor', text: 'Saved', state: 'visible', timeoutMs: 300 });
    expect(text.code).toBe('TIMEOUT');
    expect(text.message).toContain('Waited 300 ms for text "Saved" to appear; the page shows: "Saving… please wait"');
    const gone = await failure(page, { type: 'waitFor', textGone: 'please', state: 'visible', timeoutMs: 100 });
    expect(gone.message).toContain('for text "please" to disappear; it is still shown: "Saving… please wait"');
    const el = await failure(page, { type: 'waitFor', target: { selector: '#b' }, state: 'visible', timeoutMs: 100 });
    expect(el.message).toContain('for selector "#b" to be visible; it is attached but hidden: <button id="b">B</button>');
    const det = await failure(page, { type: 'waitFor', target: { selector: '#b' }, state: 'detached', timeoutMs: 100 });
    expect(det.code).toBe('TIMEOUT');
  });
});

test.describe('queries', () => {
  test('every get kind', async ({ page }) => {
    await load(page, `<main id="m"><h1 id="h" style="color: rgb(255, 0, 0)">Hello <b>world</b></h1>
      <form id="f"><input name="user" value="ann"><input name="pw" type="password" value="secret">
        <input name="agree" type="checkbox" checked><input name="size" type="radio" value="s"><input name="size" type="radio" value="m" checked>
        <select name="tags" multiple><option selected>a</option><option>b</option><option selected>c</option></select>
        <textarea name="note">hi</textarea><button>Go</button></form>
      <div id="ce" contenteditable>editable text</div><a id="a" href="/x" data-k="v">link</a></main>
      <div style="height:3000px"></div><p>Far below</p>`, 'Query page');
    await page.evaluate(() => {
      document.head.insertAdjacentHTML('beforeend', '<meta name="description" content="A page"><link rel="canonical" href="https://example.test/q"><meta property="og:title" content="OG">');
      document.documentElement.lang = 'en';
    });
    const get = async (what: string, extra: Record<string, unknown> = {}) =>
      (await value(page, { type: 'get', what, ...extra } as ContentRequest)).value;
    expect(await get('text', { target: { selector: '#h' } })).toBe('Hello world');
    expect(await get('text')).toContain('Far below');
    expect(await get('html', { target: { selector: '#h' } })).toBe('<h1 id="h" style="color: rgb(255, 0, 0)">Hello <b>world</b></h1>');
    expect(await get('value', { target: { selector: 'input[name=user]' } })).toBe('ann');
    expect(await get('value', { target: { selector: 'select' } })).toEqual(['a', 'c']);
    expect(await get('value', { target: { selector: '#ce' } })).toBe('editable text');
    expect(await get('attribute', { target: { selector: '#a' }, name: 'data-k' })).toBe('v');
    expect(await get('title')).toBe('Query page');
    expect(await get('url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\d+$/);
    expect(await get('count', { target: { selector: 'input' } })).toBe(5);
    const box = await get('box', { target: { selector: '#h' } });
    expect(box.width).toBeGreaterThan(0);
    expect(box.height).toBeGreaterThan(0);
    expect(await get('styles', { target: { selector: '#h' }, name: 'color' })).toBe('rgb(255, 0, 0)');
    expect((await get('styles', { target: { selector: '#h' } })).display).toBe('block');
    expect(await get('form_values', { target: { selector: '#f' } })).toEqual({
      user: 'ann', pw: '••••', agree: true, size: 'm', tags: ['a', 'c'], note: 'hi',
    });
    expect(await get('form_values')).toEqual({ user: 'ann', pw: '••••', agree: true, size: 'm', tags: ['a', 'c'], note: 'hi' });
    // A field itself: its own value, not the {} of the controls inside it; a radio button's group's.
    expect(await get('form_values', { target: { selector: '[name=user]' } })).toEqual({ user: 'ann' });
    expect(await get('form_values', { target: { selector: '[name=size]' } })).toEqual({ size: 'm' });
    // Controls with neither name nor id, as script-driven pages leave them, go by their label.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', `<section id="loose"><label>Email <input value="a@b.c"></label>
      <label><input type="checkbox" checked> Remember me</label><input aria-label="Email" value="second"><input value="unlabelled"></section>`));
    expect(await get('form_values', { target: { selector: '#loose' } })).toEqual({
      Email: 'a@b.c', 'Remember me': true, 'Email (2)': 'second', '<input type="text">': 'unlabelled',
    });
    expect(await get('metadata')).toEqual({ title: 'Query page', description: 'A page', canonical: 'https://example.test/q', lang: 'en', 'og:title': 'OG' });
    const visible = await get('visible_text');
    expect(visible).toContain('Hello world');
    expect(visible).not.toContain('Far below');

    expect((await failure(page, { type: 'get', what: 'attribute', target: { selector: '#a' } })).code).toBe('INVALID_PARAMS');
    expect((await failure(page, { type: 'get', what: 'count', target: { ref: 'e1' } })).code).toBe('INVALID_PARAMS');
    expect((await failure(page, { type: 'get', what: 'value', target: { selector: '#h' } })).code).toBe('INVALID_TARGET');
  });

  test('selectors written from Playwright habit find what Playwright would: text=, role=, XPath, :has-text()', async ({ page }) => {
    await load(page, `<table><tr><td>Ann</td><td><button aria-label="Edit Ann">✎</button><button>Delete</button></td></tr>
      <tr><td>Bob</td><td><button aria-label="Edit Bob">✎</button><button>Delete</button></td></tr></table>
      <p id="pg">Page 2 of 3</p><button hidden>Delete</button>`);
    const get = async (what: string, selector: string) => (await value(page, { type: 'get', what, target: { selector } } as ContentRequest)).value;
    expect(await get('html', 'text=page 2')).toBe('<p id="pg">Page 2 of 3</p>');
    expect(await get('count', 'text="Page 2"')).toBe(0);
    expect(await get('count', 'text="Page 2 of 3"')).toBe(1);
    expect(await get('html', 'role=button[name="edit bob"]')).toBe('<button aria-label="Edit Bob">✎</button>');
    // Unquoted, as in CSS.
    expect(await get('html', 'role=button[name=Edit Bob]')).toBe('<button aria-label="Edit Bob">✎</button>');
    expect(await get('count', 'role=button[name=Delete]')).toBe(2);
    expect(await get('count', 'role=button')).toBe(4);
    expect(await get('count', 'button:has-text("Delete")')).toBe(3);
    expect(await get('count', 'button:has-text("Delete"):visible')).toBe(2);
    expect(await get('text', 'td:text-is("bob")')).toBe('Bob');
    expect(await get('count', '//tr')).toBe(2);
    expect(await get('text', 'xpath=//p[@id="pg"]')).toBe('Page 2 of 3');
    const chain = await failure(page, { type: 'get', what: 'count', target: { selector: 'tr >> text=Delete' } });
    expect(chain.message).toContain("Playwright's chains (>>), which this tool does not read");
    expect((await failure(page, { type: 'get', what: 'count', target: { selector: '//tr[' } })).message).toContain('nor a selector this tool reads: CSS, text=…');
  });

  test('form_values on a page without a form: its fields, by name or label', async ({ page }) => {
    await load(page, '<label>Search <input type="search" value="shoes"></label><select name="sort"><option>price</option></select>');
    expect((await value(page, { type: 'get', what: 'form_values' } as ContentRequest)).value).toEqual({ Search: 'shoes', sort: 'price' });
  });

  test('every is kind', async ({ page }) => {
    await load(page, `<input id="i"><input id="dis" disabled><input id="ro" readonly><input type="checkbox" id="c" checked>
      <button id="hid" hidden>H</button><div style="height:3000px"></div><button id="far">Far</button>`);
    await page.focus('#i');
    const is = async (what: string, selector: string) => (await value(page, { type: 'is', what, target: { selector } } as ContentRequest)).value;
    expect(await is('visible', '#i')).toBe(true);
    expect(await is('visible', '#hid')).toBe(false);
    expect(await is('hidden', '#hid')).toBe(true);
    expect(await is('hidden', '#missing')).toBe(true);
    expect(await is('enabled', '#i')).toBe(true);
    expect(await is('disabled', '#dis')).toBe(true);
    expect(await is('checked', '#c')).toBe(true);
    expect(await is('editable', '#i')).toBe(true);
    expect(await is('editable', '#ro')).toBe(false);
    expect(await is('editable', '#dis')).toBe(false);
    expect(await is('focused', '#i')).toBe(true);
    expect(await is('focused', '#dis')).toBe(false);
    expect(await is('in_viewport', '#i')).toBe(true);
    expect(await is('in_viewport', '#far')).toBe(false);
    expect((await failure(page, { type: 'is', what: 'checked', target: { selector: '#i' } })).code).toBe('INVALID_TARGET');
  });
});

test.describe('find', () => {
  test('by role, name and text, with refs that resolve to the right elements', async ({ page }) => {
    await load(page, `<nav><a href="/a">Docs</a><a href="/b">Blog</a></nav>
      <button id="save">Save <span>draft</span></button><button id="cancel" aria-label="Cancel edit">X</button>
      <p id="p">Your changes were saved.</p><button hidden>Save hidden</button>`);
    // The tab's lease, as a request's envelope brings it: numbers above 100, up to 1000.
    await page.evaluate(() => window.__actions.takeRefLease(100, 1000));
    const find = (q: Record<string, unknown>) => value(page, { type: 'find', limit: 10, refPrefix: '', ...q } as ContentRequest);
    const links = await find({ role: 'link' });
    expect(links.total).toBe(2);
    expect(links.matches.map((m: { line: string }) => m.line)).toEqual([`link "Docs" [ref=${links.matches[0].ref}]`, `link "Blog" [ref=${links.matches[1].ref}]`]);
    expect(Number(links.matches[0].ref.slice(1))).toBeGreaterThan(100);
    // What every reply tells the worker: the page's highest number covers those it gave out.
    expect(await page.evaluate(() => window.__actions.currentMaxRef())).toBeGreaterThanOrEqual(Number(links.matches[1].ref.slice(1)));

    const cancel = await find({ role: 'button', name: 'cancel' });
    expect(cancel.total).toBe(1);
    expect(await page.evaluate((r) => window.__actions.resolveRef(r).id, cancel.matches[0].ref)).toBe('cancel');

    // Text inside a button finds the button; text in a paragraph finds the paragraph; hidden text is skipped.
    const saved = await find({ text: 'save' });
    expect(saved.matches.map((m: { ref: string }) => m.ref).length).toBe(2);
    const ids = await page.evaluate((refs) => refs.map((r: string) => window.__actions.resolveRef(r).id), saved.matches.map((m: { ref: string }) => m.ref));
    expect(ids).toEqual(['save', 'p']);
    expect(saved.matches[0].line).toMatch(/^button "Save draft" \[ref=e\d+\]$/);
    expect(saved.matches[1].line).toMatch(/^paragraph \[ref=e\d+\]: Your changes were saved\.$/);

    const limited = await find({ role: 'link', limit: 1 });
    expect(limited.matches.length).toBe(1);
    expect(limited.total).toBe(2);
    // The same element keeps its ref.
    expect(limited.matches[0].ref).toBe(links.matches[0].ref);

    // Past the block's end no number is given out (another tab may be giving it out): the request fails,
    // and the worker asks again under a bigger block.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button>Extra one</button><button>Extra two</button>'));
    const top = await page.evaluate(() => window.__actions.currentMaxRef());
    await page.evaluate((n) => window.__actions.takeRefLease(n, n + 1), top);
    const over = await failure(page, { type: 'find', role: 'button', name: 'Extra', limit: 10, refPrefix: '' });
    expect(over.message).toContain('more elements to give refs to than this command may number at once');
    expect(await page.evaluate(() => window.__actions.currentMaxRef())).toBe(top + 1);
    await page.evaluate((n) => window.__actions.takeRefLease(n + 1, n + 100), top);
    expect((await find({ role: 'button', name: 'Extra' })).matches.map((m: { ref: string }) => m.ref)).toHaveLength(2);
  });
});
