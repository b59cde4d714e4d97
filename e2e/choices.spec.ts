import { openPage as open, pageAt, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * Choosing from what a page offers: native drop-downs, the suggestions of an
 * autocomplete, the items of a menu a click opens, and checkboxes drawn as
 * toggle switches. The reports list the choices with refs. Drop-downs made of
 * divs: custom-dropdowns.spec.ts.
 */

test('select by value and by label, multi-select, and check/uncheck no-ops', async ({ agent }) => {
  const snap = await open(
    agent,
    '/forms',
    `<label>Fruit <select id="fruit"><option value="a">Apple</option><option value="b">Banana</option></select></label>
     <label>Tags <select id="tags" multiple><option value="x">Ex</option><option value="y">Why</option><option value="z">Zed</option></select></label>
     <label><input type="checkbox" id="cb" checked> Subscribe</label>`,
  );
  await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Fruit"'), values: ['b'] });
  await agent.server.ok('browser_select_option', { selector: '#tags', values: ['Ex', 'z'] });
  const page = await pageAt(agent.browser.context, '/forms');
  expect(await page.locator('#fruit').inputValue()).toBe('b');
  expect(await page.locator('#tags').evaluate((s: HTMLSelectElement) => [...s.selectedOptions].map((o) => o.value))).toEqual(['x', 'z']);
  const missing = await agent.server.call('browser_select_option', { selector: '#fruit', values: ['Cherry'] });
  expect(missing.isError).toBe(true);
  expect(missing.text).toContain('Apple');
  // A choice the page's change handler takes back (sold out) is not reported as made.
  await page.locator('#fruit').evaluate((s: HTMLSelectElement) => s.addEventListener('change', () => { if (s.value === 'a') s.value = 'b'; }));
  const refused = await agent.server.ok('browser_select_option', { selector: '#fruit', values: ['Apple'] });
  expect(refused.text).toBe('Selected in <select id="fruit">Banana</select> named "Fruit" → the page changed the choice as it came: it holds ["Banana"], not ["Apple"] (set through the DOM)');
  const noop = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Subscribe"') });
  expect(noop.text).toMatch(/^Already checked: <input id="cb".*\(nothing was clicked\)$/);
  await agent.server.ok('browser_uncheck', { ref: refOf(snap, 'checkbox "Subscribe"') });
  expect(await page.locator('#cb').isChecked()).toBe(false);
});

test('a click on an option of a drop-down says to pick it with select_option, at once; a customizable select\'s open list takes clicks', async ({ agent }) => {
  await open(agent, '/option-click', `<label>Size <select id="size"><option>Small</option><option>Large</option></select></label>
    <style>#pet, #pet::picker(select) { appearance: base-select; }</style><label>Pet <select id="pet"><option>Cat</option><option>Fish</option></select></label>`);
  const option = await agent.server.call('browser_click', { selector: '#size option:nth-child(2)' });
  expect(option.isError).toBe(true);
  expect(option.text).toBe('Error INVALID_TARGET: <option>Large</option> is an option of the drop-down <select id="size">Small</select> named "Size", whose list the browser draws outside the page, where no click reaches: nothing was done. Pick it with browser_select_option on that drop-down (its ref in the snapshot) and values ["Large"].');
  await agent.server.ok('browser_click', { selector: '#pet' });
  await agent.server.ok('browser_click', { ref: refOf((await agent.server.ok('browser_find', { text: 'Fish' })).text, 'option "Fish"') });
  expect((await agent.server.ok('browser_evaluate', { expression: '[size.value, pet.value]' })).text).toContain('["Small", "Fish"]');
});

const AUTOCOMPLETE = `<label for="city">City</label>
  <input id="city" role="combobox" aria-expanded="false" aria-controls="list" aria-autocomplete="list" autocomplete="off">
  <ul id="list" role="listbox" hidden></ul><label>Plain <input id="plain"></label><p id="chosen"></p>
  <script>
    const cities = ['Amsterdam', 'Athens', 'Berlin', 'Bern', 'Boston'];
    const input = document.getElementById('city'), list = document.getElementById('list');
    // Debounced, as autocompletes are: the options come 150 ms after the last key.
    let timer;
    input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(render, 150); });
    function render() {
      const q = input.value.toLowerCase();
      list.replaceChildren(...cities.filter((c) => q && c.toLowerCase().startsWith(q)).map((c) => {
        const li = document.createElement('li');
        li.setAttribute('role', 'option');
        li.textContent = c;
        li.addEventListener('mousedown', (e) => { e.preventDefault(); input.value = c; document.getElementById('chosen').textContent = 'Chosen: ' + c; list.hidden = true; });
        return li;
      }));
      list.hidden = !list.children.length;
      input.setAttribute('aria-expanded', String(!list.hidden));
    }
  </script>`;

test('a field with a datalist: select_option puts the suggestion named in it; one it does not suggest lists those it does', async ({ agent }) => {
  const snap = await open(agent, '/datalist', `<label>Browser <input list="browsers" oninput="document.title = this.value"></label>
    <datalist id="browsers"><option value="Chrome"><option value="Firefox"><option value="Safari"></datalist>`);
  const field = refOf(snap, 'combobox "Browser"');
  expect((await agent.server.ok('browser_select_option', { ref: field, values: ['firefox'] })).text).toContain('selected ["Firefox"]');
  await expect(await pageAt(agent.browser.context, '/datalist')).toHaveTitle('Firefox');
  const other = await agent.server.call('browser_select_option', { ref: field, values: ['Opera'] });
  expect(other.text).toContain('suggests no "Opera". Available: "Chrome", "Firefox", "Safari". It takes other text too: browser_fill');
});

test('typing into an autocomplete reports the suggestions it shows, with refs to pick one', async ({ agent }) => {
  const snap = await open(agent, '/autocomplete', AUTOCOMPLETE);
  const city = refOf(snap, 'combobox "City"');
  const typed = await agent.server.ok('browser_type', { ref: city, text: 'B' });
  expect(typed.text).toMatch(/^Suggestions in listbox \[ref=e\d+\] \(browser_click one to pick it\):\n- option "Berlin" \[ref=e\d+\]\n- option "Bern" \[ref=e\d+\]\n- option "Boston" \[ref=e\d+\]$/m);
  // The next key narrows the list a moment later: the report waits for the new list, not the one already shown.
  const narrowed = await agent.server.ok('browser_type', { ref: city, text: 'e' });
  expect(narrowed.text).toMatch(/- option "Berlin" \[ref=e\d+\]\n- option "Bern" \[ref=(e\d+)\]$/);
  await agent.server.ok('browser_click', { ref: refOf(narrowed.text, 'option "Bern"') });
  expect(await pageText(agent, '/autocomplete', '#chosen')).toBe('Chosen: Bern');
  // fill too; no matches, or a field that is not a combobox: no suggestions line.
  expect((await agent.server.ok('browser_fill', { ref: city, value: 'Am' })).text).toContain('- option "Amsterdam"');
  expect((await agent.server.ok('browser_fill', { ref: city, value: 'Zz' })).text).not.toContain('Suggestions');
  expect((await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Plain"'), value: 'B' })).text).not.toContain('Suggestions');
});

test('a click that opens a menu lists its items with refs; closing it or a plain button lists nothing', async ({ agent }) => {
  const snap = await open(
    agent,
    '/menu-button',
    `<button id="more" aria-haspopup="menu" aria-expanded="false" aria-controls="menu">More actions</button>
     <ul role="menu" id="menu" hidden><li role="menuitem" onclick="document.title='renamed'">Rename</li><li role="menuitem">Delete</li></ul>
     <button>Plain</button>
     <button aria-haspopup="true" aria-controls="nav" onmouseenter="document.getElementById('nav').hidden = false">Products</button>
     <ul role="menu" id="nav" hidden><li role="menuitem">Laptops</li></ul>
     <button aria-haspopup="true" aria-expanded="false" aria-controls="wrap" onclick="wrap.hidden = false; this.ariaExpanded = 'true'">Insert</button>
     <div id="wrap" hidden><div class="tiered"><div role="menu"><div role="menuitem">Link…</div></div></div></div>
     <script>
       // The menu shows a moment after the click, as animated menus do.
       const button = document.getElementById('more'), menu = document.getElementById('menu');
       button.onclick = () => setTimeout(() => { menu.hidden = !menu.hidden; button.setAttribute('aria-expanded', String(!menu.hidden)); }, 80);
     </script>`,
  );
  const more = refOf(snap, 'button "More actions"');
  const opened = await agent.server.ok('browser_click', { ref: more });
  expect(opened.text).toMatch(/^It opened menu \[ref=e\d+\]:\n- menuitem "Rename" \[ref=(e\d+)\]\n- menuitem "Delete" \[ref=e\d+\]$/m);
  expect((await agent.server.ok('browser_click', { ref: more })).text).not.toContain('It opened');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Plain"') })).text).not.toContain('It opened');
  await agent.server.ok('browser_click', { ref: more });
  await agent.server.ok('browser_click', { ref: refOf(opened.text, 'menuitem "Rename"') });
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('renamed');
  // A menu that opens on hover, as navigation menus do.
  const hovered = await agent.server.ok('browser_hover', { ref: refOf(snap, 'button "Products"') });
  expect(hovered.text).toMatch(/^It opened menu \[ref=e\d+\]:\n- menuitem "Laptops" \[ref=e\d+\]$/m);
  // The button names a plain box around its menu (TinyMCE's menu bar): the menu is what it opened.
  const insert = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Insert"') });
  expect(insert.text).toMatch(/^It opened menu \[ref=e\d+\]:\n- menuitem "Link…" \[ref=e\d+\]$/m);
});

test('a switch drawn by the box around its hidden input, which cancels the input\'s own toggle (Element Plus\'): checked by a press on the box, not through the form\'s label', async ({ agent }) => {
  const snap = await open(
    agent,
    '/drawn-switch',
    `<label for="sw">Notify</label>
     <div id="box"><input type="checkbox" role="switch" id="sw" style="position:absolute;opacity:0;width:0;height:0;margin:0"><span style="display:inline-block;width:40px;height:20px;background:#ccc;cursor:pointer"></span></div>
     <script>
       const sw = document.getElementById('sw');
       let on = false;
       // The state is the component's: it cancels the click's own toggle and sets the input to it.
       document.getElementById('box').addEventListener('click', (event) => {
         event.preventDefault();
         on = !on;
         queueMicrotask(() => { sw.checked = on; });
       });
     </script>`,
  );
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'switch "Notify"') });
  expect(checked.text).toContain('via what the page draws for it <div id="box"></div>');
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/switch "Notify" \[checked\] \[ref=e\d+\]/);
});

