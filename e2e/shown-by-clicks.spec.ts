import { openPage as open, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * What a click showed, in its report: the dialog it opened with its message and controls, the panel it
 * expanded with its text, controls drawn with no ARIA at all; and nothing for a click that only redraws or colours.
 */

test('a click that opens a dialog lists the dialog and the controls in it, with refs that work', async ({ agent }) => {
  const snap = await open(
    agent,
    '/dialogs',
    `<button id="edit">Edit profile</button><button id="remove">Delete account</button><button id="help">Help</button><button id="archive">Archive</button><button id="rename">Rename</button><button id="cart">Cart</button><button id="pick">Pick a date</button><p id="out"></p>
     <dialog id="editor" aria-labelledby="title"><h2 id="title">Edit profile</h2>
       <form method="dialog"><label>Name <input id="who"></label><button onclick="out.textContent = who.value">Save</button><button>Cancel</button></form></dialog>
     <script>
       edit.onclick = () => editor.showModal();
       // Added to the page on the click, as design systems add theirs.
       const addDialog = (role, label, html, style = '') => {
         const dialog = document.createElement('div');
         dialog.setAttribute('role', role);
         dialog.setAttribute('aria-label', label);
         dialog.style.cssText = style;
         dialog.innerHTML = html;
         document.body.append(dialog);
         return dialog;
       };
       remove.onclick = () => addDialog('alertdialog', 'Delete account?', '<p>This cannot be undone.</p><button>Delete</button><button onclick="this.parentNode.remove()">Keep</button>');
       document.getElementById('archive').onclick = () => {
         // Zooming in from nothing, as Element Plus' pickers do: its controls are laid out, not yet grown.
         const dialog = addDialog('dialog', 'Archive all?', '<div tabindex="0" aria-hidden="true" style="width:0;height:0;overflow:hidden"></div>'
           + '<div tabindex="0"><p>Archive all?</p><button>Archive</button></div><div tabindex="0" style="width:0;height:0;overflow:hidden"></div>',
           'transform: scaleY(0); transition: transform .3s');
         requestAnimationFrame(() => requestAnimationFrame(() => { dialog.style.transform = 'none'; }));
       };
       document.getElementById('rename').onclick = () => {
         // As Vuetify's does: it takes no pointer events while it zooms in. Here a timer its render
         // sets (in a microtask, so not the click handler's own) ends that, as the zoom's end would.
         const dialog = addDialog('dialog', 'Rename', '<button onclick="document.title = \\'renamed\\'">Save name</button>', 'pointer-events: none');
         queueMicrotask(() => setTimeout(() => { dialog.style.pointerEvents = 'auto'; }, 300));
       };
       help.onclick = () => {
         const dialog = addDialog('dialog', 'Help', '<a href="#faq">FAQ</a> <button>Close</button>', 'opacity: 0; transition: opacity .4s');
         requestAnimationFrame(() => requestAnimationFrame(() => { dialog.style.opacity = '1'; }));
       };
       // A calendar's days drawn side by side, their texts run together in the dialog's: its month is what it says besides them.
       pick.onclick = () => addDialog('dialog', 'Choose Date', '<div>March 2024</div><div>' + Array.from({ length: 12 }, (_, i) => '<button style="display: inline-block">' + (i + 1) + '</button>').join('') + '</div>');
       // Shown at once, with a timer for the end of its slide in, as Bootstrap's offcanvas is.
       cart.onclick = () => { const dialog = addDialog('dialog', 'Your cart', '<button>Checkout</button>'); setTimeout(() => dialog.classList.add('show'), 300); };
     </script>`,
  );
  const edit = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit profile"') });
  expect(edit.text).toMatch(/It opened dialog "Edit profile" \[ref=e\d+\]:\n- textbox "Name" \[ref=e\d+\]\n- button "Save" \[ref=e\d+\]\n- button "Cancel" \[ref=e\d+\]/);
  await agent.server.ok('browser_fill', { ref: refOf(edit.text, 'textbox "Name"'), value: 'Ada' });
  const saved = await agent.server.ok('browser_click', { ref: refOf(edit.text, 'button "Save"') });
  expect(await pageText(agent, '/dialogs', '#out')).toBe('Ada');
  expect(saved.text).toContain('It closed dialog "Edit profile".');
  const remove = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Delete account"') });
  // What it says besides its name and its buttons.
  expect(remove.text).toMatch(/It opened alertdialog "Delete account\?" \[ref=e\d+\]:\n- text: This cannot be undone\.\n- button "Delete" \[ref=e\d+\]\n- button "Keep"/);
  // A click that opens nothing lists nothing; closing one is no opening.
  const kept = await agent.server.ok('browser_click', { ref: refOf(remove.text, 'button "Keep"') });
  expect(kept.text).not.toContain('It opened');
  expect(kept.text).toContain('It closed alertdialog "Delete account?".');
  // A focus trap's parts are not listed: sentinels of no size, a focusable box around the content (Ant Design's).
  // The controls of one zooming in are.
  const trap = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Archive"') });
  expect(trap.text).toMatch(/It opened dialog "Archive all\?" \[ref=e\d+\]:\n- button "Archive" \[ref=e\d+\]$/);
  // One that zooms in is reported once it has come in: a snapshot right after gives its controls refs.
  const rename = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Rename"') });
  expect(rename.text).toMatch(/It opened dialog "Rename" \[ref=e\d+\]:\n- button "Save name" \[ref=e\d+\]$/);
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/button "Save name" \[ref=e\d+\]/);
  // One that fades in, as transition components do: added transparent, its fade begun a frame later.
  const help = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Help"') });
  expect(help.text).toMatch(/It opened dialog "Help" \[ref=e\d+\]:\n- link "FAQ" \[ref=e\d+\]\n- button "Close" \[ref=e\d+\]/);
  const calendar = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Pick a date"') });
  expect(calendar.text).toMatch(/It opened dialog "Choose Date" \[ref=e\d+\]:\n- text: March 2024\n- button "1" \[ref=e\d+\]\n- button "2" \[ref=e\d+\]/);
  const cart = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Cart"') });
  expect(cart.text).toMatch(/It opened dialog "Your cart" \[ref=e\d+\]:\n- button "Checkout" \[ref=e\d+\]$/);
  // Closed by a key: said too, with where focus went back to.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit profile"') });
  const escaped = await agent.server.ok('browser_press_key', { key: 'Escape' });
  expect(escaped.text).toBe(`Key: pressed Escape\nFocus: button "Edit profile" [ref=${refOf(snap, 'button "Edit profile"')}]\nIt closed dialog "Edit profile".`);
});

