import { openPage as open, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * browser_select_option on drop-downs made of divs, as design systems and
 * libraries draw them (Select2, Choices, Tom Select, Ant Design): opened and
 * clicked as a person does, several values where the list takes them, and
 * closed again. Native drop-downs: choices.spec.ts.
 */

test('a custom drop-down (a design system Select): select_option opens it and clicks the option', async ({ agent }) => {
  const snap = await open(
    agent,
    '/custom-select',
    `<span id="lbl">Color</span>
     <button id="trigger" role="combobox" aria-labelledby="lbl" aria-haspopup="listbox" aria-expanded="false">Choose…</button>
     <div role="listbox" aria-label="Sizes"><div role="option" aria-selected="false">Small</div><div role="option" aria-selected="false">Large</div></div>
     <script>
       // As design systems do: the list is rendered into <body> when opened (a portal), a moment after the click.
       const trigger = document.getElementById('trigger');
       trigger.addEventListener('click', () => setTimeout(() => {
         const list = document.createElement('ul');
         list.id = 'color-list';
         list.setAttribute('role', 'listbox');
         for (const c of ['Red', 'Green', 'Blue']) {
           const li = document.createElement('li');
           li.setAttribute('role', 'option');
           li.textContent = c;
           li.addEventListener('click', () => { trigger.textContent = c; list.remove(); trigger.setAttribute('aria-expanded', 'false'); trigger.removeAttribute('aria-controls'); });
           list.append(li);
         }
         document.body.append(list);
         trigger.setAttribute('aria-controls', 'color-list');
         trigger.setAttribute('aria-expanded', 'true');
       }, 100));
       for (const o of document.querySelectorAll('[aria-label=Sizes] [role=option]')) o.addEventListener('click', () => o.setAttribute('aria-selected', 'true'));
     </script>`,
  );
  const color = refOf(snap, 'combobox "Color"');
  const picked = await agent.server.ok('browser_select_option', { ref: color, values: ['green'] });
  expect(picked.text).toMatch(/→ opened it and clicked option "Green" \[ref=e\d+\]/);
  expect(await pageText(agent, '/custom-select', '#trigger')).toBe('Green');
  // A list on screen: its options are clicked.
  await agent.server.ok('browser_select_option', { ref: refOf(snap, 'listbox "Sizes"'), values: ['Large'] });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('option "Large" [selected]');
  const missing = await agent.server.call('browser_select_option', { ref: color, values: ['Purple'] });
  expect(missing.text).toContain('has no option "Purple". Shown: "Red", "Green", "Blue".');
  const two = await agent.server.call('browser_select_option', { ref: color, values: ['Red', 'Blue'] });
  expect(two.text).toContain('pick one value per call');
});

test('a custom multiple select that closes on each pick (Select2\'s): select_option opens it for each value, and leaves one already selected as it is', async ({ agent }) => {
  const snap = await open(
    agent,
    '/custom-multiple',
    `<span id="lbl">Tags</span> <span id="chips"></span>
     <span id="box" role="combobox" tabindex="0" aria-labelledby="lbl" aria-expanded="false" style="display:inline-block;min-width:120px;border:1px solid">&nbsp;</span>
     <script>
       const box = document.getElementById('box');
       const chosen = new Set();
       box.addEventListener('click', () => {
         if (document.getElementById('tag-list')) return;
         const list = document.createElement('ul');
         list.id = 'tag-list';
         list.setAttribute('role', 'listbox');
         list.setAttribute('aria-multiselectable', 'true');
         for (const tag of ['Red', 'Green', 'Blue']) {
           const li = document.createElement('li');
           li.setAttribute('role', 'option');
           li.setAttribute('aria-selected', String(chosen.has(tag)));
           li.textContent = tag;
           // A click on a selected option unselects it; either way the list closes.
           li.addEventListener('click', () => {
             if (chosen.has(tag)) chosen.delete(tag); else chosen.add(tag);
             document.getElementById('chips').textContent = [...chosen].join(',');
             list.remove();
             box.setAttribute('aria-expanded', 'false');
           });
           list.append(li);
         }
         document.body.append(list);
         box.setAttribute('aria-controls', 'tag-list');
         box.setAttribute('aria-expanded', 'true');
       });
     </script>`,
  );
  const tags = refOf(snap, 'combobox "Tags"');
  const two = await agent.server.ok('browser_select_option', { ref: tags, values: ['Green', 'Blue'] });
  expect(two.text).toMatch(/→ opened it and clicked option "Green" \[ref=e\d+\], then opened it and clicked option "Blue" \[ref=e\d+\]/);
  expect(await pageText(agent, '/custom-multiple', '#chips')).toBe('Green,Blue');
  const again = await agent.server.ok('browser_select_option', { ref: tags, values: ['Blue', 'Red'] });
  expect(again.text).toMatch(/→ opened it and left option "Blue" \[ref=e\d+\] selected, as it was, then clicked option "Red" \[ref=e\d+\]/);
  expect(await pageText(agent, '/custom-multiple', '#chips')).toBe('Green,Blue,Red');
});

test('a <select> a library hid and draws its own drop-down for (Choices, Tom Select): left out of the snapshot, and select_option on it works the drawn one', async ({ agent }) => {
  const snap = await open(
    agent,
    '/drawn-selects',
    `<label for="fruit">Fruit</label>
     <div id="choices" role="combobox" tabindex="0" style="border:1px solid;width:200px">
       <select id="fruit" tabindex="-1" style="position:absolute;opacity:0"><option value="">Choose</option><option>Apple</option><option>Banana</option></select>
       <div role="listbox"><div role="option" aria-selected="true" id="fruit-shown">Choose</div></div>
       <div role="listbox" id="fruit-drop" hidden></div>
     </div>
     <label for="city-field">City</label>
     <select id="city" tabindex="-1" style="position:absolute;clip:rect(0,0,0,0);width:1px;height:1px"><option value="">Pick</option><option value="par">Paris</option><option value="ber">Berlin</option></select>
     <div id="control" style="cursor:pointer;border:1px solid;width:200px;height:24px"><span id="city-shown"></span><input id="city-field" role="combobox" aria-controls="city-list" aria-expanded="false"></div>
     <ul id="city-list" role="listbox" hidden></ul>
     <p id="out"></p>
     <script>
       const out = (text) => { document.getElementById('out').textContent = text; };
       // As Choices does: its list is inside the combobox, named by no attribute.
       const fruit = document.getElementById('fruit');
       const drop = document.getElementById('fruit-drop');
       document.getElementById('choices').addEventListener('click', (event) => {
         const option = event.target.closest('#fruit-drop [role=option]');
         if (!option) {
           drop.innerHTML = [...fruit.options].slice(1).map((o) => '<div role="option">' + o.text + '</div>').join('');
           drop.hidden = false;
           return;
         }
         fruit.value = option.textContent;
         document.getElementById('fruit-shown').textContent = option.textContent;
         drop.hidden = true;
         out('fruit:' + fruit.value);
       });
       // As Tom Select does: once it shows a choice, its field is moved out of sight inside the box it draws.
       const [city, field, list] = ['city', 'city-field', 'city-list'].map((id) => document.getElementById(id));
       document.getElementById('control').addEventListener('click', () => {
         list.innerHTML = [...city.options].slice(1).map((o) => '<li role="option" data-value="' + o.value + '">' + o.text + '</li>').join('');
         list.hidden = false;
         field.setAttribute('aria-expanded', 'true');
       });
       list.addEventListener('click', (event) => {
         const option = event.target.closest('[role=option]');
         city.value = option.dataset.value;
         document.getElementById('city-shown').textContent = option.textContent;
         field.style.cssText = 'position:absolute;left:-10000px';
         list.hidden = true;
         field.setAttribute('aria-expanded', 'false');
         out('city:' + city.value);
       });
     </script>`,
  );
  // The hidden <select>s' own options are not listed: the drawn drop-downs are the controls.
  expect(snap).not.toContain('option "Apple"');
  expect(snap).not.toContain('option "Paris"');
  const fruit = await agent.server.ok('browser_select_option', { selector: '#fruit', values: ['Banana'] });
  expect(fruit.text).toMatch(/drawn by the page as <div id="choices" role="combobox">.* → opened it and clicked option "Banana" \[ref=e\d+\]/);
  expect(await pageText(agent, '/drawn-selects', '#out')).toBe('fruit:Banana');
  await agent.server.ok('browser_select_option', { selector: '#city', values: ['Paris'] });
  expect(await pageText(agent, '/drawn-selects', '#out')).toBe('city:par');
  // The field is out of sight now: the box around it is clicked to open the list.
  const again = await agent.server.ok('browser_select_option', { selector: '#city', values: ['Berlin'] });
  expect(again.text).toMatch(/→ opened it and clicked option "Berlin"/);
  expect(await pageText(agent, '/drawn-selects', '#out')).toBe('city:ber');
  // A miss lists the options.
  const missing = await agent.server.call('browser_select_option', { selector: '#city', values: ['Madrid'] });
  expect(missing.text).toContain('has no option "Madrid". Shown: "Paris", "Berlin".');
});

test('a drop-down whose named list is kept for screen readers and whose options are drawn elsewhere (Ant Design\'s Select): select_option picks several, leaves one chosen as it is, and a click on the choice shown over the field opens it', async ({ agent }) => {
  const snap = await open(
    agent,
    '/drawn-options',
    `<span id="lbl">Tags</span>
     <div id="selector" style="position:relative;width:240px;height:28px;border:1px solid">
       <span style="position:absolute;inset:0 8px"><input id="tags" role="combobox" aria-labelledby="lbl" aria-controls="tags-a11y" aria-expanded="false" style="width:100%;border:0;opacity:0"></span>
       <span id="chosen" style="position:absolute;inset:0 8px;background:#fff"></span>
     </div>
     <div style="width:0;height:0;overflow:hidden"><div id="tags-a11y" role="listbox"><div role="option" aria-selected="false">a</div><div role="option" aria-selected="false">b</div></div></div>
     <div id="drop" hidden style="border:1px solid;width:240px"></div>
     <script>
       const [input, chosenText, drop] = ['tags', 'chosen', 'drop'].map((id) => document.getElementById(id));
       const chosen = new Set();
       document.getElementById('selector').addEventListener('mousedown', () => {
         drop.innerHTML = ['Alpha', 'Beta', 'Gamma'].map((t) => '<div aria-selected="' + chosen.has(t) + '" style="cursor:pointer">' + t + '</div>').join('');
         drop.hidden = false;
         input.setAttribute('aria-expanded', 'true');
       });
       // A click toggles an option, and the list stays open (a multiple select); Escape closes it.
       drop.addEventListener('click', (event) => {
         const t = event.target.textContent;
         if (chosen.has(t)) chosen.delete(t); else chosen.add(t);
         event.target.setAttribute('aria-selected', String(chosen.has(t)));
         chosenText.textContent = [...chosen].join(', ');
       });
       document.addEventListener('keydown', (event) => {
         if (event.key === 'Escape') { drop.hidden = true; input.setAttribute('aria-expanded', 'false'); }
       });
     </script>`,
  );
  const tags = refOf(snap, 'combobox "Tags"');
  const two = await agent.server.ok('browser_select_option', { ref: tags, values: ['Beta', 'Gamma'] });
  expect(two.text).toMatch(/→ opened it and clicked option "Beta" \[ref=e\d+\], then clicked option "Gamma" \[ref=e\d+\]$/m);
  expect(await pageText(agent, '/drawn-options', '#chosen')).toBe('Beta, Gamma');
  // The list is closed again, as a person leaves it.
  expect((await agent.server.ok('browser_snapshot')).text).not.toContain('Alpha');
  const again = await agent.server.ok('browser_select_option', { ref: tags, values: ['Gamma', 'Alpha'] });
  expect(again.text).toMatch(/→ opened it and left option "Gamma" \[ref=e\d+\] selected, as it was, then clicked option "Alpha"/);
  expect(await pageText(agent, '/drawn-options', '#chosen')).toBe('Beta, Gamma, Alpha');
  // The choices shown over the field take the press, which opens the list as a press on the field does.
  const opened = await agent.server.ok('browser_click', { ref: tags });
  expect(opened.text).toMatch(/^Clicked <input id="tags"/);
  expect(opened.text).not.toContain('option "a"');
});

test('a drop-down that names a list of a few options kept for screen readers and draws all of them beside it with no ARIA (Ant Design 6\'s Select): select_option picks one it does not name, and several', async ({ agent }) => {
  const snap = await open(
    agent,
    '/drawn-no-aria',
    `<label for="fruit">Fruit</label> <input id="fruit" role="combobox" readonly aria-controls="fruit-a11y" aria-expanded="false" style="width: 200px">
     <div id="drop" hidden style="width: 200px; border: 1px solid">
       <div><div id="fruit-a11y" role="listbox" style="width: 0; height: 0; overflow: hidden"><div role="option" aria-label="Apple" aria-selected="false">a</div></div>
       <div id="items"></div></div>
     </div><p id="picked"></p>
     <script>
       const chosen = new Set();
       const draw = () => { items.innerHTML = ['Apple', 'Banana', 'Cherry'].map((t) => '<div class="opt' + (chosen.has(t) ? ' opt-selected' : '') + '" title="' + t + '" style="cursor: pointer"><span>' + t + '</span></div>').join(''); };
       fruit.addEventListener('mousedown', () => { draw(); drop.hidden = false; fruit.setAttribute('aria-expanded', 'true'); });
       // A click toggles the option; the list stays open (mode multiple), and Escape closes it.
       items.addEventListener('click', (event) => {
         const t = event.target.closest('.opt').title;
         if (chosen.has(t)) chosen.delete(t); else chosen.add(t);
         picked.textContent = [...chosen].join(', ');
         draw();
       });
       document.addEventListener('keydown', (event) => { if (event.key === 'Escape') { drop.hidden = true; fruit.setAttribute('aria-expanded', 'false'); } });
     </script>`,
  );
  const fruit = refOf(snap, 'combobox "Fruit"');
  const one = await agent.server.ok('browser_select_option', { ref: fruit, values: ['Cherry'] });
  expect(one.text).toMatch(/→ opened it and clicked option "Cherry" \[ref=e\d+\]$/m);
  expect(await pageText(agent, '/drawn-no-aria', '#picked')).toBe('Cherry');
  const more = await agent.server.ok('browser_select_option', { ref: fruit, values: ['Cherry', 'Apple'] });
  expect(more.text).toMatch(/→ opened it and left option "Cherry" \[ref=e\d+\] selected, as it was, then clicked option "Apple"/);
  expect(await pageText(agent, '/drawn-no-aria', '#picked')).toBe('Cherry, Apple');
  // One not drawn in a list that takes text to search (its showSearch): to be typed for.
  await agent.server.ok('browser_evaluate', { function: '() => { fruit.readOnly = false; return 1; }' });
  const missing = await agent.server.call('browser_select_option', { ref: fruit, values: ['Durian'] });
  expect(missing.text).toContain('has no option "Durian". Shown: "Apple", "Banana", "Cherry". It may be further down a list that draws its options as it scrolls: type part of it into the field');
});

test('a read-only field a date picker fills (flatpickr\'s): typing says to click it, and the click lists the days it opened, with refs', async ({ agent }) => {
  const snap = await open(agent, '/date-picker', `<style>.cal { display: none; position: absolute; background: #fff } .cal.open { display: grid; grid-template-columns: repeat(7, 40px) }</style>
    <label>Check-in <input id="date" readonly placeholder="Select date"></label><div class="cal" id="cal"></div>
    <script>
      const cal = document.getElementById('cal'), date = document.getElementById('date');
      for (let day = 1; day <= 30; day++) {
        const cell = document.createElement('span');
        cell.tabIndex = -1;
        cell.setAttribute('aria-label', 'November ' + day + ', 2026');
        cell.textContent = day;
        cell.onclick = () => { date.value = '2026-11-' + String(day).padStart(2, '0'); cal.classList.remove('open'); };
        cal.append(cell);
      }
      date.addEventListener('click', () => cal.classList.add('open'));
    </script>`);
  const field = refOf(snap, 'textbox "Check-in"');
  const typed = await agent.server.call('browser_type', { ref: field, text: '2026-11-15', timeout: 1000 });
  expect(typed.text).toContain('is read-only');
  expect(typed.text).toContain('If the page fills it from a picker (a date picker), click it and choose in what it opens');
  const opened = await agent.server.ok('browser_click', { ref: field });
  expect(opened.text).toMatch(/It showed:\n- generic "November 1, 2026" \[ref=e\d+\]/);
  expect(opened.text).toContain('… 20 more');
  await agent.server.ok('browser_click', { ref: refOf(opened.text, 'generic "November 5, 2026"') });
  expect((await agent.server.ok('browser_evaluate', { expression: 'date.value' })).text).toContain('"2026-11-05"');
});