test('toggle switches drawn by their label get a ref and the label\'s name, even with the input shrunk to nothing or not rendered, and check through the label', async ({ agent }) => {
  const snap = await open(
    agent,
    '/switches',
    `<style>.slider{display:inline-block;width:40px;height:20px;background:#ccc;cursor:pointer}</style>
     <label><input type="checkbox" id="zero" style="opacity:0;position:absolute;width:0;height:0"><span class="slider"></span> Dark mode</label>
     <input type="checkbox" id="none" style="display:none"><label for="none"><span class="slider"></span> Notifications</label>
     <label style="cursor:pointer"><input type="checkbox"> Remember me</label>
     <label for="photo" style="cursor:pointer">Upload photo</label><input type="file" id="photo" hidden>
     <input type="checkbox" id="menu" style="display:none"><label for="menu" aria-label="Toggle the menu"><svg width="16" height="16"><rect width="16" height="16"/></svg></label>`,
  );
  expect(snap).toMatch(/^- checkbox "Dark mode" \[ref=e\d+\]$/m);
  expect(snap).toMatch(/^- checkbox "Notifications" \[ref=e\d+\]$/m);
  // An icon for a label, named by its aria-label (mdBook's sidebar toggle).
  expect(snap).toMatch(/^- checkbox "Toggle the menu" \[ref=e\d+\]$/m);
  // A pointer cursor on a label or its toggle's track is the control's: no second ref beside it.
  expect(snap).toMatch(/^- checkbox "Remember me" \[ref=e\d+\]$/m);
  expect(snap.match(/\[cursor=pointer\]/g)).toHaveLength(1);
  // Unless the label's control is not shown at all: then the label is what there is to click.
  expect(snap).toMatch(/^- generic "Upload photo" \[ref=e\d+\] \[cursor=pointer\]$/m);
  expect(snap).not.toContain('text: Notifications');
  // browser_find sees them as the snapshot does.
  const found = await agent.server.ok('browser_find', { role: 'checkbox', name: 'Notifications' });
  expect(found.text).toContain(`checkbox "Notifications" [ref=${refOf(snap, 'checkbox "Notifications"')}]`);
  for (const name of ['Dark mode', 'Notifications']) await agent.server.ok('browser_check', { ref: refOf(snap, `checkbox "${name}"`) });
  const page = await pageAt(agent.browser.context, '/switches');
  expect(await page.evaluate(() => [(document.getElementById('zero') as HTMLInputElement).checked, (document.getElementById('none') as HTMLInputElement).checked])).toEqual([true, true]);
  const after = (await agent.server.ok('browser_snapshot')).text;
  expect(after).toMatch(/^- checkbox "Notifications" \[checked\] \[ref=e\d+\]$/m);
});

