import { frameAt, pageAt } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { appBundle } from './helpers/apps.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

test('iframes: same-origin and cross-origin frames are stitched in with frame refs, and clicks land inside them', async ({ agent }) => {
  // A second server is a second origin (another 127.0.0.1 port).
  const other = await new TestServer().start();
  try {
    const cross = other.page('/cross', html(`<button onclick="document.title='cross clicked'">Cross button</button>`, 'Cross'));
    agent.pages.page('/same', html(`<label>Inner <input id="inner"></label>`, 'Same'));
    const { text: _nav } = await agent.server.ok('browser_navigate', {
      url: agent.pages.page(
        '/frames',
        html(`<h1>Outer</h1><iframe src="/same" style="margin-top:40px"></iframe><iframe src="${cross}" style="margin-left:30px;border:8px solid"></iframe>`, 'Frames'),
      ),
    });
    const { text } = await agent.server.ok('browser_snapshot');
    expect(text).toContain('- heading "Outer" [level=1]');
    expect(text).toMatch(/- iframe \[ref=e\d+\]:\n\s+- textbox "Inner" \[ref=f\d+e\d+\]/);
    expect(text).toMatch(/- iframe \[ref=e\d+\]:\n\s+- button "Cross button" \[ref=f\d+e\d+\]/);

    const button = refOf(text, 'button "Cross button"');
    const clicked = await agent.server.ok('browser_click', { ref: button });
    expect(clicked.text).toContain('Clicked <button');
    const frame = agent.browser.context.pages().flatMap((p) => p.frames()).find((f) => f.url() === cross)!;
    expect(await frame.title()).toBe('cross clicked');

    await agent.server.ok('browser_fill', { ref: refOf(text, 'textbox "Inner"'), value: 'inside' });
    const same = agent.browser.context.pages().flatMap((p) => p.frames()).find((f) => f.url().endsWith('/same'))!;
    expect(await same.locator('#inner').inputValue()).toBe('inside');
  } finally {
    await other.stop();
  }
});

test('open and closed shadow roots both appear in the snapshot and can be clicked', async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page(
      '/shadow',
      html(
        `<div id="open-host"></div><div id="closed-host"></div><p id="log"></p>
         <script>
           const open = document.getElementById('open-host').attachShadow({ mode: 'open' });
           open.innerHTML = '<button>Open shadow</button>';
           const closed = document.getElementById('closed-host').attachShadow({ mode: 'closed' });
           closed.innerHTML = '<slot></slot><button>Closed shadow</button>';
           closed.querySelector('button').addEventListener('click', () => { document.getElementById('log').textContent = 'closed clicked'; });
         </script>`,
        'Shadow',
      ),
    ),
  });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/button "Open shadow" \[ref=e\d+\]/);
  expect(text).toMatch(/button "Closed shadow" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(text, 'button "Closed shadow"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#log' })).text).toBe('closed clicked');
});

test('a shadow root attached after a snapshot shows up in the next one, closed or declarative', async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page('/late-shadow', html('<div id="a">Light A</div><span id="b">Light B</span><section id="c"><p>Light C</p></section>', 'Late shadow')),
  });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('- text: Light A');
  const page = await pageAt(agent.browser.context, '/late-shadow');
  await page.evaluate(() => {
    const root = document.getElementById('a')!.attachShadow({ mode: 'closed' });
    root.innerHTML = '<button>Closed late</button>';
  });
  let text = (await agent.server.ok('browser_snapshot')).text;
  expect(text).toMatch(/button "Closed late" \[ref=e\d+\]/);
  expect(text).not.toContain('Light A');
  expect(text).toContain('- text: Light B');
  await page.evaluate(() => {
    const b = document.getElementById('b') as HTMLElement & { setHTMLUnsafe(html: string): void };
    b.setHTMLUnsafe('<span><template shadowrootmode="closed"><a href="/x">Declared late</a><slot></slot></template>Slotted B</span>');
  });
  text = (await agent.server.ok('browser_snapshot')).text;
  expect(text).toMatch(/link "Declared late" \[ref=e\d+\]/);
  expect(text).toContain('Slotted B');
  expect(text).toContain('Light C');
});

