import { expect, test, type Agent } from './fixtures.ts';
import { openPage, pageAt } from './helpers/pages.ts';
import { html } from './helpers/server.ts';
import { refOf } from './helpers/refs.ts';

/**
 * A click that changes only text (a counter, a result, a panel or a message drawn with no ARIA)
 * says in its report what the page now shows, so the agent learns what it did without a snapshot.
 */

const open = (agent: Agent, route: string, body: string) => openPage(agent, route, body, 'Text shown');

test('a click that writes text or shows a box with no ARIA says what the page now shows; a clock, a render of the same text and a toast it announces are not told that way', async ({ agent }) => {
  const snap = await open(
    agent,
    '/text',
    `<button id="count">Count</button> <p>Clicks: <span id="clicks">0</span></p>
     <label>Name <input id="name"></label><button id="greet">Greet</button><div id="result"></div>
     <div class="tabs"><span class="tab" id="tab-a" style="cursor:pointer">Overview</span><span class="tab" id="tab-b" style="cursor:pointer">Shipping</span></div>
     <div id="panel-a">Our shop sells tea.</div><div id="panel-b" style="display: none">Orders ship within two days.</div>
     <button id="redraw">Redraw</button><ul id="list"><li>Apples</li><li>Pears</li></ul>
     <button id="toast">Copy</button><button id="quiet">Nothing</button><button id="notify">Notify</button>
     <p>Time: <span id="clock">0</span></p>
     <script>
       let n = 0;
       count.onclick = () => { clicks.textContent = String(++n); };
       greet.onclick = () => { result.innerHTML = '<b>Hello</b> ' + document.getElementById('name').value + '!'; };
       document.getElementById('tab-b').onclick = () => { document.getElementById('panel-a').style.display = 'none'; document.getElementById('panel-b').style.display = ''; };
       redraw.onclick = () => { list.innerHTML = '<li>Apples</li><li>Pears</li>'; };
       toast.onclick = () => { const t = document.createElement('div'); t.setAttribute('role', 'status'); t.textContent = 'Copied'; document.body.append(t); };
       notify.onclick = () => { const t = document.createElement('div'); t.className = 'message'; t.textContent = 'Settings saved'; document.body.append(t); };
       let s = 0;
       setInterval(() => { clock.textContent = String(++s); }, 40);
     </script>`,
  );
  // The clock has ticked a few times since the agent first looked: it is known to tick on its own.
  await agent.server.ok('browser_wait_for', { text: 'Time: 30' });

  const counted = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Count"') });
  expect(counted.text).toBe('Clicked <button id="count">Count</button>\nThe page now shows: "Clicks: 1"');

  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Name"'), text: 'Ada' });
  const greeted = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Greet"') });
  expect(greeted.text).toContain('The page now shows: "Hello Ada!"');

  const tab = await agent.server.ok('browser_click', { ref: refOf(snap, 'generic "Shipping"') });
  expect(tab.text).toContain('The page now shows: "Orders ship within two days."');

  // The same items drawn again: nothing new to read.
  const redrawn = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Redraw"') });
  expect(redrawn.text).toBe('Clicked <button id="redraw">Redraw</button>');
  const quiet = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Nothing"') });
  expect(quiet.text).toBe('Clicked <button id="quiet">Nothing</button>');

  // A toast in a live region is told as announced, once.
  const copied = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Copy"') });
  expect(copied.text).toBe('Clicked <button id="toast">Copy</button>\nThe page announced (status): "Copied"');
  // One with no ARIA, added to the page's end: its own text, not the page's.
  const notified = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Notify"') });
  expect(notified.text).toBe('Clicked <button id="notify">Notify</button>\nThe page now shows: "Settings saved"');
});