test('checking a box the page re-renders on change (a todo list) reports it checked, not a stale ref', async ({ agent }) => {
  const snap = await open(
    agent,
    '/todos',
    `<ul id="list"></ul>
     <script>
       const todos = [{ title: 'Buy milk', done: false }];
       // Renders from its own state, as frameworks do: each change replaces the checkbox.
       const render = () => {
         list.innerHTML = todos.map((t, i) => '<li><input type="checkbox" data-i="' + i + '"' + (t.done ? ' checked' : '') + '> ' + t.title + '</li>').join('');
         for (const box of list.querySelectorAll('input')) box.onchange = () => { todos[box.dataset.i].done = box.checked; render(); };
       };
       render();
     </script>`,
  );
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox') });
  expect(checked.text).toContain('Checked <input type="checkbox"> (the page then re-rendered it: take a new snapshot for its new ref)');
  const after = (await agent.server.ok('browser_snapshot')).text;
  expect(after).toContain('checkbox [checked]');
  // The old ref is stale now, as said: it is not resolved to the new box.
  expect((await agent.server.call('browser_uncheck', { ref: refOf(snap, 'checkbox') })).text).toContain('STALE_REF');
  expect((await agent.server.ok('browser_uncheck', { ref: refOf(after, 'checkbox') })).text).toContain('re-rendered');
  expect((await agent.server.ok('browser_snapshot')).text).not.toContain('[checked]');
});

