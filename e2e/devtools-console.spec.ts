import fs from 'node:fs';
import { pageAt } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { html, TestServer } from './helpers/server.ts';

const script = (code: string) => `<script>${code}</script>`;

test.describe('console capture', () => {
  test.beforeEach(async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-blank', html('<p>blank</p>')) });
    await agent.server.ok('browser_clear_console_messages');
  });

  test('kept across two navigations, newest first, with levels and location', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-one', html(script("console.log('first page'); console.warn('careful')"))) });
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-two', html(script("console.info('second page'); console.debug('details')"))) });
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-three', html(script("console.error('third page')"))) });
    const { text } = await agent.server.ok('browser_console_messages');
    const order = ['third page', 'details', 'second page', 'careful', 'first page'].map((t) => text.indexOf(t));
    expect(order.every((i) => i >= 0), text).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toMatch(/ERROR page: third page \(http:\/\/127\.0\.0\.1:\d+\/console-three:1:\d+\)\n/);
    expect(text).toMatch(/WARN page: careful/);
    expect(text).toMatch(/DEBUG page: details/);

    const warnings = await agent.server.ok('browser_console_messages', { level: 'warn' });
    expect(warnings.text).toContain('careful');
    expect(warnings.text).not.toContain('first page');
    const filtered = await agent.server.ok('browser_console_messages', { contains: 'PAGE', limit: 2 });
    expect(filtered.text).toContain('2 of 3 console messages');
    expect(filtered.text).toContain('third page');
    expect(filtered.text).not.toContain('first page');
  });

  test('a page the back/forward cache restores is not logged twice, nor its frame of another site; what it logs on being restored is', async ({ agent }) => {
    const other = await new TestServer({ host: '127.0.0.2' }).start();
    try {
      const frame = other.page('/console-cached-frame', html(script("console.log('cached frame')")));
      const url = agent.pages.page('/console-cached', html(`<iframe src="${frame}"></iframe>${script("console.log('cached page'); onpageshow = (e) => e.persisted && console.log('shown again')")}`));
      await agent.server.ok('browser_navigate', { url });
      await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain('cached frame');
      await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-away', html('<p>away</p>')) });
      await agent.server.ok('browser_navigate_back');
      // Chromium replays a restored document's console to the debugger, with the first timestamps.
      await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain('shown again');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { text } = await agent.server.ok('browser_console_messages');
      expect(text.match(/cached page/g), text).toHaveLength(1);
      expect(text.match(/cached frame/g), text).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  test('objects render by their properties', async ({ agent }) => {
    const code = `
      console.log('user', { userId: 123, status: 'active' });
      console.log([1, 2, 3], { nested: { deep: { deeper: 1 } }, list: [1, 'two'] });
      console.log(new Map([['a', 1]]), new Set([1, 2]), null, undefined, 12n, NaN);
      console.log('%s has %d items', 'cart', 3);
      console.log(Array.from({ length: 200 }, (_, i) => i));
      console.log({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 });`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-objects', html(script(code))) });
    // Objects deeper than V8's preview are rendered in the page right after they are logged.
    await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain("[1, 2, 3] {nested: {deep: {deeper: 1}}, list: [1, 'two']}");
    const { text } = await agent.server.ok('browser_console_messages');
    expect(text).toContain("user {userId: 123, status: 'active'}");
    expect(text).toContain('{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7}');
    expect(text).toContain("Map(1) {'a' => 1} Set(2) {1, 2} null undefined 12n NaN");
    expect(text).toContain('cart has 3 items');
    expect(text).toMatch(/\[0, 1, 2, .*, 99, …\]/);
    expect(text).not.toContain('100, 101');
    expect(text).not.toMatch(/\bObject\b/);
  });

  test('objects the page logged are let go of: the page does not keep every one alive', async ({ agent }) => {
    // Each logged object is bound into the logging CDP session until that session releases it;
    // the agent needs it only to render the entry. WeakRefs tell what a GC could free.
    const code = `
      window.refs = [];
      for (let k = 0; k < 3000; k++) { const o = { k, pad: 'x'.repeat(100) }; refs.push(new WeakRef(o)); console.log('item', o); }`;
    // Playwright keeps a handle to each logged object too (the test's own session): dispose of them.
    const page = await pageAt(agent.browser.context, '/console-blank');
    page.on('console', (message) => message.args().forEach((arg) => void arg.dispose().catch(() => undefined)));
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-release', html(script(code))) });
    await expect.poll(async () => (await agent.server.ok('browser_console_messages', { contains: 'item', limit: 1 })).text, { timeout: 15_000 }).toContain('3000 console messages');
    const cdp = await agent.browser.context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const alive = await page.evaluate(() => (window as unknown as { refs: WeakRef<object>[] }).refs.filter((r) => r.deref()).length);
    // V8 keeps the last 1,000 messages with their objects; ours are released every 100.
    expect(alive).toBeLessThan(1300);
    // The entries themselves stay readable.
    expect((await agent.server.ok('browser_console_messages', { contains: 'item', limit: 1 })).text).toContain("item {k: 2999, pad: 'xxx");
  });

  test('uncaught errors and unhandled rejections with stack, failed loads', async ({ agent }) => {
    const code = `
      function explode() { throw new TypeError('kaboom'); }
      setTimeout(() => explode(), 0);
      Promise.reject(new Error('nobody caught me'));
      console.error(new Error('save failed', { cause: new TypeError('quota exceeded') }));
      setTimeout(() => { throw new Error('sync failed', { cause: 'offline' }); }, 0);`;
    const body = script(code) + '<img src="/missing-image.png">';
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-errors', html(body)) });
    await expect.poll(async () => (await agent.server.ok('browser_console_messages', { level: 'error' })).text).toContain('kaboom');
    const { text } = await agent.server.ok('browser_console_messages', { level: 'error' });
    expect(text).toMatch(/Uncaught TypeError: kaboom \(.*\)\n\s+at explode \(http:\/\/127\.0\.0\.1:\d+\/console-errors:2:\d+\)/);
    expect(text).toMatch(/Uncaught \(in promise\) Error: nobody caught me/);
    // What caused an error, which its stack leaves out.
    // An error logged as an object: where it was logged on its first line, not after its stack.
    expect(text).toMatch(/ERROR page: Error: save failed \(caused by TypeError: quota exceeded\) \(http:\/\/127\.0\.0\.1:\d+\/console-errors:5:\d+\)\n\s+at [^\n]*:5:\d+(\n|$)/);
    expect(text).toContain('Uncaught Error: sync failed (caused by offline)');
    expect(text).toMatch(/network: Failed to load resource: the server responded with a status of 404/);
  });

  test('stacks stay short: at most 10 frames, none on the browser\'s own warnings', async ({ agent }) => {
    const code = `
      function dive(n) { if (!n) throw new Error('deep down'); dive(n - 1); }
      setTimeout(() => dive(30), 0);
      const frame = document.createElement('iframe');
      frame.sandbox = 'allow-scripts allow-same-origin';
      document.body.append(frame);`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-stacks', html(script(code))) });
    await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain('deep down');
    const { text } = await agent.server.ok('browser_console_messages');
    const error = text.slice(text.indexOf('Uncaught Error: deep down'));
    expect(error.split('\n').filter((line) => line.startsWith('    at dive')).length).toBe(10);
    expect(error).toMatch(/\n    … 22 more frames/);
    const warning = text.split('\n').findIndex((line) => line.includes('can escape its sandboxing'));
    expect(warning).toBeGreaterThan(-1);
    expect(text.split('\n')[warning + 1] ?? '').not.toMatch(/^\s+at /);
  });

  test('the browser\'s own advice names the element it is about, where DevTools shows it', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-advice', html('<input type="password" id="pin">')) });
    await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain('Password field is not contained in a form');
    const { text } = await agent.server.ok('browser_console_messages');
    expect(text).toMatch(/Password field is not contained in a form: .*input#pin/);
    expect(text).not.toContain('%o');
  });

  test('messages of a dedicated worker are tagged with it', async ({ agent }) => {
    agent.pages.page('/console-worker.js', "console.log('hello from worker', { n: 1 });", { contentType: 'text/javascript' });
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-worker', html(script("new Worker('/console-worker.js')"))) });
    await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toMatch(/LOG worker http:\/\/127\.0\.0\.1:\d+\/console-worker\.js: hello from worker {n: 1}/);
  });

  test('long output spills to a file with the full content; clear says how many', async ({ agent }) => {
    const code = `for (let i = 0; i < 40; i++) console.log('line ' + i + ' ' + 'x'.repeat(300) + ' end' + i);`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/console-spill', html(script(code))) });
    const { text } = await agent.server.ok('browser_console_messages');
    const file = /written in full to (\S+)/.exec(text)?.[1];
    expect(file, text).toBeTruthy();
    expect(Buffer.byteLength(text)).toBeLessThan(4096);
    const full = fs.readFileSync(file!, 'utf8');
    for (let i = 0; i < 40; i++) expect(full).toContain(`end${i} `);
    expect(text).toContain('line 39');

    const cleared = await agent.server.ok('browser_clear_console_messages');
    expect(cleared.text).toContain('Cleared 40 console messages');
    expect((await agent.server.ok('browser_console_messages')).text).toContain('No console messages');
  });
});

test('an action whose handler throws says what it threw and where, also from a timer the handler set; console.error and actions that throw nothing add nothing', async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page('/throwing-handlers', html(`<button id="save">Save</button><button id="load">Load</button><button id="fine">Fine</button><button id="sync">Sync</button>
      <script>
        save.onclick = () => { const user = undefined; return user.name; };
        load.onclick = () => setTimeout(() => { throw new Error('Load failed: 404'); }, 100);
        fine.onclick = () => console.error('logged, not thrown');
        sync.onclick = () => fetch('http://127.0.0.1:1/');
      </script>`)),
  });
  const saved = await agent.server.ok('browser_click', { selector: '#save' });
  expect(saved.text).toMatch(/The page's script threw an error meanwhile, uncaught:\n- Uncaught TypeError: Cannot read properties of undefined \(reading 'name'\) \(http:\/\/127\.0\.0\.1:\d+\/throwing-handlers:\d+\)/);
  const loaded = await agent.server.ok('browser_click', { selector: '#load' });
  expect(loaded.text).toContain('- Uncaught Error: Load failed: 404');
  expect(loaded.text).not.toContain('TypeError');
  // The timer went through the wrapper that tracks a handler's timers: the console's stack shows the page's frames only.
  const { text } = await agent.server.ok('browser_console_messages', { contains: 'Load failed' });
  const frames = text.split('\n').filter((line) => line.startsWith('    at '));
  expect(frames.length, text).toBeGreaterThan(0);
  for (const frame of frames) expect(frame, text).toMatch(/\(http:\/\/127\.0\.0\.1:\d+\/throwing-handlers:\d+:\d+\)$/);
  // A fetch goes through the tracker's wrapper too: its rejection is placed where the page called it.
  const synced = await agent.server.ok('browser_click', { selector: '#sync' });
  expect(synced.text).toMatch(/- Uncaught \(in promise\) TypeError: Failed to fetch \(http:\/\/127\.0\.0\.1:\d+\/throwing-handlers:6\)/);
  expect((await agent.server.ok('browser_click', { selector: '#fine' })).text).toBe('Clicked <button id="fine">Fine</button>');
});
