import { expect, test, type Agent } from './fixtures.ts';
import { openPage } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';

/** What the page tells its screen-reader users (live regions) during an action is quoted in the action's report. */

const open = (agent: Agent, route: string, body: string) => openPage(agent, route, body, 'Announcements');

test('what the page announces during an action (alert, status, aria-live) is quoted in its report, even a toast gone at once', async ({ agent }) => {
  agent.pages.page('/api/save', '{"ok":true}', { contentType: 'application/json', delayMs: 100 });
  const snap = await open(
    agent,
    '/toasts',
    `<label>Email <input id="email"></label><button id="save">Save</button><button id="add">Add to cart</button>
     <div id="toasts" aria-live="polite"></div><span role="status" id="cart">Cart: 0</span><p role="alert" id="error"></p>
     <span role="status" id="clock"></span><p id="ticked"></p><button id="publish">Publish</button><span role="status" id="state"></span>
     <script>
       // A status that ticks on its own, during any action: never the news of one.
       let ticks = 0;
       setInterval(() => { clock.textContent = 'Synced ' + ++ticks + ' s ago'; if (ticks === 20) ticked.textContent = 'Ticked twenty times'; }, 30);
       save.onclick = async () => {
         if (!email.value) return void (error.textContent = 'Email is required');
         error.textContent = '';
         await (await fetch('/api/save', { method: 'POST' })).json();
         const toast = document.createElement('div');
         toast.textContent = 'Profile saved';
         toasts.append(toast);
         setTimeout(() => toast.remove(), 50);
       };
       let n = 0;
       add.onclick = () => { cart.textContent = 'Cart: ' + ++n; };
       publish.onclick = () => { state.textContent = 'Publishing'; setTimeout(() => { state.textContent = 'Published'; }, 150); };
       email.addEventListener('keydown', (e) => e.key === 'Enter' && save.click());
     </script>`,
  );
  // Once the clock has ticked a few times since the agent first looked, it is known to tick on its own.
  await agent.server.ok('browser_wait_for', { text: 'Ticked twenty times' });
  const refused = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  // The alert comes after the field the button is beside, with no form around them: told as the field's error.
  expect(refused.text).toMatch(/The page shows an error by this field:\n- textbox "Email" \[ref=e\d+\]: Email is required/);
  expect(refused.text).not.toContain('Synced');
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Email"'), value: 'ada@example.com' });
  // Announced after the request answered; the toast is gone before the agent could take a snapshot.
  const saved = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(saved.text).toMatch(/Request it started: POST \/api\/save → 200 OK \(\d+ ms\)\nThe page announced \(status\): "Profile saved"/);
  expect(saved.text).not.toContain('Email is required');
  expect(saved.text).not.toContain('Synced');
  // Keys too.
  const entered = await agent.server.ok('browser_press_key', { ref: refOf(snap, 'textbox "Email"'), key: 'Enter' });
  expect(entered.text).toContain('The page announced (status): "Profile saved"');
  const added = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Add to cart"') });
  expect(added.text).toContain('The page announced (status): "Cart: 1"');
  expect(added.text).not.toContain('Synced');
  // What a timer the handler set says a moment later: the click waits for that timer, and tells its news too.
  const published = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Publish"') });
  expect(published.text).toContain('The page announced (status): "Publishing"\nThe page announced (status): "Published"');
  // Nothing announced, nothing said.
  const again = await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Email"') });
  expect(again.text).not.toContain('announced');
});

test('toasts from one container, one per quick action, are each told: a region that answers each action is not ticking', async ({ agent }) => {
  const snap = await open(
    agent,
    '/toast-container',
    `<div aria-live="polite" id="toasts"></div><button id="add">Add</button>
     <script>
       let n = 0;
       add.onclick = () => { const toast = document.createElement('div'); toast.textContent = 'Item ' + ++n + ' added'; toasts.append(toast); setTimeout(() => toast.remove(), 300); };
     </script>`,
  );
  const add = refOf(snap, 'button "Add"');
  // Four in a little over a second, each toast gone before the next: eight changes of the region, all answers.
  for (let i = 1; i <= 4; i++) {
    const added = await agent.server.ok('browser_click', { ref: add });
    expect(added.text).toContain(`The page announced (status): "Item ${i} added"`);
    await agent.server.ok('browser_wait_for', { textGone: `Item ${i} added` });
  }
});