test('aria-owns: a combobox popup rendered at the end of the page is shown, and clicked, under its owner', async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page(
      '/owns',
      html(
        `<label for="city">City</label>
         <input id="city" role="combobox" aria-expanded="true" aria-controls="popup" aria-owns="popup">
         <p>Pick a city from the list.</p>
         <p id="picked"></p>
         <div role="listbox" id="popup" aria-label="Cities">
           <div role="option" onclick="document.getElementById('picked').textContent = 'Picked Oslo'">Oslo</div>
           <div role="option">Bergen</div>
         </div>`,
        'Owns',
      ),
    ),
  });
  const { text } = await agent.server.ok('browser_snapshot');
  // The listbox sits under the combobox, before the paragraph that comes first in the DOM.
  expect(text).toMatch(/- combobox "City" \[expanded\] \[ref=e\d+\]:\n {2}- listbox "Cities" \[ref=e\d+\]:\n {4}- option "Oslo" \[ref=e\d+\]\n {4}- option "Bergen" \[ref=e\d+\]\n- paragraph: Pick a city from the list\./);
  expect(text.match(/option "Oslo"/g)).toHaveLength(1);
  await agent.server.ok('browser_click', { ref: refOf(text, 'option "Oslo"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#picked' })).text).toBe('Picked Oslo');
});

test('elements clickable only through handlers page script set get refs; delegating containers do not', async ({ agent }) => {
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page(
      '/handlers',
      html(
        `<div id="listener">Listener row</div>
         <span id="prop">Property row</span> <span id="dbl">Edited on a double click</span> <span ondblclick="log('inline')">Inline row</span>
         <div id="card"><p>Card text</p><button>Card button</button></div>
         <p id="log"></p>
         <script>
           const log = (t) => { document.getElementById('log').textContent = t; };
           document.getElementById('listener').addEventListener('click', () => log('listener clicked'));
           document.getElementById('prop').onclick = () => log('property clicked');
           document.getElementById('dbl').ondblclick = () => log('double clicked');
           // A handler on a container around its own button: the button is what to click.
           document.getElementById('card').addEventListener('click', () => {});
           // Delegation from <body> must not make the page one clickable blob.
           document.body.addEventListener('click', () => {});
         </script>`,
        'Handlers',
      ),
    ),
  });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/- generic "Listener row" \[ref=e\d+\]/);
  expect(text).toMatch(/- generic "Property row" \[ref=e\d+\]\n- generic "Edited on a double click" \[ref=e\d+\]\n- generic "Inline row" \[ref=e\d+\]/);
  expect(text).toMatch(/- paragraph: Card text\n- button "Card button" \[ref=e\d+\]/);
  expect(text.match(/\[ref=/g)).toHaveLength(5);
  await agent.server.ok('browser_click', { ref: refOf(text, 'generic "Listener row"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#log' })).text).toBe('listener clicked');
  await agent.server.ok('browser_click', { ref: refOf(text, 'generic "Property row"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#log' })).text).toBe('property clicked');

  // React's handlers: its listeners sit on the root; onClick sets onclick on the element, the others leave nothing there.
  agent.pages.page('/react-clicks.js', appBundle('react-clicks'), { contentType: 'text/javascript' });
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/react', html('<div id="root"></div><script src="/react-clicks.js"></script>', 'React')) });
  const react = (await agent.server.ok('browser_snapshot')).text;
  expect(react).toMatch(/- generic "Invoices" \[ref=e\d+\]\n- generic "Reports" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(react, 'generic "Reports"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#opened' })).text).toBe('Opened Reports');
  // A TodoMVC label edited on a double click, a menu item acting on mousedown.
  expect(react).toMatch(/- listitem:\n +- generic "Buy milk" \[ref=e\d+\]/);
  await agent.server.ok('browser_dblclick', { ref: refOf(react, 'generic "Buy milk"') });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('textbox "Edit todo"');
  await agent.server.ok('browser_click', { ref: refOf(react, 'generic "Archive"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#opened' })).text).toBe('Opened Archive');
});