test('a key, or text typed and sent, that writes text elsewhere on the page says what it now shows; keys in an editor, which write its own text, do not', async ({ agent }) => {
  const snap = await open(
    agent,
    '/keys',
    `<label>New item <input id="item"></label><ul id="items"></ul>
     <div id="editor" contenteditable="true" aria-label="Notes">Draft</div>
     <form id="chat"><input id="say" aria-label="Message"></form><div id="log"></div>
     <script>
       document.getElementById('chat').onsubmit = (e) => {
         e.preventDefault();
         const p = document.createElement('p');
         p.textContent = 'You: ' + document.getElementById('say').value;
         document.getElementById('log').append(p);
         document.getElementById('say').value = '';
       };
       document.getElementById('item').addEventListener('keydown', (e) => {
         if (e.key !== 'Enter' || !e.target.value) return;
         const li = document.createElement('li');
         li.textContent = e.target.value;
         document.getElementById('items').append(li);
         e.target.value = '';
       });
     </script>`,
  );
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "New item"'), value: 'Buy milk' });
  const added = await agent.server.ok('browser_press_key', { key: 'Enter', ref: refOf(snap, 'textbox "New item"') });
  expect(added.text).toContain('The page now shows: "Buy milk"');
  const said = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Message"'), text: 'Hello there', submit: true });
  expect(said.text).toContain('The page now shows: "You: Hello there"');
  const typed = await agent.server.ok('browser_press_key', { key: 'x', ref: refOf(snap, 'generic "Notes"') });
  expect(typed.text).not.toContain('The page now shows');
});

test('a sorted table says its rows; a message in a box of no height is told; a value that changes while it is not drawn (a badge scaled to nothing) is not', async ({ agent }) => {
  const snap = await open(
    agent,
    '/places',
    `<button id="sort">Sort by age</button>
     <table><tbody id="rows"><tr><td>Alice</td><td>31</td></tr><tr><td>Bob</td><td>25</td></tr></tbody></table>
     <button id="send">Send</button><div id="messages" style="position: fixed; top: 0; height: 0"></div>
     <button id="like">Like</button> <span>Likes <span id="badge" style="display: inline-block; transform: scale(0)">0</span></span>
     <script>
       sort.onclick = () => {
         const cells = [...document.querySelectorAll('#rows td')];
         [['Bob', '25'], ['Alice', '31']].flat().forEach((text, i) => { cells[i].textContent = text; });
       };
       send.onclick = () => { const m = document.createElement('div'); m.innerHTML = '<div class="msg">Message sent</div>'; messages.append(m); };
       let likes = 0;
       like.onclick = () => { badge.textContent = String(++likes); };
     </script>`,
  );
  const sorted = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Sort by age"') });
  expect(sorted.text).toBe('Clicked <button id="sort">Sort by age</button>\nThe page now shows:\n- "Bob 25"\n- "Alice 31"');
  const sent = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Send"') });
  expect(sent.text).toBe('Clicked <button id="send">Send</button>\nThe page now shows: "Message sent"');
  const liked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Like"') });
  expect(liked.text).toBe('Clicked <button id="like">Like</button>');
});

test('checking a box or choosing an option says the text it wrote elsewhere (a total, a price)', async ({ agent }) => {
  const snap = await open(
    agent,
    '/choices',
    `<label><input type="checkbox" id="gift"> Gift wrap</label>
     <label>Size <select id="size"><option value="s">Small</option><option value="l">Large</option></select></label>
     <p>Total: <span id="total">$20</span></p>
     <script>
       const update = () => { total.textContent = '$' + (20 + (gift.checked ? 5 : 0) + (size.value === 'l' ? 10 : 0)); };
       gift.onchange = update;
       size.onchange = update;
     </script>`,
  );
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Gift wrap"') });
  expect(checked.text).toContain('The page now shows: "Total: $25"');
  const chosen = await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Size"'), values: ['Large'] });
  expect(chosen.text).toContain('The page now shows: "Total: $35"');
});

