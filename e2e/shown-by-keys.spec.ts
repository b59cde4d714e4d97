import { openPage as open, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * What typed text and pressed keys show, listed with refs as a click's report
 * lists what it showed: an autocomplete whose field names no popup (jQuery
 * UI's), a grid's filter opened by a key, a calendar a field shows; and how a
 * click or a key on a column header sorted it. Clicks: shown-by-clicks.spec.ts and choices.spec.ts;
 * suggestions of a combobox that names its popup: choices.spec.ts.
 */

const CITIES = `<label for="city">City</label> <input id="city" autocomplete="off"> <label>Notes <input id="notes"></label>
  <label>Search <input id="q"></label> <button type="button" id="clear" hidden>Clear</button>
  <ul id="menu" style="display: none"></ul><p id="chosen"></p>
  <script>
    const cities = ['Paris', 'Parma', 'Porto', 'Berlin'];
    let debounce;
    // jQuery UI's autocomplete: a list drawn a moment after the keys, which nothing on the field points to.
    city.addEventListener('input', () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        const found = cities.filter((c) => city.value && c.startsWith(city.value));
        menu.replaceChildren(...found.map((c) => {
          const li = document.createElement('li');
          li.innerHTML = '<div tabindex="-1"></div>';
          li.firstChild.textContent = c;
          li.firstChild.onclick = () => { city.value = c; chosen.textContent = 'Chose ' + c; menu.style.display = 'none'; };
          return li;
        }));
        menu.style.display = found.length ? '' : 'none';
      }, 100);
    });
    q.addEventListener('input', () => { clear.hidden = !q.value; });
  </script>`;

test('text typed into an autocomplete that names no popup lists the items it showed, with refs; a plain field lists nothing', async ({ agent }) => {
  const snap = await open(agent, '/cities', CITIES);
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "City"'), text: 'Pa' });
  expect(typed.text).toMatch(/It showed:\n- generic \[ref=e\d+\]: Paris\n- generic \[ref=e\d+\]: Parma$/);
  // Typed on: only what is new since, not the list it replaced.
  const filled = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "City"'), value: 'Po' });
  expect(filled.text).toMatch(/It showed:\n- generic \[ref=e\d+\]: Porto$/);
  await agent.server.ok('browser_click', { ref: refOf(filled.text, /generic \[ref=e\d+\]: Porto/) });
  expect(await pageText(agent, '/cities', '#chosen')).toBe('Chose Porto');
  expect((await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Notes"'), text: 'ring first' })).text).not.toContain('It showed');
  // A button a field shows once it holds text.
  expect((await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Search"'), value: 'shoes' })).text).toMatch(/It showed:\n- button "Clear" \[ref=e\d+\]$/);
});

test('a key that opens a popup lists what it shows, but for the element the focus went to; a key that shows nothing lists nothing', async ({ agent }) => {
  const snap = await open(
    agent,
    '/grid-filter',
    `<table role="grid"><tr><th id="price" tabindex="-1"><span style="cursor: pointer" onclick="">Price</span></th></tr><tr><td>12</td></tr></table>
     <div id="popup" hidden><div tabindex="0"></div><label>Minimum <input id="min"></label> <button>Apply</button> <button>Reset</button><div tabindex="0"></div></div>
     <a href="#main" id="skip" style="position: absolute; left: -999px">Skip to content</a><main id="main"><button>Buy</button></main>
     <style>#skip:focus { left: 0; }</style>
     <script>
       // AG Grid's header: Control+Enter opens its filter, held between a focus trap's empty guards, and puts the focus in it.
       // The ref is its label's, which takes no focus: the header around it does, as a click there gives it.
       price.addEventListener('keydown', (e) => {
         if (e.key === 'Enter' && e.ctrlKey) { popup.hidden = false; min.focus(); }
         if (e.key === 'Escape') popup.hidden = true;
       });
     </script>`,
  );
  const opened = await agent.server.ok('browser_press_key', { key: 'Control+Enter', ref: refOf(snap, 'generic "Price"') });
  expect(opened.text).toContain('which takes no focus: <th id="price">Price</th> around it has it');
  expect(opened.text).toMatch(/Focus: textbox "Minimum" \[ref=e\d+\]/);
  expect(opened.text).toMatch(/It showed:\n- button "Apply" \[ref=e\d+\]\n- button "Reset" \[ref=e\d+\]$/);
  expect((await agent.server.ok('browser_press_key', { key: 'Escape' })).text).not.toContain('It showed');
  // A skip link shown as the focus comes to it: the report's focus line names it, once.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Buy"') });
  const tab = await agent.server.ok('browser_press_key', { key: 'Shift+Tab' });
  expect(tab.text).toMatch(/Focus: link "Skip to content" \[ref=e\d+\]/);
  expect(tab.text).not.toContain('It showed');
});

test('a calendar shown by a click lists its days, though they sit in a table (a table shown before lists nothing when redrawn: shown-by-clicks.spec.ts)', async ({ agent }) => {
  const snap = await open(
    agent,
    '/date-picker',
    `<label>Date <input id="date"></label>
     <div id="picker" hidden><table><tr><td><a href="#1">1</a></td><td><a href="#2">2</a></td><td><a href="#3">3</a></td></tr></table></div>
     <table><tr><td><a href="#order-1">Order 1</a></td></tr></table>
     <script>
       date.onclick = () => { picker.hidden = false; };
       for (const day of picker.querySelectorAll('a')) day.onclick = (e) => { e.preventDefault(); date.value = '2026-12-0' + day.textContent; picker.hidden = true; };
     </script>`,
  );
  const shown = await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Date"') });
  expect(shown.text).toMatch(/It showed:\n- link "1" \[ref=e\d+\]\n- link "2" \[ref=e\d+\]\n- link "3" \[ref=e\d+\]$/);
  await agent.server.ok('browser_click', { ref: refOf(shown.text, 'link "2"') });
  expect((await agent.server.ok('browser_get', { what: 'value', ref: refOf(snap, 'textbox "Date"') })).text).toBe('2026-12-02');
});

test('a click or a key on a column header says how it sorts now, read once the grid has marked it; the snapshot prints the sort', async ({ agent }) => {
  const snap = await open(
    agent,
    '/sortable',
    `<table><thead><tr><th id="amount" tabindex="0" aria-sort="none">Amount</th><th tabindex="0">Customer</th></tr></thead>
     <tbody id="rows"><tr><td>30</td><td>Ada</td></tr><tr><td>10</td><td>Grace</td></tr></tbody></table>
     <script>
       const ways = ['none', 'ascending', 'descending'];
       const sort = () => {
         // AG Grid's way: the rows first, the header's mark a moment later.
         const next = ways[(ways.indexOf(amount.getAttribute('aria-sort')) + 1) % 3];
         setTimeout(() => amount.setAttribute('aria-sort', next), 20);
       };
       amount.onclick = sort;
       amount.onkeydown = (e) => { if (e.key === 'Enter') sort(); };
     </script>`,
  );
  const header = refOf(snap, 'columnheader "Amount"');
  expect((await agent.server.ok('browser_click', { ref: header })).text).toContain('It is now sorted ascending.');
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/columnheader "Amount" \[active\] \[sort=ascending\] \[ref=e\d+\]/);
  expect((await agent.server.ok('browser_press_key', { key: 'Enter', ref: header })).text).toContain('It is now sorted descending.');
  expect((await agent.server.ok('browser_click', { ref: header })).text).toContain('It is now not sorted.');
  // A click on the header that changes nothing says nothing of a sort.
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'columnheader "Customer"') })).text).not.toContain('sorted');
});