test('a hover lists what it showed: a row button drawn on :hover, a submenu, tooltips that come after a delay', async ({ agent }) => {
  const snap = await open(
    agent,
    '/hover',
    `<style>li .delete { display: none } li:hover .delete { display: inline } nav li ul { display: none } nav li:hover ul { display: block }</style>
     <ul><li id="row">Buy milk <button class="delete">Delete</button></li></ul>
     <nav><ul><li><a href="#products">Products</a><ul><li><a href="#shoes">Shoes</a></li><li><a href="#hats">Hats</a></li></ul></li></ul></nav>
     <span id="info" tabindex="0">Info</span> <span id="slow" tabindex="0">Shipping</span> <p id="plain">Plain text</p>
     <button id="account" aria-haspopup="menu" aria-expanded="false" aria-controls="account-menu">Account</button>
     <div role="menu" id="account-menu" hidden><div role="menuitem" tabindex="-1">Sign out</div></div>
     <button id="later" aria-haspopup="menu" aria-expanded="false">Opens on click</button>
     <script>
       const tooltip = (el, text, delay) => el.addEventListener('mouseenter', () => setTimeout(() => {
         const tip = document.createElement('div');
         tip.setAttribute('role', 'tooltip');
         tip.textContent = text;
         document.body.append(tip);
       }, delay));
       tooltip(info, 'Prices include VAT', 100);
       // A tooltip library's longer delay: its timer is waited for, however long (up to a second).
       tooltip(slow, 'Ships in 2 days', 600);
       // A menu that opens when the pointer rests on its button (hover intent).
       account.addEventListener('mouseenter', () => setTimeout(() => { account.setAttribute('aria-expanded', 'true'); document.getElementById('account-menu').hidden = false; }, 150));
     </script>`,
  );
  expect(snap).not.toContain('Delete');
  const row = await agent.server.ok('browser_hover', { selector: '#row' });
  expect(row.text).toMatch(/It showed:\n- button "Delete" \[ref=e\d+\]/);
  // The ref it gave works.
  await agent.server.ok('browser_click', { ref: refOf(row.text, 'button "Delete"') });
  const menu = await agent.server.ok('browser_hover', { ref: refOf(snap, 'link "Products"') });
  expect(menu.text).toMatch(/It showed:\n- link "Shoes" \[ref=e\d+\]\n- link "Hats" \[ref=e\d+\]/);
  expect(menu.text).not.toContain('Delete');
  const tip = await agent.server.ok('browser_hover', { ref: refOf(snap, 'Info') });
  expect(tip.text).toMatch(/It showed:\n- tooltip "Prices include VAT"/);
  expect((await agent.server.ok('browser_hover', { selector: '#slow' })).text).toMatch(/It showed:\n- tooltip "Ships in 2 days"/);
  expect((await agent.server.ok('browser_hover', { selector: '#account' })).text).toMatch(/It opened menu \[ref=e\d+\]:\n- menuitem "Sign out" \[ref=e\d+\]/);
  // A menu button that opens on click: a hover shows nothing.
  expect((await agent.server.ok('browser_hover', { selector: '#later' })).text).toBe('Hovered <button id="later">Opens on click</button>');
  // Nothing new: nothing said.
  expect((await agent.server.ok('browser_hover', { selector: '#plain' })).text).not.toContain('It showed');
});