test('a tab the user shares after it loaded: handlers its page set before still give refs, in its frames too', async ({ agent }) => {
  const other = await new TestServer().start();
  const handler = (id: string, text: string) =>
    `<div id="${id}">${text}</div><p id="log"></p><script>document.getElementById('${id}').addEventListener('click', () => { document.getElementById('log').textContent = '${id} clicked'; });</script>`;
  const cross = other.page('/cross-handler', html(handler('cross', 'Cross row'), 'Cross'));
  agent.pages.page('/same-handler', html(handler('same', 'Same row'), 'Same'));
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/own', html('<p>The agent tab</p>', 'Own tab')) });
  // Opened and loaded by the user: no tracker was there when the handlers were set.
  const userPage = await agent.browser.context.newPage();
  try {
    await userPage.goto(agent.pages.page('/user-handlers', html(`${handler('row', 'Earlier row')}<span id="hint">Earlier hint</span><script>document.getElementById('hint').onmouseenter = () => {};</script><iframe src="/same-handler"></iframe><iframe src="${cross}"></iframe>`, 'User handlers')));
    await expect.poll(() => userPage.frames().length).toBe(3);
    const worker = await agent.browser.serviceWorker();
    const tabId = await worker.evaluate(async () => {
      const [user] = await chrome.tabs.query({ title: 'User handlers' });
      const [own] = await chrome.tabs.query({ title: 'Own tab' });
      await chrome.tabs.group({ tabIds: [user.id!], groupId: own.groupId });
      return user.id!;
    });
    await expect.poll(async () => (await agent.server.ok('browser_tabs', { action: 'list' })).text).toContain('User handlers');

    const { text } = await agent.server.ok('browser_snapshot', { tabId });
    expect(text).toMatch(/- generic "Earlier row" \[ref=e\d+\]/);
    expect(text).toMatch(/- generic "Earlier hint" \[ref=e\d+\]/);
    expect(text).toMatch(/- generic "Same row" \[ref=f\d+e\d+\]/);
    expect(text).toMatch(/- generic "Cross row" \[ref=f\d+e\d+\]/);
    await agent.server.ok('browser_click', { tabId, ref: refOf(text, 'generic "Earlier row"') });
    expect(await userPage.locator('#log').textContent()).toBe('row clicked');
    await agent.server.ok('browser_click', { tabId, ref: refOf(text, 'generic "Cross row"') });
    expect(await (await frameAt(userPage, cross)).locator('#log').textContent()).toBe('cross clicked');
  } finally {
    await userPage.close();
    await other.stop();
  }
});

test('size controls: maxChars pages with an offset marker, filename writes the whole snapshot, interactive and root narrow it', async ({ agent }) => {
  const items = Array.from({ length: 60 }, (_, i) => `<li><a href="/item/${i}">Item number ${i}</a></li>`).join('');
  await agent.server.ok('browser_navigate', {
    url: agent.pages.page('/big', html(`<h1>Catalog</h1><p>Intro text that is not interactive.</p><ul id="list">${items}</ul><footer><button>Load more</button></footer>`, 'Big')),
  });
  const full = await agent.server.ok('browser_snapshot');
  const cut = await agent.server.ok('browser_snapshot', { maxChars: 600 });
  const marker = /… (\d+) more lines, call again with offset=(\d+)/.exec(cut.text);
  expect(marker).not.toBeNull();
  const next = await agent.server.ok('browser_snapshot', { maxChars: 600, offset: Number(marker![2]) });
  // Refs stay the same across pages.
  const lastShown = cut.text.split('\n').filter((l) => l.includes('[ref=')).at(-1)!;
  expect(full.text).toContain(lastShown.trim());
  expect(next.text).toContain(`showing lines ${Number(marker![2]) + 1}`);

  const file = await agent.server.ok('browser_snapshot', { filename: 'catalog.yaml' });
  expect(file.text).toMatch(/written to .*catalog\.yaml/);
  expect(file.text).not.toContain('Item number 59');

  const interactive = await agent.server.ok('browser_snapshot', { interactive: true });
  expect(interactive.text).not.toContain('Intro text');
  expect(interactive.text).toMatch(/link "Item number 59" \[ref=e\d+\]/);
  expect(interactive.text.length).toBeLessThan(full.text.length);

  const scoped = await agent.server.ok('browser_snapshot', { root: 'footer' });
  expect(scoped.text).toContain('button "Load more"');
  expect(scoped.text).not.toContain('Item number');

  const shallow = await agent.server.ok('browser_snapshot', { depth: 1 });
  expect(shallow.text).not.toContain('Item number 5');

  const escape = await agent.server.call('browser_snapshot', { filename: '../../etc/evil' });
  expect(escape.text).toContain('outside the output directory');
});

