import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test, type Agent } from './fixtures.ts';
import { frameAt, openPage, pageAt } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

const open = (agent: Agent, route: string, body: string) => openPage(agent, route, body, 'More actions');

/** A file on this machine for an upload, in the test's own output directory. */
function fileToUpload(testInfo: TestInfo, name: string, content: string): string {
  const file = testInfo.outputPath(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

const text = (agent: Agent, selector: string) => agent.server.ok('browser_get', { what: 'text', selector }).then((r) => r.text);

test('file upload sets files the page can read; a missing file is a clear error', async ({ agent }, testInfo) => {
  const file = fileToUpload(testInfo, 'notes.txt', 'hello upload');
  const snap = await open(
    agent,
    '/upload',
    `<label>Attachment <input type="file" id="f"></label><p id="out"></p>
     <script>document.getElementById('f').addEventListener('change', async (e) => {
       const f = e.target.files[0]; document.getElementById('out').textContent = f.name + ':' + await f.text();
     });</script>`,
  );
  const result = await agent.server.ok('browser_file_upload', { ref: refOf(snap, 'button "Attachment"'), paths: [file] });
  expect(result.text).toContain('← 1 file');
  await expect.poll(() => text(agent, '#out')).toBe('notes.txt:hello upload');
  // A page that uploads as soon as a file is chosen: the upload is waited for and reported.
  agent.pages.page('/upload-now', '{"stored":true}', { contentType: 'application/json', delayMs: 100 });
  await agent.server.ok('browser_evaluate', { function: "() => document.getElementById('f').addEventListener('change', (e) => fetch('/upload-now', { method: 'POST', body: e.target.files[0] }))" });
  const uploaded = await agent.server.ok('browser_file_upload', { selector: '#f', paths: [fileToUpload(testInfo, 'report.txt', 'quarterly')] });
  expect(uploaded.text).toMatch(/Request it started: POST \/upload-now → 200 OK/);
  const missing = await agent.server.call('browser_file_upload', { selector: '#f', paths: ['/no/such/file.txt'] });
  expect(missing.isError).toBe(true);
  expect(missing.text).toContain('File not found: /no/such/file.txt');
});

test('a drop zone that opens no file chooser gets the files dropped on it; one that takes no drop says so and the page stays', async ({ agent }, testInfo) => {
  const file = fileToUpload(testInfo, 'drop.txt', 'dropped content');
  const snap = await open(
    agent,
    '/drop-zone',
    `<div id="zone" style="width:300px;height:80px;border:2px dashed" ondragover="event.preventDefault()"
       ondrop="event.preventDefault(); const f = event.dataTransfer.files[0]; f.text().then((t) => document.getElementById('out').textContent = f.name + ':' + t)">Drop files here</div>
     <div id="lax" style="width:300px;height:80px" ondragover="event.preventDefault()" onclick="">Accepts the drag, keeps nothing</div>
     <p id="plain" onclick="">Plain text</p><p id="out"></p>`,
  );
  const result = await agent.server.ok('browser_file_upload', { ref: refOf(snap, 'Drop files here'), paths: [file] });
  expect(result.text).toContain('← 1 file, dropped on it (a click opened no file chooser)');
  await expect.poll(() => text(agent, '#out')).toBe('drop.txt:dropped content');
  const plain = await agent.server.call('browser_file_upload', { ref: refOf(snap, 'Plain text'), paths: [file] });
  expect(plain.text).toContain('opened no file chooser, and it takes no dropped files');
  // No handler takes the drop: an error, and the page stays.
  const lax = await agent.server.call('browser_file_upload', { ref: refOf(snap, 'Accepts the drag'), paths: [file] });
  expect(lax.text).toContain('the page did not take files dropped on it');
  expect((await agent.server.ok('browser_evaluate', { expression: 'location.pathname' })).text).toContain('/drop-zone');
  // Nor did the browser open the file in a tab in front, as it does with a drop no page takes.
  expect(agent.browser.context.pages().map((p) => p.url())).not.toContainEqual(expect.stringMatching(/drop\.txt$/));
});

test('an upload button that clicks a hidden file input: its chooser is filled, also after a plain click and inside a frame', async ({ agent }, testInfo) => {
  const file = fileToUpload(testInfo, 'report.txt', 'quarterly');
  // The pattern most pages use: a styled button, a hidden input it clicks, no ref for the input.
  const uploader = (id: string) => `<button onclick="document.getElementById('${id}').click()">Upload ${id}</button>
    <input type="file" id="${id}" style="display:none" onchange="this.files[0].text().then((t) => document.title = this.files[0].name + ':' + t)">`;
  const other = await new TestServer().start();
  try {
    const inner = other.page('/upload-inner', html(uploader('framed'), 'inner'));
    const snap = await open(agent, '/upload-button', `${uploader('direct')}${uploader('later')}<iframe src="${inner}"></iframe>`);
    const page = () => agent.browser.context.pages().find((p) => p.url().endsWith('/upload-button'))!;

    const direct = await agent.server.ok('browser_file_upload', { ref: refOf(snap, 'button "Upload direct"'), paths: [file] });
    expect(direct.text).toContain('file chooser ← 1 file');
    await expect.poll(() => page().title()).toBe('report.txt:quarterly');

    // A click that opens a chooser says so; the upload without a ref fills it.
    const click = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Upload later"') });
    expect(click.text).toContain('A file chooser opened: call browser_file_upload');
    await agent.server.ok('browser_evaluate', { expression: 'document.title = "waiting"' });
    await agent.server.ok('browser_file_upload', { paths: [file] });
    await expect.poll(() => page().title()).toBe('report.txt:quarterly');
    const none = await agent.server.call('browser_file_upload', { paths: [file] });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('No file chooser is open');

    await agent.server.ok('browser_file_upload', { ref: refOf(snap, 'button "Upload framed"'), paths: [file] });
    const frame = await frameAt(page(), inner);
    await expect.poll(() => frame.title()).toBe('report.txt:quarterly');

    // A button that opens no chooser is not mistaken for one.
    const wrong = await agent.server.call('browser_file_upload', { ref: refOf(snap, 'button "Upload direct"'), paths: [file, file] });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('takes one file');
  } finally {
    await other.stop();
  }
});

test('typing a tab moves on to the next field, as on a keyboard', async ({ agent }) => {
  const snap = await open(agent, '/tab-typing', '<label>First <input id="first"></label><label>Last <input id="last"></label>');
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "First"'), text: 'Ada\tLovelace' });
  expect((await agent.server.ok('browser_get', { what: 'value', selector: '#first' })).text).toBe('Ada');
  expect((await agent.server.ok('browser_get', { what: 'value', selector: '#last' })).text).toBe('Lovelace');
});

test('hover, double click, focus and scroll', async ({ agent }) => {
  const snap = await open(
    agent,
    '/pointer',
    `<button id="h" onmouseenter="this.textContent='hovered'">Hover me</button>
     <button id="d" ondblclick="this.textContent='double'">Double me</button>
     <input id="i" aria-label="Focus me" onfocus="this.value='focused'">
     <div style="height:3000px"></div><button id="far">Far away</button>`,
  );
  await agent.server.ok('browser_hover', { ref: refOf(snap, 'button "Hover me"') });
  expect(await text(agent, '#h')).toBe('hovered');
  await agent.server.ok('browser_dblclick', { ref: refOf(snap, 'button "Double me"') });
  expect(await text(agent, '#d')).toBe('double');
  await agent.server.ok('browser_focus', { ref: refOf(snap, 'textbox "Focus me"') });
  expect((await agent.server.ok('browser_get', { what: 'value', selector: '#i' })).text).toBe('focused');
  expect((await agent.server.ok('browser_is', { what: 'in_viewport', selector: '#far' })).text).toBe('false');
  await agent.server.ok('browser_scroll', { selector: '#far' });
  expect((await agent.server.ok('browser_is', { what: 'in_viewport', selector: '#far' })).text).toBe('true');
  const scrolled = await agent.server.ok('browser_scroll', { deltaY: -5000 });
  expect(scrolled.text).toMatch(/^Scrolled the page by \(0, -5000\) to \(0, 0\)/);
});

test('selectors: invalid and missing selectors are typed errors; several matches act on the first visible one', async ({ agent }) => {
  await open(agent, '/sel', `<button style="display:none">Go</button><button onclick="document.title='second'">Go</button><button>Go</button>`);
  const invalid = await agent.server.call('browser_click', { selector: 'button[', element: 'the Go button' });
  expect(invalid.text).toContain('INVALID_SELECTOR');
  const missing = await agent.server.call('browser_click', { selector: '#nope', timeout: 1500 });
  expect(missing.text).toContain('ELEMENT_NOT_FOUND');
  expect(missing.text).toContain('#nope');
  const clicked = await agent.server.ok('browser_click', { selector: 'button' });
  expect(clicked.text).toMatch(/of 3 matches/);
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('second');
});

test('clicks land on the right element when the page is zoomed', async ({ agent }) => {
  const snap = await open(agent, '/zoom', `<div style="height:200px"></div><button style="margin-left:300px" onclick="document.title='zoom hit'">Zoomed</button><button onclick="document.title='wrong'">Other</button>`);
  const worker = await agent.browser.serviceWorker();
  const tabId = Number(/Tab: (\d+)/.exec((await agent.server.ok('browser_snapshot')).text)![1]);
  await worker.evaluate(async (id) => chrome.tabs.setZoom(id, 1.5), tabId);
  try {
    await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Zoomed"') });
    expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('zoom hit');
  } finally {
    await worker.evaluate(async (id) => chrome.tabs.setZoom(id, 1), tabId);
  }
});

test('a click that starts a download says where its file is once it is whole, or how far it got', async ({ agent }) => {
  agent.pages.page('/files/r', 'a,b\n1,2\n', { contentType: 'text/csv', headers: { 'content-disposition': 'attachment; filename="report.csv"' } });
  // A file whose server sends the start and then stalls: still coming when the click answers.
  const stalled = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '1000000', 'content-disposition': 'attachment; filename="big.bin"' });
    res.write(Buffer.alloc(1000, 1));
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const bigUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/big.bin`;
  try {
    const snap = await open(agent, '/downloads', `<a href="/files/r">Get the report</a><a href="data:text/plain,hello" download="notes.txt">Get the notes</a><a href="${bigUrl}">Get the archive</a>`);
    // (This harness's Playwright saves downloads under generated names, in a folder of its own.)
    const saved = (text: string) => /Downloaded .+ \((\d+) bytes\) to (\/.+)/.exec(text);
    const report = await agent.server.ok('browser_click', { ref: refOf(snap, 'link "Get the report"') });
    expect(report.text).not.toContain('Navigated to');
    const [, bytes, file] = saved(report.text) ?? [];
    expect(bytes, report.text).toBe('8');
    expect(fs.readFileSync(file, 'utf8')).toBe('a,b\n1,2\n');
    const notes = await agent.server.ok('browser_click', { ref: refOf(snap, 'link "Get the notes"') });
    expect(fs.readFileSync(saved(notes.text)?.[2] ?? '', 'utf8')).toBe('hello');
    const big = await agent.server.ok('browser_click', { ref: refOf(snap, 'link "Get the archive"') });
    expect(big.text).toMatch(/Downloading .+: 1000 bytes so far, into \/.+; it was still coming when this answered/);
  } finally {
    stalled.closeAllConnections();
    stalled.close();
  }
});

test('twenty clicks in a row are twenty clicks, and a double click is one dblclick', async ({ agent }) => {
  const snap = await open(agent, '/counter', `<button onclick="this.textContent = String(Number(this.textContent) + 1)" ondblclick="document.title = 'dbl'">0</button>`);
  const ref = refOf(snap, 'button "0"');
  for (let i = 0; i < 20; i++) await agent.server.ok('browser_click', { ref });
  expect(await text(agent, 'button')).toBe('20');
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('More actions');
  await agent.server.ok('browser_dblclick', { ref });
  expect(await text(agent, 'button')).toBe('22');
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('dbl');
});

test('a click whose handler acts a moment later is reported after that: a view drawn after a short delay, and what a debounced Save then asks', async ({ agent }) => {
  agent.pages.page('/api/draft', '{"ok":true}', { contentType: 'application/json', delayMs: 50 });
  const snap = await open(
    agent,
    '/later',
    `<button id="next">Next step</button><button id="save">Save draft</button><p id="out">Step 1</p>
     <button id="help">Help</button><div id="tip" role="tooltip" hidden>Opens the manual</div>
     <script>
       // A tooltip the pointer's arrival sets off, a second later: not the click's doing, not waited for.
       help.addEventListener('mouseover', () => setTimeout(() => { tip.hidden = false; }, 1000));
       // A router that shows its next view a moment after the click, and a Save debounced as many are.
       next.onclick = () => setTimeout(() => { out.textContent = 'Step 2'; }, 300);
       let timer;
       save.onclick = () => { clearTimeout(timer); timer = setTimeout(async () => { await fetch('/api/draft', { method: 'POST' }); out.textContent = 'Draft saved'; }, 250); };
     </script>`,
  );
  const next = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Next step"'), snapshot: true });
  expect(next.text).toContain('- paragraph: Step 2');
  const saved = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save draft"') });
  expect(saved.text).toMatch(/Request it started: POST \/api\/draft → 200 OK/);
  expect(await text(agent, '#out')).toBe('Draft saved');
  const help = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Help"'), snapshot: true });
  expect(help.text).not.toContain('Opens the manual');
});

test('a click does not wait for the timers a press or release sets (a ripple fading out), only for those of its click handler', async ({ agent }) => {
  const snap = await open(
    agent,
    '/ripple-timers',
    `<button id="b">Save</button><p id="out">ready</p>
     <script>
       // As Vuetify's ripple does: its release handler fades the ripple out over two timers.
       b.addEventListener('mouseup', () => setTimeout(() => setTimeout(() => { document.title = 'ripple gone'; }, 300), 250));
       b.addEventListener('click', () => { out.textContent = 'saved'; });
     </script>`,
  );
  const clicked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(clicked.text).toContain('Clicked <button id="b">Save</button>');
  expect(await text(agent, '#out')).toBe('saved');
  // Reported before the ripple's timers ran: they were not the click's to wait for.
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).not.toBe('ripple gone');
});

test('a click waits for the data it fetched, so a snapshot right after shows it; a failed or unanswered request is reported', async ({ agent }) => {
  agent.pages.page('/api/items', JSON.stringify(['Apple', 'Banana']), { contentType: 'application/json', delayMs: 300 });
  agent.pages.page('/api/save', '{"error":"database down"}', { contentType: 'application/json', status: 500, delayMs: 50 });
  agent.pages.page('/api/user', '{"id":7}', { contentType: 'application/json', delayMs: 100 });
  agent.pages.page('/api/posts', '["First post"]', { contentType: 'application/json', delayMs: 100 });
  agent.pages.hang('/api/stream');
  const snap = await open(
    agent,
    '/data',
    `<button id="load">Load items</button><button id="save">Save</button><button id="profile">Profile</button><button id="ask">Ask</button><button>Nothing</button>
     <ul id="out"></ul>
     <script>
       const show = (items) => { document.getElementById('out').innerHTML = items.map((i) => '<li>' + i + '</li>').join(''); };
       load.onclick = async () => show(await (await fetch('/api/items')).json());
       // Reads the status only: the body is never drained.
       save.onclick = async () => { const r = await fetch('/api/save', { method: 'POST', body: '{}' }); if (r.ok) show(['Saved']); };
       // A request whose answer starts the next one.
       profile.onclick = async () => { const user = await (await fetch('/api/user')).json(); show(await (await fetch('/api/posts?user=' + user.id)).json()); };
       ask.onclick = () => void fetch('/api/stream');
     </script>`,
  );
  const loaded = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Load items"'), snapshot: true });
  expect(loaded.text).toMatch(/Request it started: GET \/api\/items → 200 OK \(\d+ ms\)/);
  expect(loaded.text).toContain('- listitem: Apple');

  const chained = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Profile"') });
  expect(chained.text).toMatch(/Requests it started:\n- GET \/api\/user → 200 OK \(\d+ ms\)\n- GET \/api\/posts\?user=7 → 200 OK/);
  expect(await text(agent, '#out')).toBe('First post');

  const saved = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(saved.text).toMatch(/POST \/api\/save → 500 Internal Server Error \(headers after \d+ ms; the body is still coming or was not read\)/);

  const asked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Ask"') });
  expect(asked.text).toContain('GET /api/stream → no answer yet (still running: a stream or a slow server)');
  expect(asked.text).toContain('browser_wait_for');
  // Refused by the browser: why, not just net::ERR_FAILED.
  const foreign = agent.pages.url('/api/items').replace('127.0.0.1', 'localhost');
  const cors = await agent.server.ok('browser_evaluate', { function: `() => { const b = document.createElement('button'); b.textContent = 'Foreign'; b.onclick = () => fetch('${foreign}').catch(() => {}); document.body.append(b); }` });
  expect(cors.isError).toBeFalsy();
  const refused = await agent.server.ok('browser_click', { selector: 'button:last-of-type' });
  expect(refused.text).toMatch(/GET http:\/\/localhost:\d+\/api\/items → failed: net::ERR_FAILED \(CORS: MissingAllowOriginHeader\)/);
  // Another site's requests (mostly analytics) come after the page's own, even when they fail and came first.
  await agent.server.ok('browser_evaluate', { function: `() => { document.querySelector('button:last-of-type').onclick = () => { fetch('${foreign}').catch(() => {}); fetch('/api/user'); }; }` });
  const both = await agent.server.ok('browser_click', { selector: 'button:last-of-type' });
  expect(both.text).toMatch(/Requests it started:\n- GET \/api\/user → 200 OK \(.*\)\n- GET http:\/\/localhost:\d+\/api\/items → failed/);
  // A click that fetches nothing says nothing about requests.
  const plain = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Nothing"') });
  expect(plain.text).not.toContain('Request');
});

test('scrolling an infinite list to its end waits for the next page it loads, also one that loads once the scrolling pauses', async ({ agent }) => {
  agent.pages.page('/api/page', JSON.stringify(['Older post A', 'Older post B']), { contentType: 'application/json', delayMs: 200 });
  await open(
    agent,
    '/feed',
    `<div id="feed">${Array.from({ length: 30 }, (_, i) => `<p>Post ${i}</p>`).join('')}</div><p id="end">Loading…</p>
     <script>
       // Asks for more when its end comes into view, as infinite lists do (an observer, run when the page renders).
       new IntersectionObserver(async ([entry]) => {
         if (!entry.isIntersecting) return;
         const items = await (await fetch('/api/page')).json();
         document.getElementById('feed').insertAdjacentHTML('beforeend', items.map((i) => '<p>' + i + '</p>').join(''));
       }).observe(document.getElementById('end'));
     </script>`,
  );
  const scrolled = await agent.server.ok('browser_scroll', { deltaY: 100_000 });
  expect(scrolled.text).toMatch(/Request it started: GET \/api\/page → 200 OK \(\d+ ms\)/);
  expect((await agent.server.ok('browser_find', { text: 'Older post B' })).text).toContain('paragraph');
  // A debounced scroll handler: it asks 200 ms after the last scroll event.
  await open(
    agent,
    '/feed-debounced',
    `<div id="feed">${Array.from({ length: 30 }, (_, i) => `<p>Post ${i}</p>`).join('')}</div>
     <script>
       let timer;
       addEventListener('scroll', () => {
         clearTimeout(timer);
         timer = setTimeout(async () => {
           if (innerHeight + scrollY < document.body.scrollHeight - 50) return;
           const items = await (await fetch('/api/page')).json();
           feed.insertAdjacentHTML('beforeend', items.map((i) => '<p>' + i + '</p>').join(''));
         }, 200);
       });
     </script>`,
  );
  const paused = await agent.server.ok('browser_scroll', { deltaY: 100_000 });
  expect(paused.text).toMatch(/Request it started: GET \/api\/page → 200 OK \(\d+ ms\)/);
  expect((await agent.server.ok('browser_find', { text: 'Older post B' })).text).toContain('paragraph');
});

test('a sign-in that posts with fetch and then redirects: the click answers on the new page', async ({ agent }) => {
  agent.pages.page('/api/login', '{"ok":true}', { contentType: 'application/json', delayMs: 150 });
  agent.pages.page('/dashboard', html('<h1>Dashboard</h1>', 'Dashboard'));
  await open(
    agent,
    '/login',
    `<form id="f"><label>User <input name="user"></label><button>Sign in</button></form>
     <script>f.onsubmit = async (e) => {
       e.preventDefault();
       const answer = await (await fetch('/api/login', { method: 'POST', body: new FormData(f) })).json();
       if (answer.ok) location.href = '/dashboard';
     };</script>`,
  );
  await agent.server.ok('browser_fill', { selector: 'input', value: 'ada' });
  const clicked = await agent.server.ok('browser_click', { selector: 'button' });
  expect(clicked.text).toMatch(/Request it started: POST \/api\/login → 200 OK \(\d+ ms\)\nNavigated to http:\/\/127\.0\.0\.1:\d+\/dashboard/);
  expect((await agent.server.ok('browser_snapshot')).text).toContain('heading "Dashboard"');
});

test("a page's polling is not taken for what an action fetched", async ({ agent }) => {
  agent.pages.page('/api/status', '{"jobs":0}', { contentType: 'application/json' });
  agent.pages.page('/api/items', '["Apple"]', { contentType: 'application/json', delayMs: 100 });
  const snap = await open(
    agent,
    '/dashboard',
    `<button onclick="this.textContent = 'Pressed'">Plain</button>
     <button onclick="fetch('/api/items').then((r) => r.json()).then((items) => out.textContent = items.join())">Load</button>
     <p id="out"></p><p id="polls"></p>
     <script>
       // Polls so often that one starts during any action.
       let n = 0;
       setInterval(async () => { await (await fetch('/api/status')).json(); if (++n === 5) polls.textContent = 'Polled five times'; }, 20);
     </script>`,
  );
  await agent.server.ok('browser_wait_for', { text: 'Polled five times' });
  const plain = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Plain"') });
  expect(plain.text).not.toContain('/api/status');
  const load = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Load"') });
  expect(load.text).toMatch(/^Request it started: GET \/api\/items → 200 OK \(\d+ ms\)$/m);
  expect(load.text).not.toContain('/api/status');
  expect(await text(agent, '#out')).toBe('Apple');
});

test('typing into a search box waits for its debounce and the request it then starts, so a snapshot right after shows the results', async ({ agent }) => {
  agent.pages.page('/api/search', '["Ada Lovelace"]', { contentType: 'application/json', delayMs: 150 });
  const snap = await open(
    agent,
    '/search',
    `<label>Search <input id="q"></label><ul id="results"><li>Old result</li></ul>
     <label>Filter <input id="f"></label><p id="filtered"></p>
     <script>
       let wait;
       q.addEventListener('input', () => {
         clearTimeout(wait);
         wait = setTimeout(async () => {
           const found = await (await fetch('/api/search?q=' + q.value)).json();
           results.innerHTML = found.map((name) => '<li>' + name + '</li>').join('');
         }, 300);
       });
       // As lodash's debounce: one timer from the first key, set again from inside itself until the keys have stopped for the wait.
       let last = 0, timer = null;
       const expired = () => {
         const left = last + 300 - Date.now();
         if (left > 0) return void (timer = setTimeout(expired, left));
         timer = null;
         filtered.textContent = 'Filtered by ' + f.value;
       };
       f.addEventListener('input', () => { last = Date.now(); timer ??= setTimeout(expired, 300); });
     </script>`,
  );
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Search"'), text: 'Ada', snapshot: true });
  expect(typed.text).toMatch(/Request it started: GET \/api\/search\?q=Ada → 200 OK \(\d+ ms\)/);
  expect(typed.text).toContain('- listitem: Ada Lovelace');
  expect(typed.text).not.toContain('Old result');
  // Slow keys (a delay, or a page slow to handle each): the timer is set again about once a key.
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Filter"'), text: 'abcdefg', delay: 150 });
  expect(await text(agent, '#filtered')).toBe('Filtered by abcdefg');
  // A key counts as typing.
  await agent.server.ok('browser_press_key', { ref: refOf(snap, 'textbox "Filter"'), key: 'Backspace' });
  expect(await text(agent, '#filtered')).toBe('Filtered by abcdef');
});

test('a click on an open tree item, or on a card with a button at its middle, works the item or the card, not what is at its middle', async ({ agent }) => {
  const snap = await open(
    agent,
    '/nested',
    `<ul role="tree" aria-label="Files"><li role="treeitem" aria-expanded="true" tabindex="0">src
       <ul role="group"><li role="treeitem" tabindex="-1">a.ts</li><li role="treeitem" tabindex="-1">b.ts</li><li role="treeitem" tabindex="-1">c.ts</li></ul></li></ul>
     <div id="card" style="cursor:pointer;width:300px;height:90px;border:1px solid;display:flex;align-items:center;justify-content:center"><button id="star">Star</button></div>
     <p id="out"></p>
     <script>
       const out = document.getElementById('out');
       document.querySelector('[role=tree]').addEventListener('click', (e) => { out.textContent = 'Selected ' + e.target.closest('[role=treeitem]').firstChild.textContent.trim(); });
       document.getElementById('card').onclick = () => { out.textContent = 'Opened the card'; };
       document.getElementById('star').onclick = (e) => { e.stopPropagation(); out.textContent = 'Starred'; };
     </script>`,
  );
  // The middle of the open "src" is on "b.ts".
  await agent.server.ok('browser_click', { ref: refOf(snap, 'treeitem "src') });
  expect(await text(agent, '#out')).toBe('Selected src');
  await agent.server.ok('browser_click', { ref: refOf(snap, 'treeitem "b.ts"') });
  expect(await text(agent, '#out')).toBe('Selected b.ts');
  await agent.server.ok('browser_click', { selector: '#card' });
  expect(await text(agent, '#out')).toBe('Opened the card');
});

test('a ref written back as the snapshot prints it ([ref=e3]) or as agent-browser does (@e3) is taken; a made-up one is not', async ({ agent }) => {
  const snap = await open(agent, '/ref-forms', `<button onclick="document.title = 'A'">One</button><button onclick="document.title = 'B'">Two</button>`);
  const page = await pageAt(agent.browser.context, '/ref-forms');
  const one = refOf(snap, 'button "One"');
  expect((await agent.server.ok('browser_click', { ref: `[ref=${one}]` })).text).toContain('Clicked <button>One</button>');
  await expect(page).toHaveTitle('A');
  await agent.server.ok('browser_click', { ref: `@${refOf(snap, 'button "Two"')}` });
  await expect(page).toHaveTitle('B');
  expect((await agent.server.call('browser_click', { ref: 'button "One"' })).text).toContain('is not a ref');
});

test('a button that pulses forever and a link in a marquee are clicked where they are, and the report says they were moving', async ({ agent }) => {
  const snap = await open(
    agent,
    '/endless-motion',
    `<style>@keyframes pulse { 50% { transform: scale(1.1) } } @keyframes slide { to { margin-left: 300px } }</style>
     <button style="animation: pulse 1s infinite" onclick="document.title = 'bought'">Buy now</button>
     <div><a href="#news" style="display: inline-block; animation: slide 4s linear infinite" onclick="document.title += ' + news'">Breaking news</a></div>`,
  );
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Buy now"') })).text).toContain('Clicked <button>Buy now</button> (while it moves: its animation does not stop)');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'link "Breaking news"') })).text).toContain('(while it moves');
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('bought + news');
});

test('a click on a toggle says what it is now: a checkbox, a switch the page sets a moment later, a toggle button, one in a list drawn anew on the change', async ({ agent }) => {
  const snap = await open(
    agent,
    '/toggles',
    `<label><input type="checkbox" id="terms"> Accept terms</label>
     <div role="switch" aria-checked="false" tabindex="0" id="wifi">Wifi</div>
     <button aria-pressed="false" id="bold">Bold</button><button>Plain</button>
     <ul id="todos"></ul>
     <script>
       wifi.onclick = () => queueMicrotask(() => wifi.setAttribute('aria-checked', String(wifi.getAttribute('aria-checked') !== 'true')));
       bold.onclick = () => bold.setAttribute('aria-pressed', String(bold.getAttribute('aria-pressed') !== 'true'));
       let done = false;
       const draw = () => { todos.innerHTML = '<li><label><input type="checkbox"' + (done ? ' checked' : '') + '> Buy milk</label></li>'; todos.querySelector('input').onchange = () => { done = !done; draw(); }; };
       draw();
     </script>`,
  );
  const click = async (pattern: string) => (await agent.server.ok('browser_click', { ref: refOf(snap, pattern) })).text;
  expect(await click('checkbox "Accept terms"')).toMatch(/^Clicked <input id="terms" type="checkbox"> named "Accept terms"\nIt is now checked\.$/);
  expect(await click('checkbox "Accept terms"')).toContain('It is now not checked.');
  expect(await click('switch "Wifi"')).toContain('It is now checked.');
  expect(await click('button "Bold"')).toContain('It is now pressed.');
  expect(await click('checkbox "Buy milk"')).toContain('It is now checked.');
  expect(await click('button "Bold"')).toContain('It is now not pressed.');
  // A plain button has no state to tell.
  expect(await click('button "Plain"')).not.toContain('It is now');
});
