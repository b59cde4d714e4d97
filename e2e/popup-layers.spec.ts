import { openPage as open, pageAt, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * What a popup that shuts off the rest of the page does to actions outside
 * it (Radix's menus and selects, Headless UI's: shadcn/ui's), what a
 * disclosure's click says of the panel it opened, and what a field's
 * announcements say as text is typed (react-select's). The pages imitate the
 * libraries' markup and behaviour; the libraries themselves are not in the repo.
 */

// Radix's DropdownMenu: while open, <body> takes no pointer events and the focus is in the menu,
// whose items include a checkbox item; an outside press closes it, Escape too.
const RADIX_MENU = `<button id="trigger" aria-haspopup="menu" aria-expanded="false" aria-controls="options">Options</button> <button id="save">Save</button>
  <p id="out">nothing</p>
  <script>
    let menu = null;
    const close = () => { menu?.remove(); menu = null; document.body.style.pointerEvents = ''; trigger.setAttribute('aria-expanded', 'false'); trigger.focus(); };
    trigger.onclick = () => {
      menu = document.createElement('div');
      menu.id = 'options';
      menu.setAttribute('role', 'menu');
      menu.setAttribute('aria-label', 'Options');
      menu.style.pointerEvents = 'auto';
      menu.innerHTML = '<div role="menuitem" tabindex="-1">New tab</div><div role="menuitemcheckbox" aria-checked="false" tabindex="-1">Show bookmarks</div>';
      menu.onclick = (e) => { out.textContent = e.target.textContent; close(); };
      document.body.append(menu);
      document.body.style.pointerEvents = 'none';
      trigger.setAttribute('aria-expanded', 'true');
      menu.firstChild.focus();
    };
    document.addEventListener('pointerdown', (e) => { if (menu && !menu.contains(e.target)) close(); });
    document.addEventListener('keydown', (e) => { if (menu && e.key === 'Escape') close(); });
    save.onclick = () => { out.textContent = 'saved'; };
  </script>`;

test('a click outside an open menu that shut off the page fails at once, says to press Escape, and works once it is closed; its checkbox items are listed, and its closing said', async ({ agent }) => {
  const snap = await open(agent, '/radix-menu', RADIX_MENU);
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Options"') });
  expect(opened.text).toMatch(/It opened menu "Options" \[ref=e\d+\]:\n- menuitem "New tab" \[ref=e\d+\]\n- menuitemcheckbox "Show bookmarks" \[ref=e\d+\]/);
  const started = Date.now();
  const blocked = await agent.server.call('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(blocked.isError).toBe(true);
  expect(blocked.text).toMatch(/takes no clicks while <div id="options" role="menu"[^>]*>.* is open: the page set pointer-events: none on <body> until it closes.*Press Escape/);
  // Refused, not waited for: the menu stays until answered (the 30 s action wait would be the alternative).
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(await pageText(agent, '/radix-menu', '#out')).toBe('nothing');
  // Closed by a key or by the item chosen: said, as a dialog's closing is.
  expect((await agent.server.ok('browser_press_key', { key: 'Escape' })).text).toContain('It closed menu "Options".');
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(await pageText(agent, '/radix-menu', '#out')).toBe('saved');
  const reopened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Options"') });
  const chosen = await agent.server.ok('browser_click', { ref: refOf(reopened.text, 'menuitem "New tab"') });
  expect(chosen.text).toContain('It closed menu "Options".');
  expect(await pageText(agent, '/radix-menu', '#out')).toBe('New tab');
});

// Headless UI's Combobox: while its list is open everything else is inert. react-select's field is drawn
// transparent while it holds the choice just made, and again as the focus leaves.
const INERT_COMBOBOX = `<input id="who" role="combobox" aria-label="Assignee" aria-expanded="false" aria-controls="list" autocomplete="off">
  <div id="list" role="listbox" hidden><div role="option" id="ada">Ada</div><div role="option">Alan</div></div>
  <section id="rest"><button id="reviewer">Reviewer</button> <input id="fruit" aria-label="Fruit" style="opacity: 0"></section>
  <p id="out">nothing</p>
  <script>
    const show = (open) => { list.hidden = !open; who.setAttribute('aria-expanded', String(open)); rest.inert = open; };
    who.oninput = () => show(who.value.length > 0);
    ada.onclick = () => { who.value = 'Ada'; show(false); };
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') show(false); });
    reviewer.onclick = () => { out.textContent = 'reviewer'; };
    fruit.onblur = () => { fruit.style.opacity = 1; };
  </script>`;

test('a click on what an open combobox made inert says so at once; a field focused before the click is not news when it shows again', async ({ agent }) => {
  const snap = await open(agent, '/inert-combobox', INERT_COMBOBOX);
  await agent.server.ok('browser_type', { ref: refOf(snap, 'combobox "Assignee"'), text: 'a' });
  const blocked = await agent.server.call('browser_click', { ref: refOf(snap, 'button "Reviewer"') });
  expect(blocked.isError).toBe(true);
  expect(blocked.text).toContain('takes no clicks while the list of <input id="who" role="combobox" aria-label="Assignee"> is open: the page made it inert until it closes');
  await agent.server.ok('browser_press_key', { key: 'Escape' });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Reviewer"') });
  expect(await pageText(agent, '/inert-combobox', '#out')).toBe('reviewer');
  // The transparent field, focused (the snapshot lists it while it has the focus), then left for another.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Fruit"') });
  const left = await agent.server.ok('browser_click', { ref: refOf(snap, 'combobox "Assignee"') });
  expect(left.text).not.toContain('It showed');
});

const DISCLOSURES = `<button id="faq" aria-expanded="false" aria-controls="answer">Is team pricing available?</button>
  <div id="answer" hidden>Yes! You can purchase a license for your whole team.</div>
  <details><summary>Shipping</summary>Ships in <b>two</b> days.</details>
  <button id="more" aria-expanded="false" aria-controls="extra">More options</button>
  <div id="extra" hidden><label>Coupon <input></label></div>
  <div role="tablist"><button role="tab" id="t1" aria-selected="true" aria-controls="p1">Gallery</button><button role="tab" id="t2" aria-selected="false" aria-controls="p2">Messages</button></div>
  <div role="tabpanel" id="p1">Gallery tab content</div><div role="tabpanel" id="p2" hidden tabindex="0">You have no messages.</div>
  <div><h3><button id="returns" aria-expanded="false">Returns</button></h3><div id="policy" hidden><div role="region">Free within 30 days.</div></div></div>
  <script>
    // As MUI's Accordion: no aria-controls unless the page gives it an id; its panel comes after the heading.
    returns.onclick = () => { policy.hidden = !policy.hidden; returns.setAttribute('aria-expanded', String(!policy.hidden)); };
    for (const tab of [t1, t2]) tab.onclick = () => {
      for (const other of [t1, t2]) { other.setAttribute('aria-selected', String(other === tab)); document.getElementById(other.getAttribute('aria-controls')).hidden = other !== tab; }
    };
    for (const [button, panel] of [[faq, answer], [more, extra]]) {
      button.onclick = () => { panel.hidden = !panel.hidden; button.setAttribute('aria-expanded', String(!panel.hidden)); };
    }
  </script>`;

test('a click on a disclosure says it expanded and what its panel of text says, and that it collapsed; a tab says what its panel of text says', async ({ agent }) => {
  const snap = await open(agent, '/disclosures', DISCLOSURES);
  const faq = refOf(snap, 'button "Is team pricing available?"');
  const expanded = await agent.server.ok('browser_click', { ref: faq });
  expect(expanded.text).toContain('It is now expanded.\nIt showed:\n- text: Yes! You can purchase a license for your whole team.');
  expect((await agent.server.ok('browser_click', { ref: faq })).text).toContain('It is now collapsed.');
  const details = await agent.server.ok('browser_click', { ref: refOf(snap, 'Shipping') });
  expect(details.text).toContain('It is now expanded.\nIt showed:\n- text: Ships in two days.');
  const unnamed = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Returns"') });
  expect(unnamed.text).toContain('It is now expanded.\nIt showed:\n- text: Free within 30 days.');
  // Controls shown are listed, and say enough.
  const more = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "More options"') });
  expect(more.text).toMatch(/It showed:\n- textbox "Coupon" \[ref=e\d+\]/);
  expect(more.text).not.toContain('It is now expanded');
  // A tab's panel of text alone, once the tab is selected; nothing when it already was.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'tab "Messages"') })).text).toContain('It showed:\n- text: You have no messages.');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'tab "Messages"') })).text).not.toContain('It showed');
});

// react-select's live region: rewritten whole on each key ("1 result available for search term c").
const SEARCH = `<input id="q" aria-label="Fruit" autocomplete="off"><span role="log" aria-live="polite" id="live"></span>
  <script>
    const fruits = ['Apple', 'Cherry', 'Grape'];
    q.oninput = () => {
      const n = fruits.filter((f) => f.toLowerCase().includes(q.value.toLowerCase())).length;
      live.textContent = n + ' results available for search term ' + q.value + '.';
    };
  </script>`;

test('what a region said and rewrote while text was typed is told once, as it ends', async ({ agent }) => {
  const snap = await open(agent, '/search-live', SEARCH);
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Fruit"'), text: 'ap' });
  expect(typed.text).toContain('The page announced (log): "2 results available for search term ap."');
  expect(typed.text).not.toContain('search term a.');
});

// react-datepicker: a dialog of days in a grid, all but the focused one out of the Tab order (tabindex -1).
const DATE_PICKER = `<label for="start">Start date</label> <input id="start" autocomplete="off"><div id="picker"></div>
  <script>
    start.onclick = () => {
      if (picker.firstChild) return;
      const days = Array.from({ length: 30 }, (_, i) => '<div role="gridcell" tabindex="' + (i === 14 ? 0 : -1) + '" aria-label="Choose November ' + (i + 1) + '">' + (i + 1) + '</div>');
      picker.innerHTML = '<div role="dialog" aria-label="Choose Date"><button>Previous Month</button><div role="grid"><div role="row">' + days.join('') + '</div></div></div>';
      picker.querySelector('[role=grid]').onclick = (e) => { start.value = '11/' + e.target.textContent + '/2026'; picker.replaceChildren(); };
    };
  </script>`;

test('a date picker\'s dialog lists its days, those out of the Tab order too, and says how many more there are', async ({ agent }) => {
  const snap = await open(agent, '/date-picker', DATE_PICKER);
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Start date"') });
  expect(opened.text).toMatch(/It opened dialog "Choose Date" \[ref=e\d+\]:\n- button "Previous Month" \[ref=e\d+\]\n- gridcell "Choose November 1" \[ref=e\d+\]\n- gridcell "Choose November 2" \[ref=e\d+\]\n(- .*\n){7}- … 21 more$/);
  await agent.server.ok('browser_click', { ref: refOf(opened.text, 'gridcell "Choose November 3"') });
  expect(await (await pageAt(agent.browser.context, '/date-picker')).inputValue('#start')).toBe('11/3/2026');
});

// Radix's Select, open, takes the focus back from anything outside.
const KEYED_POPUPS = `<button id="reviewer" aria-haspopup="listbox" aria-expanded="false" aria-controls="people">Durward</button>
  <div id="people" role="listbox" hidden><div role="option" tabindex="-1">Durward</div><div role="option" tabindex="-1">Kenton</div></div>
  <button id="theme" aria-haspopup="listbox" aria-expanded="false" aria-controls="themes">Theme</button>
  <div id="themes" role="listbox" hidden><div role="option" tabindex="-1" id="light">Light</div><div role="option" tabindex="-1">Dark</div></div>
  <label>Name <input id="name"></label><p id="out"></p>
  <script>
    reviewer.onkeydown = (e) => {
      if (e.key !== 'ArrowDown') return;
      e.preventDefault();
      requestAnimationFrame(() => requestAnimationFrame(() => { people.hidden = false; reviewer.setAttribute('aria-expanded', 'true'); people.firstChild.focus(); }));
    };
    theme.onclick = () => { themes.hidden = false; theme.setAttribute('aria-expanded', 'true'); light.focus(); };
    document.addEventListener('focusin', (e) => { if (!themes.hidden && !themes.contains(e.target)) light.focus(); });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !themes.hidden) { themes.hidden = true; theme.setAttribute('aria-expanded', 'false'); theme.focus(); }
      if (e.key === 'Enter' && themes.contains(e.target)) out.textContent = 'chose ' + e.target.textContent;
    });
  </script>`;

test('a key or text for an element the focus cannot reach, as an open popup holds it, is refused: it would go to the popup', async ({ agent }) => {
  const snap = await open(agent, '/keyed-popups', KEYED_POPUPS);
  const opened = await agent.server.ok('browser_press_key', { key: 'ArrowDown', ref: refOf(snap, 'button "Durward"') });
  expect(opened.text).toMatch(/It showed:\n- option "Kenton" \[ref=e\d+\]/);
  await agent.server.ok('browser_press_key', { key: 'Escape' });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Theme"') });
  const refused = await agent.server.call('browser_press_key', { key: 'Enter', ref: refOf(snap, 'button "Durward"') });
  expect(refused.isError).toBe(true);
  expect(refused.text).toContain('<button id="reviewer">Durward</button> could not take the focus: the open <div id="themes" role="listbox">Light Dark</div> holds it, and the keys would go there. Press Escape');
  expect(await pageText(agent, '/keyed-popups', '#out')).toBe('');
  // Text typed would go there too.
  const typed = await agent.server.call('browser_type', { ref: refOf(snap, 'textbox "Name"'), text: 'Ada' });
  expect(typed.isError).toBe(true);
  expect(typed.text).toContain('<input id="name"> named "Name" could not take the focus: the open <div id="themes" role="listbox">Light Dark</div> holds it');
  await agent.server.ok('browser_press_key', { key: 'Escape' });
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Name"'), text: 'Ada' });
  expect(await (await pageAt(agent.browser.context, '/keyed-popups')).inputValue('#name')).toBe('Ada');
});

// MUI's Menu: the id the button's aria-controls names is on the Popover around the menu, not the menu.
const WRAPPED_MENU = `<button id="dash" aria-haspopup="true">Dashboard</button>
  <div id="pop" role="presentation" hidden><ul role="menu"><li role="menuitem" tabindex="0">Profile</li><li role="menuitem" tabindex="-1">Logout</li></ul></div>
  <script>
    const show = (open) => {
      pop.hidden = !open;
      if (open) { dash.setAttribute('aria-expanded', 'true'); dash.setAttribute('aria-controls', 'pop'); pop.querySelector('li').focus(); }
      else { dash.removeAttribute('aria-expanded'); dash.removeAttribute('aria-controls'); dash.focus(); }
    };
    dash.onclick = () => show(true);
    pop.onclick = () => show(false);
    pop.onkeydown = (e) => e.key === 'Escape' && show(false);
  </script>`;

test('a menu closed is said when the button names a box around it, and drops its aria-expanded', async ({ agent }) => {
  const snap = await open(agent, '/wrapped-menu', WRAPPED_MENU);
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Dashboard"') });
  expect(opened.text).toMatch(/It opened menu \[ref=e\d+\]:\n- menuitem "Profile" \[ref=e\d+\]/);
  const chosen = await agent.server.ok('browser_click', { ref: refOf(opened.text, 'menuitem "Profile"') });
  expect(chosen.text).toContain('It closed menu.');
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Dashboard"') });
  expect((await agent.server.ok('browser_press_key', { key: 'Escape' })).text).toContain('It closed menu.');
});

// Naive UI's Select: no roles at all; its menu a focusable box of items a pointer cursor marks.
const ROLELESS_MENU = `<div id="pick" style="cursor:pointer;width:200px">Pick a fruit</div>
  <div id="menu" tabindex="0" hidden>${['Apple', 'Banana', 'Cherry'].map((f) => `<div class="option" style="cursor:pointer"><div>${f}</div></div>`).join('')}<button type="button">Clear</button></div>
  <script>
    pick.onclick = () => { menu.hidden = false; };
    menu.onclick = (e) => { pick.textContent = e.target.textContent; menu.hidden = true; };
  </script>`;

test('what a click shows in a focusable box of items that say nothing in ARIA is listed item by item, with refs that pick them', async ({ agent }) => {
  const snap = await open(agent, '/roleless-menu', ROLELESS_MENU);
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'Pick a fruit') });
  // Also with a control of its own in the box (a date picker's panel of days and its Today button).
  expect(opened.text).toMatch(/It showed:\n- generic \[ref=e\d+\]: Apple\n- generic \[ref=e\d+\]: Banana\n- generic \[ref=e\d+\]: Cherry\n- button "Clear" \[ref=e\d+\]$/);
  await agent.server.ok('browser_click', { ref: refOf(opened.text, ': Banana') });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('"Banana"');
});

// React Aria's Select: its list box drawn in a popover of role dialog, named by the field's label.
const ARIA_SELECT = `<span id="pet-label">Pet</span>
  <button id="pet" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="pet-label pet">Choose</button>
  <script>
    let popover = null;
    pet.onclick = () => {
      popover = document.createElement('div');
      popover.setAttribute('role', 'dialog');
      popover.setAttribute('aria-labelledby', 'pet-label');
      popover.innerHTML = '<div role="listbox" aria-labelledby="pet-label"><div role="option" tabindex="-1">Cat</div><div role="option" tabindex="-1">Dog</div></div>';
      popover.onclick = (e) => { pet.textContent = e.target.textContent; popover.remove(); popover = null; pet.setAttribute('aria-expanded', 'false'); pet.focus(); };
      document.body.append(popover);
      pet.setAttribute('aria-expanded', 'true');
      popover.querySelector('[role=option]').focus();
    };
  </script>`;

test('a dialog that holds only a list box to pick from (React Aria\'s Select popover) opens and closes as that list box', async ({ agent }) => {
  const snap = await open(agent, '/aria-select', ARIA_SELECT);
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Pet Choose"') });
  expect(opened.text).toMatch(/It opened listbox "Pet" \[ref=e\d+\]:\n- option "Cat" \[ref=e\d+\]\n- option "Dog" \[ref=e\d+\]/);
  const picked = await agent.server.ok('browser_click', { ref: refOf(opened.text, 'option "Dog"') });
  expect(picked.text).toContain('It closed listbox "Pet".');
  expect(picked.text).not.toContain('dialog');
});