test('a snapshot too big for a model\'s context is cut at the default budget, and says how to get the rest', async ({ agent }) => {
  // About 100,000 characters of snapshot: a long article's worth.
  const rows = Array.from({ length: 2000 }, (_, i) => `<li><button>Add item number ${i} to the basket</button></li>`).join('');
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/huge', html(`<ul>${rows}</ul>`, 'Huge')) });
  const first = await agent.server.ok('browser_snapshot');
  const total = Number(/Snapshot \((\d+) characters/.exec(first.text)![1]);
  expect(total).toBeGreaterThan(90_000);
  const yaml = (text: string) => /```yaml\n([\s\S]*)\n```/.exec(text)![1];
  expect(yaml(first.text).length).toBeLessThanOrEqual(40_000);
  const marker = /… (\d+) more lines, call again with offset=(\d+) \(cut at the default budget of 40000 characters; or raise maxChars/.exec(first.text);
  expect(marker).not.toBeNull();
  // Paging on shows the rest, with refs from the same tree.
  let offset = Number(marker![2]);
  let last = first.text;
  while (/call again with offset=(\d+)/.test(last)) {
    last = (await agent.server.ok('browser_snapshot', { offset })).text;
    offset = Number(/call again with offset=(\d+)/.exec(last)?.[1] ?? offset);
  }
  expect(last).toMatch(/button "Add item number 1999 to the basket" \[ref=e\d+\]/);
  // An explicit budget is the caller's to choose.
  expect((await agent.server.ok('browser_snapshot', { maxChars: 200_000 })).text).toContain('item number 1999');
  // The snapshot after an action is cut the same way.
  const clicked = await agent.server.ok('browser_click', { ref: refOf(first.text, 'button "Add item number 0 to the basket"'), snapshot: true });
  expect(clicked.text).toMatch(/… \d+ more lines: browser_snapshot with offset=\d+ shows them/);
  expect(clicked.text).not.toContain('item number 1999');
});

test('refs never repeat in a tab, even after navigation; an old ref is STALE_REF', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/gen1', html('<button>First</button>', 'Gen 1')) });
  const before = await agent.server.ok('browser_snapshot');
  const oldRef = refOf(before.text, 'button "First"');
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/gen2', html('<button>Second</button><button>Third</button>', 'Gen 2')) });
  const after = await agent.server.ok('browser_snapshot');
  const newRefs = [...after.text.matchAll(/\[ref=(e\d+)\]/g)].map((m) => m[1]);
  expect(newRefs).not.toContain(oldRef);
  const stale = await agent.server.call('browser_click', { ref: oldRef });
  expect(stale.text).toContain(`STALE_REF: Ref ${oldRef} is stale: it was not issued in this document`);
  // Also before the new page's first snapshot, when its document cannot know the tab's numbers yet.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/gen3', html('<button>Fourth</button>', 'Gen 3')) });
  expect((await agent.server.call('browser_click', { ref: oldRef })).text).toContain(`STALE_REF: Ref ${oldRef} is stale`);
  await agent.server.ok('browser_navigate', { url: agent.pages.url('/gen2') });
  await agent.server.ok('browser_snapshot');
  // One that was never given out is not called stale.
  const newest = Math.max(...newRefs.map((r) => Number(r.slice(1))));
  const madeUp = await agent.server.call('browser_click', { ref: `e${newest + 100}` });
  expect(madeUp.text).toContain(`Ref e${newest + 100} was never given out in this tab`);
});

test('a tab taken back by the user and shared again does not reissue refs from before', async ({ agent }) => {
  const first = await agent.server.ok('browser_navigate', { url: agent.pages.page('/floor1', html('<button>One</button><button>Two</button>', 'Floor 1')) });
  const tabId = Number(/Tab: (\d+)/.exec(first.text)![1]);
  const before = await agent.server.ok('browser_snapshot');
  const oldRefs = [...before.text.matchAll(/\[ref=(e\d+)\]/g)].map((m) => m[1]);
  expect(oldRefs.length).toBe(2);

  // The user takes the tab back, then shares it again, from the popup.
  const popup = await agent.browser.popup();
  const ui = (message: object) => popup.evaluate((m) => chrome.runtime.sendMessage(m), message);
  const sessionId = await (await agent.browser.serviceWorker()).evaluate(async (id) => {
    const { agentTabs } = (await chrome.storage.session.get('agentTabs')) as { agentTabs: { sessions: Record<string, { ids: number[] }> } };
    return Object.entries(agentTabs.sessions).find(([, s]) => s.ids.includes(id))![0];
  }, tabId);
  expect(await ui({ type: 'unshareTab', tabId })).toMatchObject({ ok: true });
  expect((await agent.server.call('browser_snapshot', { tabId })).text).toContain('TAB_NOT_FOUND');
  expect(await ui({ type: 'shareTab', tabId, sessionId })).toMatchObject({ ok: true });
  await popup.close();

  // A new document in the same tab: its refs continue above the old ones.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/floor2', html('<button>Three</button><button>Four</button><button>Five</button>', 'Floor 2')), tabId });
  const after = await agent.server.ok('browser_snapshot', { tabId });
  const newRefs = [...after.text.matchAll(/\[ref=(e\d+)\]/g)].map((m) => m[1]);
  expect(newRefs.length).toBe(3);
  for (const ref of newRefs) expect(oldRefs).not.toContain(ref);
  expect((await agent.server.call('browser_click', { ref: oldRefs[0], tabId })).text).toContain('STALE_REF');
  // Current again, as it is in front: with other agent tabs about (a full run), the next tests' tab was behind it.
  await agent.server.ok('browser_tabs', { action: 'select', tabId });
});

test('an app that renders after its load event is not snapshotted empty', async ({ agent }) => {
  // As React's createRoot does: the body is empty when navigation reports the page loaded.
  const url = agent.pages.page('/late-render', html(`<div id="root"></div><script>
    addEventListener('load', () => setTimeout(() => { document.getElementById('root').innerHTML = '<h1>Inbox</h1><button>Compose</button>'; }, 300));
  </script>`, 'Late'));
  await agent.server.ok('browser_navigate', { url });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toContain('heading "Inbox" [level=1]');
  expect(text).toMatch(/button "Compose" \[ref=e\d+\]/);
});

const modals = [
  {
    what: 'an open modal dialog',
    body: `<h1>Settings</h1>
      <button onclick="document.getElementById('confirm').showModal()">Delete account</button><p>Some text behind</p>
      <dialog id="confirm" aria-label="Really delete?"><form method="dialog"><button value="no">Keep it</button></form></dialog>`,
    heading: 'Settings', opener: 'Delete account', dialog: 'Really delete?', answer: 'Keep it',
    named: '<dialog id="confirm" aria-label="Really delete?">',
  },
  {
    what: 'a modal dialog inside a web component (a closed shadow root, like Material md-dialog)',
    body: `<h1>Inbox</h1>
      <button onclick="document.querySelector('x-dialog').open()">Delete draft</button><p>Some text behind</p>
      <x-dialog><span slot="headline">Delete this draft?</span><button slot="actions" onclick="this.parentElement.close()">Cancel</button></x-dialog>
      <script>
        customElements.define('x-dialog', class extends HTMLElement {
          #root = this.attachShadow({ mode: 'closed' });
          constructor() { super(); this.#root.innerHTML = '<dialog aria-labelledby="h"><h2 id="h"><slot name="headline"></slot></h2><slot name="actions"></slot></dialog>'; }
          open() { this.#root.querySelector('dialog').showModal(); }
          close() { this.#root.querySelector('dialog').close(); }
        });
      </script>`,
    heading: 'Inbox', opener: 'Delete draft', dialog: 'Delete this draft?', answer: 'Cancel',
    named: '<dialog></dialog> named "Delete this draft?" in <x-dialog>',
  },
  {
    what: 'an aria-modal dialog that holds the focus, shown once its backdrop has faded in (Bootstrap\'s modal)',
    body: `<h1>Profile</h1>
      <button onclick="openModal()">Delete account</button><p>Some text behind</p>
      <div id="backdrop" style="display:none;position:fixed;inset:0;background:rgba(0,0,0,.5)"></div>
      <div id="modal" tabindex="-1" aria-labelledby="title" style="display:none;position:fixed;inset:0">
        <div style="background:#fff;margin:40px;padding:10px"><h2 id="title">Are you sure?</h2><button onclick="closeModal()">Keep it</button></div>
      </div>
      <script>
        const [backdrop, modal] = [document.getElementById('backdrop'), document.getElementById('modal')];
        function openModal() {
          backdrop.style.display = 'block';
          // Bootstrap shows the dialog at the end of the backdrop's fade, a timer the click set.
          setTimeout(() => {
            modal.style.display = 'block';
            modal.setAttribute('role', 'dialog');
            modal.setAttribute('aria-modal', 'true');
            modal.focus();
          }, 150);
        }
        function closeModal() {
          modal.style.display = backdrop.style.display = 'none';
          modal.removeAttribute('role');
          modal.removeAttribute('aria-modal');
          document.querySelector('button').focus();
        }
      </script>`,
    heading: 'Profile', opener: 'Delete account', dialog: 'Are you sure?', answer: 'Keep it',
    named: '<div id="modal" role="dialog">Are you sure? Keep it</div>',
  },
];
for (const [i, modal] of modals.entries()) {
  test(`${modal.what}: the snapshot shows only the dialog, and a ref behind it fails at once, naming the dialog`, async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page(`/modal-${i}`, html(modal.body, 'Modal')) });
    const before = (await agent.server.ok('browser_snapshot')).text;
    const opened = await agent.server.ok('browser_click', { ref: refOf(before, `button "${modal.opener}"`) });
    expect(opened.text).toContain(`It opened dialog "${modal.dialog}" [ref=`);
    expect(opened.text).toMatch(new RegExp(`^- button "${modal.answer}" \\[ref=e\\d+\\]$`, 'm'));
    const open = (await agent.server.ok('browser_snapshot')).text;
    // The page behind is inert, as in the browser's accessibility tree.
    expect(open).toContain(`dialog "${modal.dialog}"`);
    expect(open).toMatch(new RegExp(`button "${modal.answer}"[^\\n]*\\[ref=e\\d+\\]`));
    expect(open).not.toContain(modal.heading);
    expect(open).not.toContain('Some text behind');
    // At once: an aria-modal one is waited for only while it animates, as it may be closing.
    const behind = await agent.server.call('browser_click', { ref: refOf(before, `button "${modal.opener}"`) });
    expect(behind.text).toContain(`COVERED: <button>${modal.opener}</button> is behind the open modal dialog ${modal.named}`);
    expect(behind.text).not.toContain('after waiting');
    await agent.server.ok('browser_click', { ref: refOf(open, `button "${modal.answer}"`) });
    expect((await agent.server.ok('browser_snapshot')).text).toContain(`heading "${modal.heading}"`);
  });
}