test('text typed or filled into a field says what it wrote elsewhere (a password\'s strength, a count of matches), not the field\'s own text', async ({ agent }) => {
  const snap = await open(
    agent,
    '/fields',
    `<label>Password <input type="password" id="pw"></label> <span id="strength"></span>
     <label>Filter <input id="filter"></label> <p id="count">3 fruits</p>
     <div id="rich" contenteditable="true" aria-label="Bio"></div>
     <script>
       pw.oninput = () => { strength.textContent = pw.value.length < 8 ? 'Strength: weak' : 'Strength: strong'; };
       filter.oninput = () => { count.textContent = ['apple', 'pear', 'plum'].filter((f) => f.includes(filter.value)).length + ' fruits'; };
     </script>`,
  );
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Password"'), text: 'abc' });
  expect(typed.text).toContain('The page now shows: "Strength: weak"');
  const filled = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Filter"'), value: 'l' });
  expect(filled.text).toContain('The page now shows: "2 fruits"');
  // The same two still match: the count written again is the same.
  const again = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Filter"'), value: 'pl' });
  expect(again.text).not.toContain('The page now shows');
  const bio = await agent.server.ok('browser_type', { ref: refOf(snap, 'generic "Bio"'), text: 'Hello' });
  expect(bio.text).not.toContain('The page now shows');
});

test('a hover says the text it showed with no ARIA (a tooltip a script draws); one that shows nothing says nothing', async ({ agent }) => {
  const snap = await open(
    agent,
    '/hover',
    `<button id="copy">Copy</button> <button id="plain">Plain</button>
     <script>
       copy.onmouseenter = () => { const tip = document.createElement('div'); tip.className = 'tip'; tip.textContent = 'Copy the link to the clipboard'; document.body.append(tip); };
     </script>`,
  );
  const tip = await agent.server.ok('browser_hover', { ref: refOf(snap, 'button "Copy"') });
  expect(tip.text).toBe('Hovered <button id="copy">Copy</button>\nThe page now shows: "Copy the link to the clipboard"');
  const plain = await agent.server.ok('browser_hover', { ref: refOf(snap, 'button "Plain"') });
  expect(plain.text).toBe('Hovered <button id="plain">Plain</button>');
});

test('a click in a frame says the text it wrote there', async ({ agent }) => {
  const inner = agent.pages.page('/frame-inner', html(
    `<button id="add">Add to basket</button> <p>Basket: <span id="n">0</span> items</p>
     <script>let n = 0; add.onclick = () => { document.getElementById('n').textContent = String(++n); };</script>`, 'inner'));
  const snap = await open(agent, '/framed', `<h1>Shop</h1><iframe src="${inner}" style="width: 500px; height: 200px"></iframe>`);
  const added = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Add to basket"') });
  expect(added.text).toContain('The page now shows: "Basket: 1 items"');
});

test('what a frame wrote and announced after the report of a click there, its request still running then, is told by the next wait', async ({ agent }) => {
  agent.pages.page('/api/frame-search', '{"count":7}', { contentType: 'application/json', delayMs: 3500 });
  const inner = agent.pages.page('/frame-search', html(
    `<button id="go">Search</button> <p id="found"></p> <div role="status" id="said"></div>
     <script>go.onclick = async () => { const { count } = await (await fetch('/api/frame-search')).json(); found.textContent = 'Found ' + count + ' flights'; said.textContent = 'Search done'; };</script>`, 'inner'));
  const snap = await open(agent, '/framed-search', `<h1>Trips</h1><iframe src="${inner}" style="width: 500px; height: 200px"></iframe>`);
  const searched = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Search"') });
  expect(searched.text).toContain('no answer yet');
  const waited = await agent.server.ok('browser_wait_for', { time: 1.5 });
  expect(waited.text).toContain('Since the last report, the page announced (status): "Search done"');
  expect(waited.text).toContain('Since the last report, the page showed: "Found 7 flights"');
});

