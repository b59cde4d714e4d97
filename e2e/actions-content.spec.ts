import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ContentRequest } from '../src/shared/content-messages.ts';
import { bundleForPage } from './helpers/bundle.ts';
import { TestServer, html } from './helpers/server.ts';
import type * as ActionsApi from './entries/actions-entry.ts';

/**
 * The content-script half of acting on the page, in real Chromium without
 * the extension: element resolution, actionability waits, hit testing,
 * fill/type preparation, select, checked state, scroll, waits and queries.
 * What the agent would see: the values, and the errors' codes and messages.
 */

declare global {
  interface Window {
    __actions: typeof ActionsApi;
    __events: string[];
  }
}

const bundle = bundleForPage('e2e/entries/actions-entry.ts', '__actions');
const server = new TestServer();
let pageCount = 0;

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
});

async function load(page: Page, body: string, title?: string): Promise<void> {
  await page.goto(server.page(`/p${++pageCount}`, html(body, title)));
  await page.addScriptTag({ content: bundle });
}

type Outcome = { ok: true; value: any } | { ok: false; code: string; message: string };

async function act(page: Page, request: ContentRequest): Promise<Outcome> {
  return page.evaluate(async (r) => {
    try {
      return { ok: true as const, value: await window.__actions.handleAction(r) };
    } catch (e) {
      const err = e as { code?: string; message: string };
      return { ok: false as const, code: err.code ?? 'none', message: err.message };
    }
  }, request);
}

async function value(page: Page, request: ContentRequest): Promise<any> {
  const outcome = await act(page, request);
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.value;
}

async function failure(page: Page, request: ContentRequest): Promise<{ code: string; message: string }> {
  const outcome = await act(page, request);
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome;
}

async function refOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((s) => window.__actions.refForElement(document.querySelector(s)!), selector);
}

const ALL = { visible: true, enabled: true, stable: true, hitTest: true } as const;

test.describe('targets', () => {
  test('ref, selector, first visible of several matches, shadow roots, bad selector', async ({ page }) => {
    await load(page, `
      <button class="b" style="display:none">Hidden</button>
      <button class="b" id="one">One</button><button class="b">Two</button>
      <div id="host"></div>
      <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button class="inner">Deep</button>';</script>`);
    const located = await value(page, { type: 'locate', target: { selector: 'button.b' }, options: { ...ALL, timeoutMs: 1000 } });
    expect(located.description).toBe('<button id="one" class="b">One</button> (2 of 3 matches)');
    const ref = await refOf(page, '#one');
    expect((await value(page, { type: 'mark', target: { ref }, nonce: 'n1' })).description).toBe('<button id="one" class="b">One</button>');
    expect(await page.getAttribute('#one', 'data-llm-agent-mark')).toBe('n1');
    expect((await value(page, { type: 'get', what: 'text', target: { selector: 'button.inner' } })).value).toBe('Deep');
    // Hit testing sees through the shadow root to the button inside it.
    expect((await value(page, { type: 'locate', target: { selector: 'button.inner' }, options: { ...ALL, timeoutMs: 1000 } })).description).toBe('<button class="inner">Deep</button>');

    const bad = await failure(page, { type: 'get', what: 'text', target: { selector: 'button[' } });
    expect(bad.code).toBe('INVALID_SELECTOR');
    const none = await failure(page, { type: 'get', what: 'text', target: { selector: '#nope', element: 'Submit button' } });
    expect(none.code).toBe('ELEMENT_NOT_FOUND');
    expect(none.message).toContain('No element matches the selector "#nope" (the "Submit button" you described).');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button id="dis" disabled>Ok. Go</button>'));
    const dis = await failure(page, { type: 'locate', target: { selector: '#dis', element: 'Go button' }, options: { ...ALL, timeoutMs: 50 } });
    expect(dis.message).toMatch(/^<button id="dis" disabled>Ok\. Go<\/button> is disabled \(after waiting \d+ ms; pass timeout to wait longer\) \(the "Go button" you described\)\. Do what/);
  });

  test('a stale ref never acts: STALE_REF', async ({ page }) => {
    await load(page, '<button id="b">Go</button>');
    const ref = await refOf(page, '#b');
    await page.evaluate(() => document.getElementById('b')!.remove());
    const stale = await failure(page, { type: 'locate', target: { ref }, options: { ...ALL, timeoutMs: 500 } });
    expect(stale.code).toBe('STALE_REF');
    expect(stale.message).toContain(`Ref ${ref} is stale`);
    expect((await failure(page, { type: 'mark', target: { ref }, nonce: 'x' })).code).toBe('STALE_REF');
  });
});