test('an aria-modal dialog fading out with the focus still in it is waited for: a click behind it lands once it has gone', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/closing-modal', html(`<button onclick="document.title = 'behind'">Behind</button>
    <div id="m" role="dialog" aria-modal="true" aria-label="Note" style="position:fixed;inset:0;background:#fff;transition:opacity .4s"><button id="close">Close</button></div>
    <script>
      const m = document.getElementById('m');
      const close = document.getElementById('close');
      // As Ant Design's Modal does: it fades out, the focus still in it, and goes when the fade ends.
      close.onclick = () => { m.style.opacity = '0'; m.addEventListener('transitionend', () => m.remove()); };
      close.focus();
    </script>`, 'Closing')) });
  const open = (await agent.server.ok('browser_snapshot')).text;
  expect(open).not.toContain('Behind');
  await agent.server.ok('browser_click', { ref: refOf(open, 'button "Close"') });
  await agent.server.ok('browser_click', { selector: 'text=Behind' });
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('behind');
});

test('an aria-modal dialog that takes no pointer events as it fades out no longer hides the page from the snapshot', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/leaving-modal', html(`<button>Behind</button>
    <div id="m" role="dialog" aria-modal="true" aria-label="Note" style="position:fixed;inset:0;background:#fff;transition:opacity 2s"><button id="close">Close</button></div>
    <script>
      const m = document.getElementById('m');
      const close = document.getElementById('close');
      close.onclick = () => { m.style.opacity = '0'; m.style.pointerEvents = 'none'; };
      close.focus();
    </script>`, 'Leaving')) });
  const open = (await agent.server.ok('browser_snapshot')).text;
  await agent.server.ok('browser_click', { ref: refOf(open, 'button "Close"') });
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/button "Behind" \[ref=e\d+\]/);
});

/** A one-page PDF that shows `text`, with the cross-reference table Chromium's viewer needs. */
function onePagePdf(text: string): string {
  const stream = `BT /F1 24 Tf 50 80 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${stream.length}>>\nstream\n${stream}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${pdf}trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF`;
}

test('a rich-text editor without a textbox role is marked [editable], and fill writes into it', async ({ agent }) => {
  const body = `<div contenteditable="true" id="editor" style="min-height:40px"><p>Draft <b>text</b></p></div>
    <div role="textbox" contenteditable="true" aria-label="Comment">Hi</div>`;
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/editor', html(body, 'Editor')) });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/^- generic \[editable\] \[ref=e\d+\]:\n {2}- paragraph: Draft text$/m);
  // Its own role says it already; and nothing inside the editor is marked again.
  expect(text).toMatch(/^- textbox "Comment" \[ref=e\d+\]: Hi$/m);
  expect(text.match(/\[editable\]/g)).toHaveLength(1);
  await agent.server.ok('browser_fill', { ref: refOf(text, 'generic [editable]'), value: 'Final words' });
  const page = await pageAt(agent.browser.context, '/editor');
  expect(await page.locator('#editor').innerText()).toBe('Final words');
});

test('an editor in a frame (a contenteditable body, or designMode) shows its body as [editable] with a ref, and takes text there', async ({ agent }) => {
  const editor = agent.pages.page('/editor-frame', html('<p>Existing</p>', 'Editor frame').replace('<body>', '<body contenteditable="true">'));
  const body = `<iframe src="${editor}"></iframe><iframe id="dm" srcdoc="<p>Design</p>"></iframe>
    <script>document.getElementById('dm').onload = (e) => { e.target.contentDocument.designMode = 'on'; };</script>`;
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/cms', html(body, 'CMS')) });
  await expect.poll(async () => (await agent.server.ok('browser_snapshot')).text).toContain('paragraph: Design');
  const { text } = await agent.server.ok('browser_snapshot');
  const editors = [...text.matchAll(/^ {2}- generic \[editable\] \[ref=(f\d+e\d+)\]:\n {4}- paragraph: (\w+)$/gm)].map((m) => [m[2], m[1]]);
  expect(editors.map(([content]) => content)).toEqual(['Existing', 'Design']);
  await agent.server.ok('browser_fill', { ref: editors[0][1], value: 'Rewritten' });
  await agent.server.ok('browser_type', { ref: editors[1][1], text: ' more' });
  const after = (await agent.server.ok('browser_snapshot')).text;
  expect(after).toContain('- paragraph: Rewritten');
  expect(after).toContain('- paragraph: Design more');
  // The frame itself takes no text, and says where it goes; a click on it lands in its document.
  const frame = refOf(text, 'iframe');
  expect((await agent.server.call('browser_fill', { ref: frame, value: 'x' })).text).toContain('is a frame: its document takes the text');
  expect((await agent.server.ok('browser_click', { ref: frame })).text).toMatch(/^Clicked <iframe/);
});

test('a PDF in the viewer: the snapshot says its text is not in it, and what shows it', async ({ agent }) => {
  const url = agent.pages.page('/report.pdf', onePagePdf('Quarterly report'), { contentType: 'application/pdf' });
  await agent.server.ok('browser_navigate', { url });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toContain("The tab shows a PDF in Chromium's viewer, whose text is not part of the snapshot: browser_take_screenshot shows it.");
  // An HTML page says nothing of the kind.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/not-pdf', html('<p>Plain</p>')) });
  expect((await agent.server.ok('browser_snapshot')).text).not.toContain('PDF');
  // Shown in a page, by <iframe>, <embed> or <object>: a line under the frame's says so, in place of the viewer's own frame.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/pdf-inside', html(`<iframe src="${url}"></iframe><embed src="${url}" type="application/pdf"><object data="${url}" type="application/pdf"></object>`)) });
  const note = "- text: A PDF in Chromium's viewer (its text is not part of the snapshot; browser_take_screenshot of this iframe shows it)";
  await expect.poll(async () => (await agent.server.ok('browser_snapshot')).text.split(note).length - 1).toBe(3);
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(new RegExp(`^- iframe \\[ref=e\\d+\\]:\\n  ${note.replace(/[()]/g, '\\$&')}$`, 'm'));
});
