import { expect, test } from '@playwright/test';
import { act, ALL, failure, load, refOf, servePages, value } from './helpers/content-actions.ts';

/**
 * The content-script half of acting on the page, in real Chromium without
 * the extension: element resolution, actionability waits, hit testing,
 * fill/type preparation, select and checked state.
 * What the agent would see: the values, and the errors' codes and messages.
 */

servePages();

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
    expect(located.description).toBe('<input id="c" type="checkbox"> named "cover inside label"');
  });

  test('a hidden custom checkbox is acted on through its visible label', async ({ page }) => {
    await load(page, `<input type="checkbox" id="c" style="display:none"><label for="c" id="l" style="display:inline-block;width:80px;height:20px">Subscribe</label>`);
    const located = await value(page, { type: 'locate', target: { selector: '#c' }, options: { ...ALL, timeoutMs: 1000 } });
    expect(located.description).toBe('<input id="c" type="checkbox"> named "Subscribe" via its label <label id="l">Subscribe</label>');
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [located.x, located.y])).toBe('l');
    await page.mouse.click(located.x, located.y);
    expect(await value(page, { type: 'readChecked', target: { selector: '#c' } })).toMatchObject({ checked: true, kind: 'checkbox' });
  });

  test('a radio drawn as a toggle button (Bootstrap\'s btn-check: clipped, no pointer events, under the first button) is clicked through its own label', async ({ page }) => {
    await load(page, `<style>.check { position: absolute; clip: rect(0,0,0,0); pointer-events: none } label { display: inline-block; padding: 6px 12px; border: 1px solid }</style>
      <div role="group" aria-label="Size" style="position:relative"><input type="radio" class="check" name="size" id="s"><label for="s" id="ls">Small</label><input type="radio" class="check" name="size" id="l"><label for="l" id="ll">Large</label></div>`);
    const located = await value(page, { type: 'locate', target: { selector: '#l' }, options: { ...ALL, timeoutMs: 1000 } });
    expect(located.description).toBe('<input id="l" class="check" name="size" type="radio"> named "Large" via its label <label id="ll">Large</label>');
    await page.mouse.click(located.x, located.y);
    expect(await page.evaluate(() => document.querySelector<HTMLInputElement>('[name=size]:checked')?.id)).toBe('l');
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

  test('an element an endless animation keeps moving is located where it is, when it stays under the point aimed at; one that jumps is not', async ({ page }) => {
    // The second runs across 1,000 px in 150 ms, over and over: more than its width from one frame to the next.
    await load(page, `<style>@keyframes pulse { 50% { transform: scale(1.15) } } @keyframes run { to { margin-left: 1000px } }</style>
      <button id="p" style="animation: pulse 1s infinite">Buy now</button>
      <div><button id="j" style="animation: run 150ms linear infinite">Catch me</button></div>`);
    const located = await value(page, { type: 'locate', target: { selector: '#p' }, options: { ...ALL, timeoutMs: 3000 } });
    expect(located.description).toBe('<button id="p">Buy now</button> (while it moves: its animation does not stop)');
    const jumping = await failure(page, { type: 'locate', target: { selector: '#j' }, options: { ...ALL, timeoutMs: 500 } });
    expect(jumping.code).toBe('TIMEOUT');
    expect(jumping.message).toContain('kept moving too far between animation frames to be pressed where it was');
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
    expect((await value(page, { type: 'prepareFill', target: { selector: 'label' }, value: 'x', timeoutMs: 1000 })).description).toBe('<input id="i2" type="email"> named "Email"');
    await page.keyboard.insertText('x@y.z');
    expect(await page.inputValue('#i2')).toBe('x@y.z');
    // So does a wrapper around exactly one field.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div class="search-box"><span>🔍</span><input id="q" type="search"></div>'));
    expect((await value(page, { type: 'prepareType', target: { selector: '.search-box' }, text: 'x', clear: false, timeoutMs: 1000 })).description).toBe('<input id="q" type="search">');
  });

  test('date, color and range are set natively (prepareFill says so, setNativeValue sets them) with input and change events', async ({ page }) => {
    await load(page, `<input id="d" type="date"><input id="c" type="color"><input id="r" type="range" min="0" max="10">
      <script>window.__events = [];
        for (const el of document.querySelectorAll('input')) for (const t of ['input', 'change'])
          document.addEventListener(t, (e) => e.target === el && window.__events.push(el.id + ':' + t + ':' + el.value));</script>`);
    expect((await value(page, { type: 'prepareFill', target: { selector: '#d' }, value: '2024-03-15', timeoutMs: 1000 })).mode).toBe('native');
    expect(await page.inputValue('#d')).toBe('');
    await value(page, { type: 'setNativeValue', target: { selector: '#d' }, value: '2024-03-15' });
    await value(page, { type: 'setNativeValue', target: { selector: '#c' }, value: '#ff8800' });
    await value(page, { type: 'setNativeValue', target: { selector: '#r' }, value: '7' });
    expect(await page.evaluate(() => window.__events)).toEqual([
      'd:input:2024-03-15', 'd:change:2024-03-15', 'c:input:#ff8800', 'c:change:#ff8800', 'r:input:7', 'r:change:7',
    ]);
    const bad = await failure(page, { type: 'setNativeValue', target: { selector: '#d' }, value: '15/03/2024' });
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
    await value(page, { type: 'setNativeValue', target: { selector: '#d' }, value: '2025-01-02' });
    expect(await page.evaluate(() => window.__events)).toEqual(['onChange:2025-01-02']);
  });

  test('fill refuses selects, checkboxes, read-only and non-fields, and says how to choose in a drop-down the page draws', async ({ page }) => {
    await load(page, `<select id="s"><option>a</option></select><input id="c" type="checkbox">
      <input id="ro" readonly value="fixed"><div id="d">Text</div><div id="sl" role="slider" tabindex="0" aria-label="Brightness" aria-valuenow="3">3</div>
      <span id="cb" role="combobox" tabindex="0" aria-label="Room">Double</span>`);
    const select = await failure(page, { type: 'prepareFill', target: { selector: '#s' }, value: 'a', timeoutMs: 200 });
    expect(select.code).toBe('INVALID_TARGET');
    expect(select.message).toContain('browser_select_option');
    expect((await failure(page, { type: 'prepareFill', target: { selector: '#c' }, value: 'a', timeoutMs: 200 })).message).toContain('browser_check');
    const readOnly = await failure(page, { type: 'prepareFill', target: { selector: '#ro' }, value: 'a', timeoutMs: 200 });
    expect(readOnly.code).toBe('NOT_EDITABLE');
    // As a date picker's field is: the way to fill it is the picker.
    expect(readOnly.message).toContain('If the page fills it from a picker (a date picker), click it and choose in what it opens');
    const div = await failure(page, { type: 'prepareType', target: { selector: '#d' }, text: 'x', clear: false, timeoutMs: 200 });
    expect(div.code).toBe('NOT_EDITABLE');
    expect(div.message).toContain('(role generic) is not a text field');
    // Select2's <span>: chosen from, or searched in the field its list shows.
    const combobox = await failure(page, { type: 'prepareType', target: { selector: '#cb' }, text: 'Sing', clear: false, timeoutMs: 200 });
    expect(combobox.message).toContain('is a drop-down the page draws, and takes no text: choose with browser_select_option (its ref and the option\'s text); or click it, then type into the search field it shows');
    const slider = await failure(page, { type: 'prepareFill', target: { selector: '#sl' }, value: 'bright', timeoutMs: 200 });
    expect(slider.message).toContain('is a custom slider (now 3) and takes keys, not text: browser_fill with a number presses them until it says that number; or press ArrowRight');
    // Given a number, its keys are pressed for it (e2e/keyboard.spec.ts).
    expect(await value(page, { type: 'prepareFill', target: { selector: '#sl' }, value: '7', timeoutMs: 200 })).toMatchObject({ mode: 'keys', role: 'slider', now: 3 });
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
    expect(await read('#c')).toEqual({ checked: true, kind: 'checkbox', description: '<input id="c" type="checkbox"> named "Remember"' });
    // A label answers for its control, and says so.
    expect(await read('#l')).toEqual({ checked: true, kind: 'checkbox', description: '<input id="c" type="checkbox"> named "Remember"' });
    expect(await read('#r')).toMatchObject({ checked: false, kind: 'radio' });
    expect(await read('#m')).toMatchObject({ checked: 'mixed', kind: 'checkbox' });
    expect(await read('#sw')).toMatchObject({ checked: true, kind: 'switch' });
    expect(await read('#o')).toMatchObject({ checked: true, kind: 'option' });
    const plain = await failure(page, { type: 'readChecked', target: { selector: '#b' } });
    expect(plain.code).toBe('INVALID_TARGET');
    expect(plain.message).toContain('(role button) has no checked state');
  });

  const REFS = { refPrefix: '' };

  test('selectOption by value and by label, multi-select, and its errors', async ({ page }) => {
    await load(page, `<select id="s"><option value="">Pick</option><option value="fr">France</option><option value="de"> Germany </option></select>
      <select id="m" multiple><option value="1">One</option><option value="2">Two</option><option value="3">Three</option></select>
      <div role="listbox" id="lb"><div role="option">X</div></div>
      <script>window.__events = []; for (const t of ['input', 'change'])
        document.addEventListener(t, (e) => window.__events.push(e.target.id + ':' + t + ':' + e.target.value));</script>`);
    expect((await value(page, { type: 'selectOption', target: { selector: '#s' }, values: ['fr'], timeoutMs: 1000, ...REFS })).selected).toEqual(['fr']);
    expect((await value(page, { type: 'selectOption', target: { selector: '#s' }, values: ['Germany'], timeoutMs: 1000, ...REFS })).selected).toEqual(['de']);
    expect(await page.evaluate(() => window.__events)).toEqual(['s:input:fr', 's:change:fr', 's:input:de', 's:change:de']);
    expect((await value(page, { type: 'selectOption', target: { selector: '#m' }, values: ['1', 'Three'], timeoutMs: 1000, ...REFS })).selected).toEqual(['1', '3']);
    expect(await page.evaluate(() => Array.from((document.getElementById('m') as HTMLSelectElement).selectedOptions, (o) => o.value))).toEqual(['1', '3']);

    const missing = await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['Spain'], timeoutMs: 1000, ...REFS });
    expect(missing.code).toBe('ELEMENT_NOT_FOUND');
    expect(missing.message).toContain('Available: "" (Pick), "fr" (France), "de" (Germany)');
    // Missing from a long list (whose snapshot shows only its start): the near matches come first.
    const missed = await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['many'], timeoutMs: 1000, ...REFS });
    expect(missed.message).toContain('has no option with value or label "many". Containing "many": "de" (Germany). Available: ');
    expect((await failure(page, { type: 'selectOption', target: { selector: '#s' }, values: ['fr', 'de'], timeoutMs: 1000, ...REFS })).code).toBe('INVALID_PARAMS');
    // A drop-down made of divs: its options are clicked by the service worker, found here with refs.
    expect(await value(page, { type: 'selectOption', target: { selector: '#lb' }, values: ['X'], timeoutMs: 1000, ...REFS })).toMatchObject({ custom: 'shown', description: '<div id="lb" role="listbox">X</div>' });
    const found = await value(page, { type: 'customOptions', target: { selector: '#lb' }, values: ['x'], refPrefix: '', waitMs: 100 });
    expect(found).toMatchObject({ refs: [expect.stringMatching(/^e\d+$/)], labels: ['X'] });
    const option = await failure(page, { type: 'selectOption', target: { selector: '#lb [role=option]' }, values: ['X'], timeoutMs: 1000, ...REFS });
    expect(option.code).toBe('INVALID_TARGET');
    expect(option.message).toContain('It is an option of a custom drop-down: click it');
  });
});