test('a click that expands an accordion, a <details>, a popover, a menu that names no popup, a context menu or a tab lists the controls it showed', async ({ agent }) => {
  const snap = await open(
    agent,
    '/disclose',
    `<button id="faq" aria-expanded="false" aria-controls="answer">Shipping</button>
     <div id="answer" hidden><a href="#rates">Rates</a> <a href="#zones">Zones</a></div>
     <details><summary>Advanced options</summary><label><input type="checkbox"> Debug mode</label></details>
     <button id="acts" aria-haspopup="true" onclick="actions.hidden = !actions.hidden">Actions</button>
     <ul id="actions" role="menu" tabindex="0" hidden><li><button>Rename</button></li><li><button>Archive</button></li></ul>
     <button popovertarget="share">Share</button><div popover id="share"><a href="#mail">By email</a></div>
     <button commandfor="more" command="toggle-popover">More</button><div popover id="more"><button>Print</button></div>
     <div id="file" tabindex="0">report.pdf</div><ul role="menu" id="ctx" hidden><li role="menuitem" tabindex="-1" onclick="ctx.hidden = true">Open with…</li></ul>
     <div role="tablist"><button role="tab" aria-selected="true" id="t1">Profile</button><button role="tab" aria-selected="false" id="t2">Billing</button></div>
     <div role="tabpanel" id="p1"><label>Name <input></label></div><div role="tabpanel" id="p2" hidden><label>Card <input></label></div>
     <script>file.oncontextmenu = (e) => { e.preventDefault(); ctx.hidden = false; };
       t2.onclick = () => { t2.setAttribute('aria-selected', 'true'); t1.setAttribute('aria-selected', 'false'); p1.hidden = true; p2.hidden = false; };
       faq.onclick = () => { const open = faq.getAttribute('aria-expanded') === 'true'; faq.setAttribute('aria-expanded', String(!open)); answer.hidden = open; };</script>`,
  );
  const faq = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Shipping"') });
  expect(faq.text).toMatch(/It showed:\n- link "Rates" \[ref=e\d+\]\n- link "Zones" \[ref=e\d+\]/);
  const details = await agent.server.ok('browser_click', { ref: refOf(snap, 'Advanced options') });
  expect(details.text).toMatch(/It showed:\n- checkbox "Debug mode" \[ref=e\d+\]/);
  await agent.server.ok('browser_check', { ref: refOf(details.text, 'checkbox "Debug mode"') });
  // aria-haspopup promises a menu without saying which element it is (no aria-controls): what became visible is listed.
  const actions = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Actions"') });
  expect(actions.text).toMatch(/It showed:\n- button "Rename" \[ref=e\d+\]\n- button "Archive" \[ref=e\d+\]/);
  // A popover (HTML's popovertarget, or commandfor): a menu in the top layer that no ARIA attribute announces.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Share"') })).text).toMatch(/It showed:\n- link "By email" \[ref=e\d+\]/);
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "More"') })).text).toMatch(/It showed:\n- button "Print" \[ref=e\d+\]/);
  // A right click opens the page's own context menu.
  const menu = await agent.server.ok('browser_click', { ref: refOf(snap, 'generic "report.pdf"'), button: 'right' });
  expect(menu.text).toMatch(/It showed:\n- menuitem "Open with…" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(menu.text, 'menuitem "Open with…"') });
  // A tab: its panel's fields.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'tab "Billing"') })).text).toMatch(/It showed:\n- textbox "Card" \[ref=e\d+\]$/);
  // Collapsing it shows nothing.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Shipping"') })).text).not.toContain('It showed');
});