test('a drag says the text its drop wrote (the counts of a board\'s columns)', async ({ agent }) => {
  const snap = await open(
    agent,
    '/board',
    `<section><h2>To do (<span id="todo-n">1</span>)</h2><ul id="todo" aria-label="To do"><li draggable="true" id="card">Write docs</li></ul></section>
     <section><h2>Done (<span id="done-n">0</span>)</h2><ul id="done" aria-label="Done" style="min-height: 60px"></ul></section>
     <script>
       card.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'card'));
       done.addEventListener('dragover', (e) => e.preventDefault());
       done.addEventListener('drop', (e) => {
         e.preventDefault();
         done.append(card);
         document.getElementById('todo-n').textContent = String(todo.children.length);
         document.getElementById('done-n').textContent = String(done.children.length);
       });
     </script>`,
  );
  const dragged = await agent.server.ok('browser_drag', { from: refOf(snap, 'listitem "Write docs"'), to: refOf(snap, 'list "Done"') });
  expect(dragged.text).toContain('The page now shows:\n- "To do (0)"\n- "Done (1)"\n- "Write docs"');
});

test('what a click shows that only a pointer cursor marks as clickable (a drop-down with no ARIA, Naive UI\'s) is listed with refs that work', async ({ agent }) => {
  const snap = await open(
    agent,
    '/menu',
    `<button id="actions">Actions</button> <button id="fonts">Fonts</button> <p id="out"></p>
     <script>
       fonts.onclick = () => {
         const menu = document.createElement('div');
         menu.innerHTML = Array.from({ length: 14 }, (_, i) => '<div style="cursor: pointer" onclick="this.remove()">Font ' + (i + 1) + '</div>').join('');
         document.body.append(menu);
       };
       actions.onclick = () => {
         const menu = document.createElement('div');
         menu.className = 'menu';
         for (const label of ['Edit', 'Delete']) {
           const item = document.createElement('div');
           item.textContent = label;
           item.style.cursor = 'pointer';
           item.onclick = () => { out.textContent = label + ' chosen'; menu.remove(); };
           menu.append(item);
         }
         document.body.append(menu);
       };
     </script>`,
  );
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Actions"') });
  expect(opened.text).toMatch(/It showed:\n- generic "Edit" \[ref=e\d+\] \[cursor=pointer\]\n- generic "Delete" \[ref=e\d+\] \[cursor=pointer\]/);
  expect(opened.text).not.toContain('The page now shows');
  const chosen = await agent.server.ok('browser_click', { ref: refOf(opened.text, 'generic "Delete"') });
  expect(chosen.text).toContain('The page now shows: "Delete chosen"');
  // Past ten, counted as the other lists are.
  const fonts = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Fonts"') });
  expect(fonts.text).toMatch(/- generic "Font 10" \[ref=e\d+\] \[cursor=pointer\]\n- … 4 more$/);
});