test('what a choice\'s change handler does, then and a moment later, is the choice\'s: a select or date set through the DOM, a checkbox, one status for all', async ({ agent }) => {
  agent.pages.page('/api/regions', '["Bavaria","Saxony"]', { contentType: 'application/json' });
  const snap = await open(
    agent,
    '/choices-later',
    `<select id="country" aria-label="Country"><option>FR</option><option>DE</option></select>
     <label><input type="checkbox" id="terms"> Terms</label><span role="status" id="state"></span>
     <label>Arrival <input type="date" id="arrival"></label><label>Departure <input type="date" id="departure"></label>
     <script>
       country.onchange = () => setTimeout(async () => { state.textContent = (await (await fetch('/api/regions')).json()).length + ' regions'; }, 150);
       terms.onchange = () => setTimeout(() => { state.textContent = terms.checked ? 'Terms accepted' : 'Terms declined'; }, 150);
       arrival.onchange = () => { state.textContent = 'Arrival ' + arrival.value; fetch('/api/regions').then((r) => r.json()); };
       departure.onchange = () => setTimeout(() => { state.textContent = 'Departure ' + departure.value; }, 100);
     </script>`,
  );
  const chosen = await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Country"'), values: ['DE'] });
  expect(chosen.text).toMatch(/Request it started: GET \/api\/regions → 200 OK \(\d+ ms\)\nThe page announced \(status\): "2 regions"/);
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Terms"') });
  expect(checked.text).toContain('The page announced (status): "Terms accepted"');
  const unchecked = await agent.server.ok('browser_uncheck', { ref: refOf(snap, 'checkbox "Terms"') });
  expect(unchecked.text).toContain('The page announced (status): "Terms declined"');
  // A date is set through the DOM too: what its handler does then and a moment later.
  const arrived = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Arrival"'), value: '2026-12-01' });
  expect(arrived.text).toMatch(/Request it started: GET \/api\/regions → 200 OK \(\d+ ms\)\nThe page announced \(status\): "Arrival 2026-12-01"/);
  const departed = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Departure"'), value: '2026-12-08' });
  expect(departed.text).toContain('The page announced (status): "Departure 2026-12-08"');
});

test('a polite region drawn with the section it is part of (an API console\'s responses table) is not read out as it appears; what it says later is, and so is a toast drawn with its text', async ({ agent }) => {
  const snap = await open(
    agent,
    '/api-console',
    `<button id="op">GET /pets</button><div id="body"></div><button id="copy">Copy</button>
     <script>
       op.onclick = () => {
         body.innerHTML = '<h4>Responses</h4><table aria-live="polite" id="res"><tr><td>200</td><td>The pets</td></tr></table><button id="run">Execute</button>';
         document.getElementById('run').onclick = () => { document.getElementById('res').innerHTML = '<tr><td>200</td><td>Rex, Tom</td></tr>'; };
       };
       copy.onclick = () => document.body.insertAdjacentHTML('beforeend', '<div role="status">Copied</div>');
     </script>`,
  );
  const expanded = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "GET /pets"') });
  expect(expanded.text).not.toContain('announced');
  const run = await agent.server.ok('browser_click', { ref: refOf(expanded.text, 'button "Execute"') });
  expect(run.text).toContain('The page announced (status): "200 Rex, Tom"');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Copy"') })).text).toContain('The page announced (status): "Copied"');
});