test.describe('locate', () => {
  test('returns the action point and box, scrolling into view', async ({ page }) => {
    await load(page, '<div style="height:3000px"></div><button id="b" style="width:100px;height:40px">Far</button>');
    const located = await value(page, { type: 'locate', target: { selector: '#b' }, options: { ...ALL, timeoutMs: 1000 } });
    const box = await page.evaluate(() => document.getElementById('b')!.getBoundingClientRect().toJSON());
    expect(located.box).toEqual({ x: box.x, y: box.y, width: 100, height: 40 });
    expect(located.x).toBeCloseTo(box.x + 50, 0);
    expect(located.y).toBeCloseTo(box.y + 20, 0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [located.x, located.y])).toBe('b');
  });

  test('a covered element gives COVERED naming the cover', async ({ page }) => {
    await load(page, `<button id="submit">Submit</button>
      <div id="consent-banner" class="modal" style="position:fixed;inset:0;background:#fff">Accept cookies to continue</div>`);
    const covered = await failure(page, { type: 'locate', target: { selector: '#submit' }, options: { ...ALL, timeoutMs: 300 } });
    expect(covered.code).toBe('COVERED');
    expect(covered.message).toMatch(/^<div id="consent-banner" class="modal">Accept cookies to continue<\/div> covers <button id="submit">Submit<\/button> at \(\d+, \d+\)/);
  });

  test('a partly covered element is pressed where it shows, and the description names what covers its centre', async ({ page }) => {
    await load(page, `<button id="b" style="position:fixed;left:100px;top:100px;width:200px;height:40px">Save</button>
      <div id="bar" style="position:fixed;left:0;right:0;top:110px;height:100px;background:#333">Cookies</div>`);
    const located = await value(page, { type: 'locate', target: { selector: '#b' }, options: { ...ALL, timeoutMs: 300 } });
    expect(located.description).toBe('<button id="b">Save</button> (at its uncovered part: <div id="bar">Cookies</div> covers its centre)');
    expect(located.y).toBeLessThan(110);
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [located.x, located.y])).toBe('b');
  });

  test('an element that lets clicks through names the ancestor that gets them', async ({ page }) => {
    await load(page, '<div id="card" class="card"><button id="b" style="pointer-events:none">Buy</button></div>');
    const through = await failure(page, { type: 'locate', target: { selector: '#b' }, options: { ...ALL, timeoutMs: 100 } });
    expect(through.code).toBe('COVERED');
    expect(through.message).toContain('<button id="b">Buy</button> does not receive clicks');
    expect(through.message).toContain('its ancestor <div id="card" class="card">Buy</div>');
  });

  test('waits for the cover to go away, and accepts clicks through the label of an input', async ({ page }) => {
    await load(page, `<label id="l" style="position:relative;display:inline-block;padding:10px">
        <input type="checkbox" id="c"><span style="position:absolute;inset:0">cover inside label</span></label>
      <div id="cover" style="position:fixed;inset:0;background:#fff"></div>`);
    await page.evaluate(() => setTimeout(() => document.getElementById('cover')!.remove(), 200));
    const located = await value(page, { type: 'locate', target: { selector: '#c' }, options: { ...ALL, timeoutMs: 3000 } });
    expect(located.description).toBe('<input id="c" type="checkbox">');
  });

  test('a hidden custom checkbox is acted on through its visible label', async ({ page }) => {
    await load(page, `<input type="checkbox" id="c" style="display:none"><label for="c" id="l" style="display:inline-block;width:80px;height:20px">Subscribe</label>`);
    const located = await value(page, { type: 'locate', target: { selector: '#c' }, options: { ...ALL, timeoutMs: 1000 } });
    expect(located.description).toBe('<input id="c" type="checkbox"> via its label <label id="l">Subscribe</label>');
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [located.x, located.y])).toBe('l');
    await page.mouse.click(located.x, located.y);
    expect(await value(page, { type: 'readChecked', target: { selector: '#c' } })).toMatchObject({ checked: true, kind: 'checkbox' });
  });

  test('disabled gives NOT_ENABLED after the timeout; enabling in time passes', async ({ page }) => {
    await load(page, '<fieldset disabled><button id="b">Save</button></fieldset><div aria-disabled="true"><span role="button" id="s">X</span></div>');
    const start = Date.now();
    const disabled = await failure(page, { type: 'locate', target: { selector: '#b' }, options: { ...ALL, timeoutMs: 400 } });
    expect(Date.now() - start).toBeGreaterThanOrEqual(400);
    expect(disabled.code).toBe('NOT_ENABLED');
    expect(disabled.message).toContain('<button id="b">Save</button> is disabled');
    expect((await failure(page, { type: 'locate', target: { selector: '#s' }, options: { ...ALL, timeoutMs: 100 } })).code).toBe('NOT_ENABLED');
    await page.evaluate(() => setTimeout(() => document.querySelector('fieldset')!.removeAttribute('disabled'), 150));
    expect((await act(page, { type: 'locate', target: { selector: '#b' }, options: { ...ALL, timeoutMs: 3000 } })).ok).toBe(true);
  });

  test('hidden gives NOT_VISIBLE; a selector that appears later is found', async ({ page }) => {
    await load(page, '<button id="h" style="visibility:hidden">Hidden</button><div style="display:none"><button id="d">D</button></div>');
    const hidden = await failure(page, { type: 'locate', target: { selector: '#h' }, options: { ...ALL, timeoutMs: 200 } });
    expect(hidden.code).toBe('NOT_VISIBLE');
    expect(hidden.message).toContain('visibility: hidden');
    expect((await failure(page, { type: 'locate', target: { selector: '#d' }, options: { ...ALL, timeoutMs: 200 } })).code).toBe('NOT_VISIBLE');
    await page.evaluate(() => setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<button id="late">Late</button>'), 150));
    expect((await value(page, { type: 'locate', target: { selector: '#late' }, options: { ...ALL, timeoutMs: 3000 } })).description).toBe('<button id="late">Late</button>');
  });

  test('a moving element is located once it stops', async ({ page }) => {
    await load(page, `<style>@keyframes slide { from { margin-left: 0 } to { margin-left: 300px } }</style>
      <button id="m" style="animation: slide 300ms linear forwards">Moving</button>`);
    const located = await value(page, { type: 'locate', target: { selector: '#m' }, options: { ...ALL, timeoutMs: 3000 } });
    expect(located.box.x).toBeGreaterThanOrEqual(300);
  });

  test('a moving element on a page too busy to render every frame is located once it stops', async ({ page }) => {
    // Script keeps the main thread busy 30 ms in every 50: samples taken between frames must not pass for a stop.
    await load(page, `<style>@keyframes slide { from { margin-left: 0 } to { margin-left: 300px } }</style>
      <script>setInterval(() => { const end = performance.now() + 30; while (performance.now() < end); }, 20)</script>
      <button id="m" style="animation: slide 900ms linear forwards">Moving</button>`);
    const located = await value(page, { type: 'locate', target: { selector: '#m' }, options: { ...ALL, timeoutMs: 3000 } });
    expect(located.box.x).toBeGreaterThanOrEqual(300);
  });
});