test('text a request still running at the report wrote later is told by the next wait, snapshot or action; without such a request, later text is not', async ({ agent }) => {
  // Slower than the 3 s a click waits for its requests.
  agent.pages.page('/api/search', '{"count":12}', { contentType: 'application/json', delayMs: 3500 });
  const snap = await open(
    agent,
    '/late',
    `<button id="search">Search</button> <button id="more">More</button> <button id="count">Count</button> <button id="timer">Later</button>
     <p id="found"></p> <p>Clicks: <span id="clicks">0</span></p> <p id="note"></p>
     <script>
       let n = 0;
       const find = async (label) => { const { count } = await (await fetch('/api/search?q=' + label)).json(); found.textContent = 'Found ' + (count + n) + ' ' + label; };
       search.onclick = () => find('results');
       more.onclick = () => find('more results');
       count.onclick = () => { clicks.textContent = String(++n); };
       timer.onclick = () => setTimeout(() => { note.textContent = 'Done later'; }, 300);
     </script>`,
  );
  const searched = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Search"') });
  expect(searched.text).toContain('no answer yet');
  expect(searched.text).not.toContain('Found');
  const waited = await agent.server.ok('browser_wait_for', { time: 1.5 });
  expect(waited.text).toMatch(/^Waited \d+ ms for 1.5 s to pass\.\nSince the last report, the page showed: "Found 12 results"$/);
  // Told once.
  expect((await agent.server.ok('browser_wait_for', { time: 0.1 })).text).not.toContain('showed');

  // A whole snapshot taken before the answer shows the page as it was: the answer is told after it.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "More"') });
  expect((await agent.server.ok('browser_snapshot')).text).not.toContain('the page showed');
  await (await pageAt(agent.browser.context, '/late')).waitForFunction(() => document.querySelector('#found')?.textContent === 'Found 12 more results');
  // An interactive snapshot prints no text: it says what the answer wrote.
  const interactive = await agent.server.ok('browser_snapshot', { interactive: true });
  expect(interactive.text).toContain('Since the last report, the page showed: "Found 12 more results"');

  // The next action tells it before its own news.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Search"') });
  await (await pageAt(agent.browser.context, '/late')).waitForFunction(() => document.querySelector('#found')?.textContent === 'Found 12 results');
  const counted = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Count"') });
  expect(counted.text).toBe('Clicked <button id="count">Count</button>\nAfter the last report, before this action, the page showed: "Found 12 results"\nThe page now shows: "Clicks: 1"');

  // No request running at the report: what a timer writes later is not told (a snapshot shows it).
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Later"') });
  const later = await agent.server.ok('browser_wait_for', { time: 0.8 });
  expect(later.text).not.toContain('showed');
});

test('text written into a long box (an answer streamed into the text it already holds) is told by what was written there', async ({ agent }) => {
  const snap = await open(
    agent,
    '/long-box',
    `<button id="more">Continue</button>
     <div id="answer">${'The history of the city is long. '.repeat(80)}<span id="tail"></span></div>
     <script>
       const text = document.getElementById('answer').firstChild;
       more.onclick = () => { text.data += 'Paris became the capital in 508.'; };
     </script>`,
  );
  const streamed = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Continue"') });
  expect(streamed.text).toBe('Clicked <button id="more">Continue</button>\nThe page now shows: "Paris became the capital in 508."');
});

test('a click that shows controls with text around them says the text too (a question over its Yes and No, an order\'s details over its Track link); controls alone, only them', async ({ agent }) => {
  const snap = await open(
    agent,
    '/with-controls',
    `<div>report.pdf <button id="del">Delete</button> <span id="ask" hidden>Delete report.pdf for good? <button>Yes</button> <button>No</button></span></div>
     <button id="load">Show details</button><div id="details"></div>
     <button id="menu">Menu</button><div id="items" hidden><button>Copy</button> <button>Paste</button></div>
     <button id="edit">Edit</button><form id="form" hidden><label>Title <input></label></form>
     <script>
       del.onclick = () => { document.getElementById('ask').hidden = false; };
       load.onclick = () => { details.innerHTML = '<p>Order 1234 was shipped on May 3 and arrives Friday.</p><a href="/track">Track it</a>'; };
       menu.onclick = () => { items.hidden = false; };
       edit.onclick = () => { form.hidden = false; };
     </script>`,
  );
  const asked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Delete"') });
  expect(asked.text).toMatch(/It showed:\n- button "Yes" \[ref=e\d+\]\n- button "No" \[ref=e\d+\]\nThe page now shows: "Delete report.pdf for good\?"$/);
  const details = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Show details"') });
  expect(details.text).toMatch(/It showed:\n- link "Track it" \[ref=e\d+\]\nThe page now shows: "Order 1234 was shipped on May 3 and arrives Friday\."$/);
  // What the controls say, their labels too, is no text of its own.
  const menu = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Menu"') });
  expect(menu.text).toMatch(/It showed:\n- button "Copy" \[ref=e\d+\]\n- button "Paste" \[ref=e\d+\]$/);
  const form = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit"') });
  expect(form.text).toMatch(/It showed:\n- textbox "Title" \[ref=e\d+\]$/);
});