test('words a region puts between what it said (a dialog\'s error message above its buttons, SweetAlert2\'s) are told alone; a number that grew is told whole', async ({ agent }) => {
  const snap = await open(
    agent,
    '/inserted',
    `<div role="dialog" aria-live="assertive" aria-label="New person"><label>Full name <input id="name"></label>
       <div id="message" style="display: none"></div><button id="ok">OK</button> <button>Cancel</button></div>
     <button id="add">Add five</button><p role="status" id="total">Total: 5</p>
     <script>
       ok.onclick = () => { if (!name.value) { message.textContent = 'Write a name'; message.style.display = 'block'; } };
       add.onclick = () => { total.textContent = 'Total: 55'; };
     </script>`,
  );
  const refused = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "OK"') });
  expect(refused.text).toMatch(/^The page announced \(alert\): "Write a name"$/m);
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Add five"') })).text).toContain('The page announced (status): "Total: 55"');
});

test('in a list of toasts, the one whose text changed is told, not the others beside it (Sonner\'s promise toast: "Saving…", then "Saved!"); a toast is not listed as shown besides', async ({ agent }) => {
  const snap = await open(
    agent,
    '/toast-list',
    `<button id="create">Create</button><button id="save">Save</button>
     <section aria-live="polite" aria-label="Notifications"><ol id="toasts"></ol></section>
     <script>
       // Each toast focusable, as Sonner's are.
       const add = (html) => { const toast = document.createElement('li'); toast.tabIndex = 0; toast.innerHTML = html; toasts.prepend(toast); return toast; };
       create.onclick = () => add('<div>Event has been created</div><div>Sunday at 9:00 AM</div><button>Undo</button>');
       save.onclick = () => { const toast = add('<div>Saving…</div>'); setTimeout(() => { toast.firstChild.textContent = 'Saved!'; }, 100); };
     </script>`,
  );
  const created = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Create"') });
  // Its button is listed to be clicked; the toast around it, whose words were just quoted, is not.
  expect(created.text).toMatch(/The page announced \(status\): "Event has been created Sunday at 9:00 AM Undo"\nIt showed:\n- button "Undo" \[ref=e\d+\]$/);
  const saved = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(saved.text).toMatch(/The page announced \(status\): "Saving…"\nThe page announced \(status\): "Saved!"$/);
});

test('what a field says as it takes the focus to be filled or typed into (a date picker it opens) is the action\'s news, not news from before it', async ({ agent }) => {
  const snap = await open(
    agent,
    '/picker-focus',
    `<label>Start <input id="start"></label><div id="picker"></div>
     <script>
       start.addEventListener('focus', () => { picker.innerHTML = '<span aria-live="polite">December 2026</span>'; });
       start.addEventListener('blur', () => { picker.innerHTML = ''; });
     </script>`,
  );
  const filled = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Start"'), value: '2024-03-20' });
  expect(filled.text).toContain('The page announced (status): "December 2026"');
  expect(filled.text).not.toContain('before this action');
});

test('a web component\'s toast, its status in its shadow root, is told: one defined once the page had loaded, and one that gives its message to screen readers as its entrance ends (Ionic\'s)', async ({ agent }) => {
  const snap = await open(
    agent,
    '/shadow-toasts',
    `<button id="load">Load widgets</button> <button id="copy">Copy</button> <button id="save">Save</button>
     <x-note id="note"></x-note><x-toast id="toast" tabindex="-1" style="display: none"></x-toast>
     <script>
       // Defined on a click, after the page's live regions were first looked for: its root is attached then.
       load.onclick = () => customElements.define('x-note', class extends HTMLElement {
         constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p role="status"></p>'; }
         say(text) { this.shadowRoot.firstChild.textContent = text; }
       });
       copy.onclick = () => note.say('Copied to clipboard');
       customElements.define('x-toast', class extends HTMLElement {
         constructor() {
           super();
           this.attachShadow({ mode: 'open' }).innerHTML = '<div class="wrap"><div role="status"><div aria-hidden="true">Saved!</div></div></div>';
         }
         async show() {
           this.style.display = 'block';
           await this.shadowRoot.querySelector('.wrap').animate([{ opacity: 0.01 }, { opacity: 1 }], 300).finished;
           requestAnimationFrame(() => { this.shadowRoot.querySelector('[role=status]').innerHTML = '<div>Saved!</div>'; });
         }
       });
       save.onclick = () => toast.show();
     </script>`,
  );
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Load widgets"') });
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Copy"') })).text).toContain('The page announced (status): "Copied to clipboard"');
  const saved = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(saved.text).toBe('Clicked <button id="save">Save</button>\nThe page announced (status): "Saved!"');
});