test('checking a box or picking a radio lists the fields that showed with it, with refs', async ({ agent }) => {
  const snap = await open(
    agent,
    '/conditional',
    `<label><input type="checkbox" id="gift"> This is a gift</label>
     <div id="giftbox" hidden><label>Gift message <textarea></textarea></label></div>
     <fieldset><legend>Payment</legend><label><input type="radio" name="pay" id="invoice" checked> Invoice</label>
       <label><input type="radio" name="pay" id="card"> Card</label></fieldset>
     <div id="cardbox" hidden><label>Card number <input></label></div>
     <script>
       gift.onchange = () => { giftbox.hidden = !gift.checked; };
       for (const radio of document.querySelectorAll('[name=pay]')) radio.onchange = () => { cardbox.hidden = !card.checked; };
     </script>`,
  );
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "This is a gift"') });
  expect(checked.text).toMatch(/It showed:\n- textbox "Gift message" \[ref=e\d+\]/);
  await agent.server.ok('browser_fill', { ref: refOf(checked.text, 'textbox "Gift message"'), value: 'Happy birthday' });
  const card = await agent.server.ok('browser_click', { ref: refOf(snap, 'radio "Card"') });
  expect(card.text).toMatch(/It showed:\n- textbox "Card number" \[ref=e\d+\]/);
  // Hiding them shows nothing.
  expect((await agent.server.ok('browser_uncheck', { ref: refOf(snap, 'checkbox "This is a gift"') })).text).not.toContain('It showed');
});

test('ticking an item of a list the page draws anew lists only what is new, not the items redrawn in their places', async ({ agent }) => {
  const snap = await open(agent, '/redrawn-list', `<ul id="list"></ul><script>
    const items = [{ text: 'Buy milk' }, { text: 'Walk dog' }, { text: 'Write report' }];
    function render() {
      list.replaceChildren(...items.map((item) => {
        const li = document.createElement('li');
        li.innerHTML = '<label><input type="checkbox"> <span></span></label>' + (item.done ? ' <button>Archive</button>' : '');
        li.querySelector('span').textContent = item.text;
        li.querySelector('input').checked = !!item.done;
        li.querySelector('input').onchange = () => { item.done = !item.done; render(); };
        return li;
      }));
    }
    render();
  </script>`);
  const ticked = await agent.server.ok('browser_click', { ref: refOf(snap, 'checkbox "Walk dog"') });
  expect(ticked.text).toMatch(/It showed:\n- button "Archive" \[ref=e\d+\]$/);
});