test('a click that shows controls without a word of ARIA lists them too: an Edit button\'s inline form, a link\'s popover; one that only redraws lists nothing', async ({ agent }) => {
  const snap = await open(
    agent,
    '/inline-edit',
    `<p id="view"><span id="name">Ada</span> <button id="edit">Edit</button></p>
     <form id="form" hidden><input id="field" aria-label="Name"> <select><option>Admin</option><option>Editor</option></select>
       <button>Save</button> <button type="button">Cancel</button></form>
     <a href="#settings" id="gear">Settings</a><div id="menu" style="display: none"><label><input type="radio" name="t"> Light</label><label><input type="radio" name="t"> Dark</label></div>
     <ul id="list"><li>One <button>Delete</button></li><li>Two <button>Delete</button></li></ul><button id="sort">Sort</button>
     <table><tr><th id="by">Amount</th></tr><tbody id="rows"><tr><td><a href="#o1">Order 1</a></td></tr></tbody></table>
     <script>
       by.onclick = () => { rows.innerHTML = '<tr><td><a href="#o2">Order 2</a></td></tr><tr><td><a href="#o1">Order 1</a></td></tr>'; };
       edit.onclick = () => { view.hidden = true; form.hidden = false; form.querySelector('select').value = 'Editor'; };
       gear.onclick = (e) => { e.preventDefault(); menu.style.display = menu.style.display ? '' : 'none'; };
       sort.onclick = () => { list.innerHTML = '<li>Two <button>Delete</button></li><li>One <button>Delete</button></li>'; };
     </script>`,
  );
  // A drop-down with no name says what it holds, as in a snapshot: the chosen option, not all of them.
  const edit = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit"') });
  expect(edit.text).toMatch(/It showed:\n- textbox "Name" \[ref=e\d+\]\n- combobox \[ref=e\d+\]: Editor\n- button "Save" \[ref=e\d+\]\n- button "Cancel" \[ref=e\d+\]$/);
  await agent.server.ok('browser_fill', { ref: refOf(edit.text, 'textbox "Name"'), value: 'Grace' });
  const settings = await agent.server.ok('browser_click', { ref: refOf(snap, 'link "Settings"') });
  expect(settings.text).toMatch(/It showed:\n- radio "Light" \[ref=e\d+\]\n- radio "Dark" \[ref=e\d+\]$/);
  await agent.server.ok('browser_check', { ref: refOf(settings.text, 'radio "Dark"') });
  // The same buttons drawn anew in another order are no news; nor are a table's rows, sorted by a click on its header.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Sort"') })).text).not.toContain('It showed');
  expect((await agent.server.ok('browser_click', { selector: '#by' })).text).not.toContain('It showed');
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/link "Order 2"[^]*link "Order 1"/);
});

test('a click that expands a panel holding controls and text (Bootstrap\'s collapse, an accordion\'s item) says the text first, then lists the controls', async ({ agent }) => {
  const snap = await open(
    agent,
    '/collapse',
    `<style>.collapse:not(.show) { display: none }</style>
     <button id="toggle" aria-expanded="false" aria-controls="details">Toggle details</button>
     <div class="collapse" id="details"><div class="card">Shipping takes 3 to 5 days. <a href="#terms">Read the terms</a></div></div>
     <script>toggle.onclick = () => { details.classList.toggle('show'); toggle.setAttribute('aria-expanded', String(details.classList.contains('show'))); };</script>`,
  );
  const shown = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Toggle details"') });
  expect(shown.text).toMatch(/It showed:\n- text: Shipping takes 3 to 5 days\.\n- link "Read the terms" \[ref=e\d+\]$/);
});

test('a click that only colours the box around a hidden field (a form turning its fields red) lists nothing as shown; one that fades a field in does', async ({ agent }) => {
  const snap = await open(
    agent,
    '/coloured',
    `<div id="zone" style="transition: box-shadow .5s, opacity .5s"><span style="opacity: 0"><input role="combobox" aria-label="Zone" aria-expanded="false"></span> Pick a zone</div>
     <div id="more" style="opacity: 0; transition: opacity .5s"><input aria-label="Promo code"></div>
     <button id="check">Check</button> <button id="open">More</button>
     <script>
       // As Element Plus's select turns red once its form is checked: its search input stays hidden.
       check.onclick = () => { zone.style.boxShadow = '0 0 0 1px red'; };
       document.getElementById('open').onclick = () => { document.getElementById('more').style.opacity = '1'; };
     </script>`,
  );
  const checked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Check"') });
  expect(checked.text).toBe('Clicked <button id="check">Check</button>');
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "More"') });
  expect(opened.text).toMatch(/It showed:\n- textbox "Promo code" \[ref=e\d+\]/);
});