test('a toast there all along, only shown (a class, or an open attribute and aria-hidden in a shadow root, Shoelace\'s sl-alert with its slotted message), is told once', async ({ agent }) => {
  const snap = await open(
    agent,
    '/shown-toasts',
    `<style>.toast { display: none } .toast.show { display: block }</style>
     <button id="save">Save</button> <button id="copy">Copy link</button>
     <div role="status" class="toast" id="saved">Draft saved</div>
     <x-alert id="notice">Link copied</x-alert>
     <script>
       customElements.define('x-alert', class extends HTMLElement {
         constructor() {
           super();
           // Its message is the host's text, slotted into a polite region inside the alert; the timer is not drawn.
           this.attachShadow({ mode: 'open' }).innerHTML = '<div role="alert" aria-hidden="true"><div aria-live="polite"><slot></slot></div>'
             + '<div role="timer" style="display: none">3000</div></div>';
         }
         show() { this.setAttribute('open', ''); this.shadowRoot.firstChild.setAttribute('aria-hidden', 'false'); }
       });
       save.onclick = () => saved.classList.add('show');
       copy.onclick = () => notice.show();
     </script>`,
  );
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') })).text).toContain('The page announced (status): "Draft saved"');
  const copied = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Copy link"') });
  expect(copied.text).toBe('Clicked <button id="copy">Copy link</button>\nThe page announced (alert): "Link copied"');
});

// React Aria (and Radix) hide the rest of the page with aria-hidden while a popup is open.
const HIDES_PAGE = `<div id="app"><label>Opacity <input type="range" id="r" value="30"></label><output for="r">30</output>
    <button id="b" aria-expanded="false" aria-controls="pop">Choose</button> <button id="toast-btn">Save</button></div>
  <div id="pop" hidden><ul role="listbox" aria-label="Animals"><li role="option" tabindex="0" id="cat">Cat</li></ul></div>
  <div id="toast" aria-hidden="true"><div role="status">Saved</div></div>
  <script>
    const show = (open) => { pop.hidden = !open; b.setAttribute('aria-expanded', String(open)); if (open) { app.setAttribute('aria-hidden', 'true'); cat.focus(); } else { app.removeAttribute('aria-hidden'); b.focus(); } };
    b.onclick = () => show(true);
    cat.onkeydown = (e) => { if (e.key === 'Enter') { e.preventDefault(); show(false); } };
    document.getElementById('toast-btn').onclick = () => toast.removeAttribute('aria-hidden');
  </script>`;

test('a region shown again as a popup that hid the rest of the page closes says nothing new; a toast its own box shows is told', async ({ agent }) => {
  const snap = await open(agent, '/hides-page', HIDES_PAGE);
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Choose"') });
  const closed = await agent.server.ok('browser_press_key', { key: 'Enter' });
  expect(closed.text).toContain('It closed listbox "Animals".');
  expect(closed.text).not.toContain('The page announced');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') })).text).toContain('The page announced (status): "Saved"');
});

// React Aria's: a slider's <output> silenced by aria-live="off", and a tag list polite only while it holds
// the focus, which tells additions alone (aria-relevant).
const QUIET_REGIONS = `<label>Opacity <input type="range" id="r" value="30"></label><output for="r" aria-live="off" id="o">30</output>
  <div id="tags" role="grid" aria-label="Tags" aria-live="off" aria-relevant="additions">
    <div role="row"><span role="gridcell">News <button aria-label="Remove News">x</button></span></div>
    <div role="row"><span role="gridcell">Travel <button aria-label="Remove Travel">x</button></span></div></div>
  <div role="log" aria-relevant="additions removals" id="events"><p>Opened</p><p>Saved</p></div><button id="clear">Forget last</button>
  <p role="status" id="count">Items: 10</p><button id="less">Remove nine</button>
  <script>
    less.onclick = () => { count.textContent = 'Items: 1'; };
    r.oninput = () => { o.textContent = r.value; };
    tags.addEventListener('focusin', () => tags.setAttribute('aria-live', 'polite'));
    tags.addEventListener('click', (e) => { if (e.target.localName === 'button') e.target.closest('[role=row]').remove(); });
    clear.onclick = () => events.lastElementChild.remove();
  </script>`;