test('checking a box or picking from a drop-down whose handler opens a dialog reports the action and the dialog, not DIALOG_OPEN or an empty choice', async ({ agent }) => {
  const snap = await open(agent, '/check-dialog', `<label><input type="checkbox" id="wipe" onclick="if (!confirm('Delete all?')) return false"> Delete all</label>`);
  const checked = await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Delete all"') });
  expect(checked.text).toContain('(clicked; it cannot be read back while the dialog holds the page)\nA confirm dialog opened: "Delete all?". It blocks the page: call browser_handle_dialog.');
  await agent.server.ok('browser_handle_dialog', { accept: false });
  expect((await agent.server.ok('browser_evaluate', { expression: 'wipe.checked' })).text).toContain('false');
  // So with a drop-down whose change handler opens one.
  await open(agent, '/select-dialog', `<label>Plan <select id="plan" onchange="alert('Plan changed')"><option>Free</option><option>Pro</option></select></label>`);
  const selected = await agent.server.ok('browser_select_option', { selector: '#plan', values: ['Pro'] });
  expect(selected.text).toContain('Selected in #plan → ["Pro"] (its change handler opened a dialog before the choice could be read back)');
  expect(selected.text).toContain('An alert dialog opened: "Plan changed"');
  await agent.server.ok('browser_handle_dialog', { accept: true });
});

test('a click that puts the focus in another text field (an inline editor, a reply box, a grid cell\'s editor) gives its line to type into; one on a field or its label does not', async ({ agent }) => {
  const snap = await open(agent, '/focus-after-click', `<p id="todo">Buy milk</p><button id="edit">Edit</button><button id="reply">Reply</button><div id="box"></div>
    <label for="name">Name</label><input id="name">
    <div role="grid"><div role="row"><div role="gridcell" tabindex="-1" id="qty">3</div></div></div>
    <script>
      // Tabulator's: the editor drawn in the cell clicked, in place of its text.
      qty.onclick = () => { qty.innerHTML = '<input type="number" value="3">'; qty.firstChild.focus(); };
      edit.onclick = () => { const field = document.createElement('input'); field.value = todo.textContent; field.setAttribute('aria-label', 'Todo'); todo.replaceWith(field); field.focus(); };
      // Focused a moment later, as a framework's effect does.
      reply.onclick = () => { box.innerHTML = '<textarea aria-label="Your reply"></textarea>'; setTimeout(() => box.firstChild.focus(), 50); };
    </script>`);
  const edit = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit"') });
  expect(edit.text).toMatch(/^Focus: textbox "Todo" \[ref=e\d+\]: Buy milk$/m);
  // Named once: not again as something the click showed.
  expect(edit.text).not.toContain('It showed');
  await agent.server.ok('browser_type', { ref: refOf(edit.text, 'textbox "Todo"'), text: ' and eggs' });
  const reply = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Reply"') });
  expect(reply.text).toMatch(/^Focus: textbox "Your reply" \[ref=e\d+\]$/m);
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'gridcell "3"') })).text).toMatch(/^Focus: spinbutton \[ref=e\d+\]: "3"$/m);
  expect((await agent.server.ok('browser_click', { selector: 'label' })).text).not.toContain('Focus:');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Name"') })).text).not.toContain('Focus:');
  expect((await agent.server.ok('browser_evaluate', { function: '() => document.querySelector("input").value' })).text).toContain('Buy milk and eggs');
});

test('a click on a disabled button names the fields the browser finds not valid yet, of its form or the box around it, with refs', async ({ agent }) => {
  await open(agent, '/disabled-next', `<form><label>Name <input required></label><label>Email <input type="email" value="ada"></label>
      <label>Age <input type="number"></label><button id="next" disabled>Next</button></form>
    <div><label>Zip <input required></label><button id="go" disabled>Go</button></div>`);
  const next = await agent.server.call('browser_click', { selector: '#next', timeout: 300 });
  expect(next.text).toMatch(/NOT_ENABLED: .* The browser finds these 2 fields not valid yet:\n- textbox "Name" \[required\] \[ref=e\d+\]: Please fill out this field\.\n- textbox "Email" \[ref=e\d+\]: Please include an '@'/);
  const go = await agent.server.call('browser_click', { selector: '#go', timeout: 300 });
  expect(go.text).toMatch(/The browser finds this field not valid yet:\n- textbox "Zip" \[required\] \[ref=(e\d+)\]: Please fill out this field\.$/);
  // Its ref works.
  await agent.server.ok('browser_fill', { ref: /\[ref=(e\d+)\]/.exec(go.text)![1], value: '75001' });
  expect((await agent.server.call('browser_click', { selector: '#go', timeout: 300 })).text).not.toContain('not valid yet');
});