test.describe('focus, fill and type', () => {
  test('focus focuses the element', async ({ page }) => {
    await load(page, '<input id="a"><input id="b">');
    await value(page, { type: 'focus', target: { selector: '#b' }, timeoutMs: 1000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('b');
  });

  test('prepareFill selects the whole content of text fields for insertText', async ({ page }) => {
    await load(page, `<input id="i" value="old text"><textarea id="t">line1\nline2</textarea>
      <div id="ce" contenteditable="true">Some <b>rich</b> text</div><label for="i2">Email</label><input id="i2" type="email" value="a@b.c"><input id="n" type="number" value="12">`);
    for (const selector of ['#i', '#t', '#ce', '#n']) {
      const text = selector === '#n' ? '34' : 'new';
      const result = await value(page, { type: 'prepareFill', target: { selector }, value: text, timeoutMs: 1000 });
      expect(result.mode).toBe('insertText');
      await page.keyboard.insertText(text);
      expect(await page.evaluate((s) => {
        const el = document.querySelector(s)!;
        return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : el.textContent;
      }, selector)).toBe(text);
    }
    // A label stands for its control.
    expect((await value(page, { type: 'prepareFill', target: { selector: 'label' }, value: 'x', timeoutMs: 1000 })).description).toBe('<input id="i2" type="email">');
    await page.keyboard.insertText('x@y.z');
    expect(await page.inputValue('#i2')).toBe('x@y.z');
    // So does a wrapper around exactly one field.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div class="search-box"><span>🔍</span><input id="q" type="search"></div>'));
    expect((await value(page, { type: 'prepareType', target: { selector: '.search-box' }, text: 'x', clear: false, timeoutMs: 1000 })).description).toBe('<input id="q" type="search">');
  });

  test('prepareFill sets date, color and range natively with input and change events', async ({ page }) => {
    await load(page, `<input id="d" type="date"><input id="c" type="color"><input id="r" type="range" min="0" max="10">
      <script>window.__events = [];
        for (const el of document.querySelectorAll('input')) for (const t of ['input', 'change'])
          document.addEventListener(t, (e) => e.target === el && window.__events.push(el.id + ':' + t + ':' + el.value));</script>`);
    expect((await value(page, { type: 'prepareFill', target: { selector: '#d' }, value: '2024-03-15', timeoutMs: 1000 })).mode).toBe('done');
    await value(page, { type: 'prepareFill', target: { selector: '#c' }, value: '#ff8800', timeoutMs: 1000 });
    await value(page, { type: 'prepareFill', target: { selector: '#r' }, value: '7', timeoutMs: 1000 });
    expect(await page.evaluate(() => window.__events)).toEqual([
      'd:input:2024-03-15', 'd:change:2024-03-15', 'c:input:#ff8800', 'c:change:#ff8800', 'r:input:7', 'r:change:7',
    ]);
    const bad = await failure(page, { type: 'prepareFill', target: { selector: '#d' }, value: '15/03/2024', timeoutMs: 1000 });
    expect(bad.code).toBe('INVALID_PARAMS');
    expect(bad.message).toContain('YYYY-MM-DD');
    expect(await page.inputValue('#d')).toBe('2024-03-15');
  });

  test('a native-value fill gets past a React-style value tracker', async ({ page }) => {
    // React wraps the instance's value property and fires onChange only when
    // the DOM value differs from what its tracker last saw (facebook/react#10135).
    await load(page, `<input id="d" type="date"><script>
      const el = document.getElementById('d');
      const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      let tracked = el.value;
      Object.defineProperty(el, 'value', { get() { return proto.get.call(this); }, set(v) { tracked = String(v); proto.set.call(this, v); } });
      window.__events = [];
      el.addEventListener('input', () => { if (el.value !== tracked) { tracked = el.value; window.__events.push('onChange:' + el.value); } });
    </script>`);
    await value(page, { type: 'prepareFill', target: { selector: '#d' }, value: '2025-01-02', timeoutMs: 1000 });
    expect(await page.evaluate(() => window.__events)).toEqual(['onChange:2025-01-02']);
  });

  test('fill refuses selects, checkboxes, read-only and non-fields', async ({ page }) => {
    await load(page, `<select id="s"><option>a</option></select><input id="c" type="checkbox">
      <input id="ro" readonly value="fixed"><div id="d">Text</div>`);
    const select = await failure(page, { type: 'prepareFill', target: { selector: '#s' }, value: 'a', timeoutMs: 200 });
    expect(select.code).toBe('INVALID_TARGET');
    expect(select.message).toContain('browser_select_option');
    expect((await failure(page, { type: 'prepareFill', target: { selector: '#c' }, value: 'a', timeoutMs: 200 })).message).toContain('browser_check');
    expect((await failure(page, { type: 'prepareFill', target: { selector: '#ro' }, value: 'a', timeoutMs: 200 })).code).toBe('NOT_EDITABLE');
    const div = await failure(page, { type: 'prepareType', target: { selector: '#d' }, text: 'x', clear: false, timeoutMs: 200 });
    expect(div.code).toBe('NOT_EDITABLE');
    expect(div.message).toContain('(role generic) is not a text field');
  });

  test('fill refuses text a number field would drop, instead of leaving it empty', async ({ page }) => {
    await load(page, '<input id="n" type="number" aria-label="Count">');
    const refused = await failure(page, { type: 'prepareFill', target: { selector: '#n' }, value: '1,234 kg', timeoutMs: 200 });
    expect(refused.code).toBe('INVALID_PARAMS');
    expect(refused.message).toContain('"1,234 kg" is not a number');
    for (const ok of ['-12.5', '1e3', '.5', '']) {
      expect((await value(page, { type: 'prepareFill', target: { selector: '#n' }, value: ok, timeoutMs: 200 })).mode).toBe('insertText');
    }
  });

  test('prepareType puts the caret at the end, or selects all with clear', async ({ page }) => {
    await load(page, '<input id="i" value="Hello"><div id="ce" contenteditable>Rich</div>');
    await value(page, { type: 'prepareType', target: { selector: '#i' }, text: 'x', clear: false, timeoutMs: 1000 });
    await page.keyboard.type(' world');
    expect(await page.inputValue('#i')).toBe('Hello world');
    await value(page, { type: 'prepareType', target: { selector: '#i' }, text: 'x', clear: true, timeoutMs: 1000 });
    await page.keyboard.type('Bye');
    expect(await page.inputValue('#i')).toBe('Bye');
    await value(page, { type: 'prepareType', target: { selector: '#ce' }, text: 'x', clear: false, timeoutMs: 1000 });
    await page.keyboard.type('er');
    expect(await page.textContent('#ce')).toBe('Richer');
  });
});

test.describe('checked state and select', () => {
  test('readChecked for native, ARIA and label targets; INVALID_TARGET otherwise', async ({ page }) => {
    await load(page, `<label id="l"><input type="checkbox" id="c" checked> Remember</label>
      <input type="radio" id="r"><input type="checkbox" id="m"><script>document.getElementById('m').indeterminate = true</script>
      <div role="switch" id="sw" aria-checked="true">Wifi</div><div role="option" id="o" aria-selected="true">A</div>
      <button id="b">Plain</button>`);
    const read = (selector: string) => value(page, { type: 'readChecked', target: { selector } });
    expect(await read('#c')).toEqual({ checked: true, kind: 'checkbox', description: '<input id="c" type="checkbox">' });
    // A label answers for its control, and says so.
    expect(await read('#l')).toEqual({ checked: true, kind: 'checkbox', description: '<input id="c" type="checkbox">' });
    expect(await read('#r')).toMatchObject({ checked: false, kind: 'radio' });
    expect(await read('#m')).toMatchObject({ checked: 'mixed', kind: 'checkbox' });
    expect(await read('#sw')).toMatchObject({ checked: true, kind: 'switch' });
    expect(await read('#o')).toMatchObject({ checked: true, kind: 'option' });
    const plain = await failure(page, { type: 'readChecked', target: { selector: '#b' } });
    expect(plain.code).toBe('INVALID_TARGET');
    expect(plain.message).toContain('(role button) has no checked state');
  });

  test('selectOption by value and by label, multi-select, and its errors', async ({ page }) => {
    await load(page, `<select id="s"><option value="">Pick</option><option value="fr">France</option><option value="de"> Germany </option></select>
      <select id="m" multiple><option value="1">One</option><option value="2">Two</option><option value="3">Three</option></select>
      <div role="listbox" id="lb"><div role="option">X</div></div>
      <script>window.__events = []; for (const t of ['input', 'change'])
        document.addEventListener(t, (e) => window.__events.push(e.target.id + ':' + t + ':' + e.target.value));</script>`);
    expect((await value(page, { type: 'selectOption', target: { selector: '#s' }, values: ['fr'], timeoutMs: 1000 })).selected).toEqual(['fr']);
    expect((await value(page, { type: 'selectOption', target: { selector: '#s' }, values: ['Germany'], timeoutMs: 1000 })).selected).toEqual(['de']);
    expect(await page.evaluate(() => window.__events)).toEqual(['s:input:fr', 's:change:fr', 's:input:de', 's:change:de']);
    expect((await value(page, { type: 'selectOption', target: { selector: '#m' }, values: ['1', 'Three'], timeoutMs: 1000 })).selected).toEqual(['1', '3']);
    expect(await page.evaluate(() => Array.from((document.getElementById('m') as HTMLSelectElement).selectedOptions, (o) => o.value))).toEqual(['1', '3']);

    const missing = await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['Spain'], timeoutMs: 1000 });
    expect(missing.code).toBe('ELEMENT_NOT_FOUND');
    expect(missing.message).toContain('Available: "" (Pick), "fr" (France), "de" (Germany)');
    // Missing from a long list (whose snapshot shows only its start): the near matches come first.
    const missed = await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['many'], timeoutMs: 1000 });
    expect(missed.message).toContain('has no option with value or label "many". Containing "many": "de" (Germany). Available: ');
    expect((await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['fr', 'de'], timeoutMs: 1000 })).code).toBe('INVALID_PARAMS');
    // A drop-down made of divs: its options are clicked by the service worker, found here with refs.
    expect(await value(page, { type: 'selectOption', target: { selector: '#lb' }, values: ['X'], timeoutMs: 1000 })).toEqual({ custom: 'shown', description: '<div id="lb" role="listbox">X</div>' });
    const found = await value(page, { type: 'customOptions', target: { selector: '#lb' }, values: ['x'], refPrefix: '', refFloor: 0, waitMs: 100 });
    expect(found).toMatchObject({ refs: [expect.stringMatching(/^e\d+$/)], labels: ['X'] });
    const option = await failure(page, { type: 'selectOption', target: { selector: '#lb [role=option]' }, values: ['X'], timeoutMs: 1000 });
    expect(option.code).toBe('INVALID_TARGET');
    expect(option.message).toContain('It is an option of a custom drop-down: click it');
  });
});

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
    const find = (q: Record<string, unknown>) =>
      value(page, { type: 'find', limit: 10, refPrefix: '', refFloor: 100, ...q } as ContentRequest);
    const links = await find({ role: 'link' });
    expect(links.total).toBe(2);
    expect(links.matches.map((m: { line: string }) => m.line)).toEqual([`link "Docs" [ref=${links.matches[0].ref}]`, `link "Blog" [ref=${links.matches[1].ref}]`]);
    expect(Number(links.matches[0].ref.slice(1))).toBeGreaterThan(100);
    expect(links.maxRef).toBeGreaterThanOrEqual(Number(links.matches[1].ref.slice(1)));

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
  });
});