test('a region silenced by aria-live="off", or one only made live by the action, says nothing; a removal is told where aria-relevant asks for it', async ({ agent }) => {
  const snap = await open(agent, '/quiet-regions', QUIET_REGIONS);
  expect((await agent.server.ok('browser_fill', { ref: refOf(snap, 'slider "Opacity"'), value: '60' })).text).not.toContain('The page announced');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Remove Travel"') })).text).not.toContain('The page announced');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Forget last"') })).text).toContain('The page announced (log): "Opened"');
  // Text that got shorter is a change, not a removal.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Remove nine"') })).text).toContain('The page announced (status): "Items: 1"');
});

test('what the page announces after an action\'s report was made (a toast seconds later) is told by the next call, once: an action, a wait, or a snapshot whose tree no longer shows it', async ({ agent }) => {
  const snap = await open(
    agent,
    '/late-toasts',
    `<button id="save">Save</button> <button id="next">Next</button> <button id="keep">Keep</button>
     <div aria-live="polite" id="toasts"></div><span role="status" id="clock"></span><span role="status" id="kept"></span>
     <script>
       // A status that ticks on its own is never told, late or not.
       let ticks = 0;
       setInterval(() => { clock.textContent = 'Synced ' + ++ticks + ' s ago'; }, 40);
       // Later than any action waits for what its input set going.
       save.onclick = () => setTimeout(() => {
         const toast = document.createElement('div');
         toast.textContent = 'Saved';
         toasts.append(toast);
         setTimeout(() => toast.remove(), 400);
       }, 1500);
       keep.onclick = () => setTimeout(() => { kept.textContent = 'Kept'; }, 1500);
     </script>`,
  );
  const click = (name: string) => agent.server.ok('browser_click', { ref: refOf(snap, `button "${name}"`) });
  // The agent does something else (thinks) while the toast comes and goes.
  const meanwhile = () => new Promise((resolve) => setTimeout(resolve, 2500));
  expect((await click('Save')).text).not.toContain('Saved');
  await meanwhile();
  const next = await click('Next');
  expect(next.text).toBe('Clicked <button id="next">Next</button>\nAfter the last report, before this action, the page announced (status): "Saved"');
  expect((await click('Next')).text).not.toContain('announced');

  // A wait tells what came meanwhile.
  await click('Save');
  const waited = await agent.server.ok('browser_wait_for', { text: 'Saved' });
  expect(waited.text).toContain('Since the last report, the page announced (status): "Saved"');
  expect(waited.text).not.toContain('announced (status): "Synced');
  expect((await agent.server.ok('browser_wait_for', { textGone: 'Saved' })).text).not.toContain('announced');
  expect((await click('Next')).text).not.toContain('announced');

  // Gone by the time of a snapshot: the snapshot says it.
  await click('Save');
  await meanwhile();
  const told = await agent.server.ok('browser_snapshot', {});
  expect(told.text).toContain('Since the last report, the page announced (status): "Saved"');
  expect(told.text).not.toContain('announced (status): "Synced');
  expect((await agent.server.ok('browser_snapshot', {})).text).not.toContain('announced');

  // Still shown: the snapshot's tree has it, and no call tells it again.
  await click('Keep');
  await meanwhile();
  const shown = await agent.server.ok('browser_snapshot', {});
  expect(shown.text).toContain('- status: Kept');
  expect(shown.text).not.toContain('announced');
  expect((await click('Next')).text).not.toContain('announced');
});
