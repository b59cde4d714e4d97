/**
 * Keys reach the page as trusted key events, as from a keyboard, and each
 * key press says where focus went and what that field holds, so keyboard
 * navigation needs no snapshot to follow.
 */
import { openPage as open, pageAt, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';
import { html } from './helpers/server.ts';

test('a tab in typed text is a character in a textarea and the Tab key in a one-line field, which says where focus went', async ({ agent }) => {
  const snap = await open(agent, '/typed-tabs', `<label>User <input id="u"></label><label>Password <input id="pw" type="password"></label>
    <label>Code <textarea id="code"></textarea></label>`);
  const code = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Code"'), text: 'def f():\n\treturn 1' });
  expect(code.text).toBe('Typed into <textarea id="code"></textarea> named "Code"');
  // The field before the tab holds its part, and is not said to hold less than it was given.
  const login = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "User"'), text: 'ada\tsecret' });
  expect(login.text).toBe(`Typed into <input id="u"> named "User"\nFocus: textbox "Password" [ref=${refOf(snap, 'textbox "Password"')}]: ••••••••`);
  const values = await agent.server.ok('browser_evaluate', { function: '() => [u.value, pw.value, code.value]' });
  expect(values.text).toContain('["ada", "secret", "def f():\\n\\treturn 1"]');
});

test('keys say where focus went, with a ref to act on: Tab between fields, arrows in a listbox', async ({ agent }) => {
  const snap = await open(agent, '/focus-moves', `<label>Name <input></label><label>Email <input></label>
    <div role="listbox" tabindex="0" aria-label="Fruits" onkeydown="if (event.key === 'ArrowDown') this.setAttribute('aria-activedescendant', 'pear')">
      <div role="option" id="apple">Apple</div><div role="option" id="pear">Pear</div></div>`);
  await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Name"') });
  const tab = await agent.server.ok('browser_press_key', { key: 'Tab' });
  expect(tab.text).toContain(`Focus: textbox "Email" [ref=${refOf(snap, 'textbox "Email"')}]`);
  // What a key did to the field shows on the line, as a snapshot would print it.
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Email"'), text: 'ada@' });
  const back = await agent.server.ok('browser_press_key', { key: 'Backspace' });
  expect(back.text).toMatch(new RegExp(`Focus: textbox "Email" \\[ref=${refOf(snap, 'textbox "Email"')}\\]: ada$`, 'm'));
  await agent.server.ok('browser_press_key', { key: 'Tab' });
  const arrow = await agent.server.ok('browser_press_key', { key: 'ArrowDown' });
  expect(arrow.text).toContain(`Focus: listbox "Fruits" [ref=${refOf(snap, 'listbox "Fruits"')}], on option "Pear" [ref=`);
  // Focus on an element no snapshot gave a ref yet: it gets one, usable at once.
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/focus-fresh', html('<input aria-label="Search">', 'Fresh')) });
  await agent.server.ok('browser_evaluate', { expression: "document.querySelector('input').focus()" });
  const focused = await agent.server.ok('browser_press_key', { key: 'a' });
  const ref = /Focus: textbox "Search" \[ref=(e\d+)\]/.exec(focused.text)?.[1];
  expect(ref).toBeDefined();
  await agent.server.ok('browser_fill', { ref, value: 'done' });
  expect((await agent.server.ok('browser_evaluate', { expression: "document.querySelector('input').value" })).text).toContain('done');
});

test('a key pressed on an element that takes no focus goes to the page, not to the field focused before', async ({ agent }) => {
  const snap = await open(agent, '/no-focus', `<label>Name <input id="name"></label> <span onclick="" style="cursor: pointer">Price</span>`);
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Name"'), text: 'Ada' });
  const pressed = await agent.server.ok('browser_press_key', { key: 'x', ref: refOf(snap, 'generic "Price"') });
  expect(pressed.text).toContain('which takes no focus, nor does anything around it: the keys go to the page');
  expect((await agent.server.ok('browser_get', { what: 'value', ref: refOf(snap, 'textbox "Name"') })).text).toBe('Ada');
});

test('keys and chords reach the page as trusted key events', async ({ agent }) => {
  const snap = await open(
    agent,
    '/keys',
    `<input id="box" value="hello world"><p id="log"></p>
     <script>document.getElementById('box').addEventListener('keydown', (e) => {
       document.getElementById('log').textContent += e.key + (e.ctrlKey ? '+ctrl' : '') + (e.shiftKey ? '+shift' : '') + (e.isTrusted ? '' : '(untrusted)') + ' ';
     });</script>`,
  );
  const box = refOf(snap, 'textbox');
  await agent.server.ok('browser_press_key', { key: 'End', ref: box });
  await agent.server.ok('browser_press_key', { key: 'Control+A' });
  await agent.server.ok('browser_press_key', { key: 'Backspace' });
  // Each modifier's own keydown carries only the modifiers already held, as on a keyboard.
  await agent.server.ok('browser_press_key', { key: 'Shift+Control+K' });
  expect(await pageText(agent, '/keys', '#log')).toBe('End Control+ctrl a+ctrl Backspace Shift+shift Control+ctrl+shift K+ctrl+shift ');
  const page = await pageAt(agent.browser.context, '/keys');
  expect(await page.locator('#box').inputValue()).toBe('');
  const bad = await agent.server.call('browser_press_key', { key: 'Hyper+Q' });
  expect(bad.text).toContain('INVALID_PARAMS');
  // Names as models write them, in any case; a Mac's Meta+A, which selects nothing here, is said to.
  await agent.server.ok('browser_press_key', { key: 'ctrl+shift+ARROWLEFT' });
  expect(await pageText(agent, '/keys', '#log')).toMatch(/ArrowLeft\+ctrl\+shift $/);
  const mac = await agent.server.ok('browser_press_key', { key: 'Cmd+a' });
  expect(mac.text).toContain("(Meta shortcuts are the Mac's: on Linux, as here, the browser's select all, copy and paste go with Control; ControlOrMeta+a works on both)");
  // The browser's own shortcuts reach the page as keys, and the browser does nothing: the tool that does is named.
  const back = await agent.server.ok('browser_press_key', { key: 'Alt+ArrowLeft' });
  expect(back.text).toContain("(the browser's shortcut to go back: keys go to the page alone, so the browser did not do that; browser_navigate_back does)");
  expect(await pageText(agent, '/keys', '#log')).toMatch(/ArrowLeft $/);
  const close = await agent.server.ok('browser_press_key', { key: 'Control+w' });
  expect(close.text).toContain("(the browser's shortcut to close the tab: keys go to the page alone, so the browser did not do that; browser_tabs with action close does)");
  expect((await agent.server.ok('browser_tabs', { action: 'list' })).text).toContain('/keys');
});

test('select all, copy and paste by keys move text between fields; the focus line shows what a field with no label holds', async ({ agent }) => {
  await open(agent, '/clipboard-keys', '<input id="from" value="order 1234"><input id="to">');
  const copied = await agent.server.ok('browser_press_key', { selector: '#from', key: 'Control+A' });
  expect(copied.text).toMatch(/^Focus: textbox \[ref=e\d+\]: order 1234$/m);
  await agent.server.ok('browser_press_key', { key: 'Control+C' });
  const pasted = await agent.server.ok('browser_press_key', { selector: '#to', key: 'Control+V' });
  expect(pasted.text).toMatch(/^Focus: textbox \[ref=e\d+\]: order 1234$/m);
  expect((await agent.server.ok('browser_evaluate', { function: '() => document.getElementById("to").value' })).text).toContain('"order 1234"');
});

test('text selected in the focused field (by keys, by a double click) is replaced by what is typed, as on a keyboard; with nothing selected typing appends', async ({ agent }) => {
  const snap = await open(agent, '/type-over-selection', `<label>Title <input id="title" value="Write report"></label>
    <label>Notes <textarea id="notes">buy milk today</textarea></label><p id="bio" contenteditable="true">Hello world</p>`);
  await agent.server.ok('browser_press_key', { ref: refOf(snap, 'textbox "Title"'), key: 'Control+A' });
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Title"'), text: 'Write final report' });
  // Nothing about the field in the answer: it holds what typing over the selection gives.
  expect(typed.text).toBe('Typed into <input id="title"> named "Title"');
  // A word selected, as a double click does: the keys replace it.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'textbox "Notes"') });
  await agent.server.ok('browser_evaluate', { function: '() => notes.setSelectionRange(4, 8)' });
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Notes"'), text: 'bread' });
  await agent.server.ok('browser_press_key', { selector: '#bio', key: 'Control+A' });
  await agent.server.ok('browser_type', { selector: '#bio', text: 'Bye' });
  // Not focused, with nothing selected: appended, as the tool says.
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Title"'), text: '!' });
  const values = await agent.server.ok('browser_evaluate', { function: '() => [title.value, notes.value, bio.textContent]' });
  expect(values.text).toContain('["Write final report!", "buy bread today", "Bye"]');
});

test('a one-time code in six one-digit fields is typed on through them as the page moves focus; where nothing moves focus, what was dropped is said', async ({ agent }) => {
  const digits = Array.from({ length: 6 }, (_, i) => `<input class="digit" aria-label="Digit ${i + 1}" maxlength="1" inputmode="numeric">`).join('');
  const snap = await open(agent, '/one-time-code', `<fieldset><legend>Code</legend>${digits}</fieldset>
    <label>PIN <input id="pin" maxlength="4"></label><label>Repeat PIN <input maxlength="4"></label>
    <script>document.querySelectorAll('.digit').forEach((el, i, all) => el.addEventListener('input', () => el.value && all[i + 1]?.focus()));</script>`);
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Digit 1"'), text: '123456' });
  expect(typed.text).toBe(`Typed into <input class="digit" aria-label="Digit 1">\nFocus: textbox "Digit 6" [ref=${refOf(snap, 'textbox "Digit 6"')}]: "6"`);
  expect((await agent.server.ok('browser_evaluate', { function: '() => [...document.querySelectorAll(".digit")].map((d) => d.value).join("")' })).text).toContain('"123456"');
  // Set at once, a value goes into the one field only: refused, pointing at typing.
  const filled = await agent.server.call('browser_fill', { ref: refOf(snap, 'textbox "Digit 1"'), value: '987654' });
  expect(filled.text).toContain('or type it with browser_type: the fields like it after it take the rest as the page moves focus on');
  // Two fields alike that the page does not move through: the keys past the first field's four are dropped, and that is said.
  const pin = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "PIN"'), text: '123456' });
  expect(pin.text).toContain('The field now holds "1234": it takes at most 4 characters (maxlength), and the keys past them were dropped.');
});

test('a code\'s boxes without maxlength, whose script keeps one character each and moves the focus on (Ark\'s PIN input), take typed or filled text without a word of refusal', async ({ agent }) => {
  const boxes = Array.from({ length: 4 }, (_, i) => `<input class="box" aria-label="Box ${i + 1}">`).join('');
  const snap = await open(agent, '/pin-boxes', `<div role="group" aria-label="Code">${boxes}</div>
    <script>
      const all = [...document.querySelectorAll('.box')];
      all.forEach((el, i) => el.addEventListener('input', () => {
        const chars = [...el.value];
        el.value = chars[0] ?? '';
        let at = i;
        for (const c of chars.slice(1)) if (all[at + 1]) all[++at].value = c;
        if (el.value) all[Math.min(at + 1, all.length - 1)].focus();
      }));
    </script>`);
  const last = `Focus: textbox "Box 4" [ref=${refOf(snap, 'textbox "Box 4"')}]`;
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Box 1"'), text: '1234' });
  expect(typed.text).toContain(`${last}: "4"`);
  expect(typed.text).not.toContain('The field now holds');
  const filled = await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Box 1"'), value: '5678' });
  expect(filled.text).toContain(`${last}: "8"`);
  expect(filled.text).not.toContain('The field now holds');
  expect((await agent.server.ok('browser_evaluate', { function: '() => all.map((b) => b.value).join("")' })).text).toContain('"5678"');
});

test('a key that opens a dialog stops the typing there: the rest is said, and not typed into whatever has focus once the dialog is handled', async ({ agent }) => {
  const page = html(`<label>Code <input id="code" onkeydown="if (event.key === '-' && !window.warned) { window.warned = true; alert('Digits only'); }"></label>
    <label>Note <input id="note"></label>`, 'Dialog while typing');
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/type-dialog', page) });
  const { text } = await agent.server.ok('browser_snapshot');
  const typed = await agent.server.ok('browser_type', { ref: refOf(text, 'textbox "Code"'), text: '12-34' });
  expect(typed.text).toContain('The rest of the text, "34", was not typed: the dialog below opened as "-" was typed.');
  expect(typed.text).toContain('An alert dialog opened: "Digits only"');
  await agent.server.ok('browser_handle_dialog', { accept: true });
  // The agent moves on to the next field at once: only its own keys arrive there.
  await agent.server.ok('browser_type', { ref: refOf(text, 'textbox "Note"'), text: 'ok' });
  const values = await agent.server.ok('browser_evaluate', { expression: `[code.value, note.value].join('|')` });
  expect(values.text).toContain('"12-|ok"');
});

test('typing into a search box that goes to its results on the first letters stops there and says what was not typed', async ({ agent }) => {
  agent.pages.page('/results', html('<h1>Results</h1><input id="other" autofocus>', 'Results'));
  const snap = await open(agent, '/type-leaves', `<label>Search <input oninput="if (this.value.length === 2) location.href = '/results'"></label>`);
  // Long: on a loaded machine the page may take a dozen keys to go (with the 16 of "keyboard layouts", CI once
  // found no rest to report; the report was not kept, and is shown now if it fails).
  const text = 'keyboard layouts for every language written on earth';
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Search"'), text });
  expect(typed.text).toContain(`Navigated to ${agent.pages.url('/results')}`);
  // The page goes a moment after the second letter: a few keys more may reach it as it goes (on a
  // loaded machine up to the space after "keyboard", which the report quotes as " ").
  const notTyped = /The rest of the text, "([^"]+)", was not typed: the page went elsewhere after "(.)" was typed, and it would have gone to the next page\./;
  expect(typed.text).toMatch(notTyped);
  const [, rest, after] = notTyped.exec(typed.text)!;
  expect(text.endsWith(after + rest)).toBe(true);
  expect(rest.length).toBeGreaterThanOrEqual(3);
  // None of it reached the next page.
  expect((await agent.server.ok('browser_evaluate', { expression: 'other.value' })).text).toContain('""');
});

test('text too long to type a key at a time before the timeout stops in time to say how much went in', async ({ agent }) => {
  const snap = await open(agent, '/type-long', '<label>Essay <textarea id="essay"></textarea></label>');
  const result = await agent.server.call('browser_type', { ref: refOf(snap, 'textbox "Essay"'), text: 'word '.repeat(4000), timeout: 1000 });
  expect(result.isError).toBe(true);
  const typed = Number(/after (\d+) of 20000 characters, which went in; the rest did not\. browser_fill sets long text at once/.exec(result.text)?.[1]);
  expect(typed).toBeGreaterThan(0);
  expect((await agent.server.ok('browser_evaluate', { expression: 'essay.value.length' })).text).toMatch(new RegExp(`\\b${typed}$`));
});

test('a field the page replaces with a new one on each key: typing says so, and names the field in its place and what it holds', async ({ agent }) => {
  const snap = await open(agent, '/type-remount', `<div id="box"><label>Search <input id="q"></label></div>
    <script>
      // Each key builds the field anew, keeping its value but not the focus: the next keys go nowhere.
      const box = document.getElementById('box');
      box.addEventListener('input', (event) => {
        const value = event.target.value;
        box.innerHTML = '<label>Search <input id="q"></label>';
        box.querySelector('input').value = value;
      });
    </script>`);
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Search"'), text: 'hello' });
  expect(typed.text).toMatch(/The page replaced the field with a new one as the text went in \(it re-rendered it\), so what came after went elsewhere\. In its place now: textbox "Search" \[ref=e\d+\], holding "h"\./);
  // Filled at once, the value is carried over to the new field: nothing to say.
  const filled = await agent.server.ok('browser_fill', { ref: refOf(typed.text, 'textbox "Search"'), value: 'world' });
  expect(filled.text).toBe('Filled <input id="q"> named "Search"');
});

test('Enter that sends nothing says why: the form\'s submit button is disabled, or it has no submit button and several fields; a form sent or a page that takes Enter itself gets no such note', async ({ agent }) => {
  const snap = await open(agent, '/enter-sends-nothing', `
    <form><input aria-label="Email A"><button disabled>Sign up</button></form>
    <form><input aria-label="User B"><input type="password" aria-label="Pass B"><div role="button" tabindex="0">Log in</div></form>
    <form onsubmit="event.preventDefault(); out.textContent = 'sent C'"><input aria-label="Search C"></form>
    <form><input aria-label="User D"><input aria-label="Code D" onkeydown="if (event.key === 'Enter') { event.preventDefault(); out.textContent = 'checked D'; }"></form>
    <p id="out"></p>`);
  const disabled = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Email A"'), text: 'ada@example.com', submit: true });
  expect(disabled.text).toContain('Enter did not send the form: its submit button <button disabled>Sign up</button> is disabled');
  const noButton = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Pass B"'), text: 'secret\n' });
  expect(noButton.text).toContain('Enter did not send the form: it has no submit button and 2 fields');
  // A lone field sends its form on Enter; a page that prevents Enter acts on it itself.
  const sent = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Search C"'), text: 'shoes', submit: true });
  expect(await pageText(agent, '/enter-sends-nothing', '#out')).toBe('sent C');
  const handled = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Code D"'), text: '42', submit: true });
  expect(await pageText(agent, '/enter-sends-nothing', '#out')).toBe('checked D');
  for (const quiet of [sent, handled]) expect(quiet.text).not.toContain('Enter did not send');
  // The same from browser_press_key, in the field that has focus.
  const pressed = await agent.server.ok('browser_press_key', { key: 'Enter', ref: refOf(snap, 'textbox "Email A"') });
  expect(pressed.text).toContain('Enter did not send the form: its submit button <button disabled>Sign up</button> is disabled');
});

test('Escape that closes a dialog the page draws says so, and gives no focus line for the field it hid', async ({ agent }) => {
  const snap = await open(agent, '/escape-closes', `<style>#modal { display: none } #modal.open { display: block }</style><button id="edit">Edit</button>
    <div id="modal" role="dialog" aria-label="Edit name"><label>Name <input id="name"></label></div>
    <script>
      edit.onclick = () => { modal.classList.add('open'); document.getElementById('name').focus(); };
      addEventListener('keydown', (e) => { if (e.key === 'Escape') modal.classList.remove('open'); });
    </script>`);
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Edit"') });
  const escaped = await agent.server.ok('browser_press_key', { key: 'Escape' });
  expect(escaped.text).toBe('Key: pressed Escape\nIt closed dialog "Edit name".');
});

test('a dialog that plays an exit animation and leaves at its end (SweetAlert2\'s) is said to close: by Escape, by Enter typed in its field, by a click on its button', async ({ agent }) => {
  const snap = await open(agent, '/exit-animation', `<style>@keyframes out { to { opacity: 0 } } .hide { animation: out 150ms forwards }</style>
    <button id="add">Add person</button>
    <script>
      add.onclick = () => {
        const box = document.createElement('div');
        box.innerHTML = '<div role="dialog" aria-label="New person"><label>Full name <input></label> <button>OK</button></div>';
        document.body.append(box);
        // No timer: the dialog goes when its animation ends.
        const close = () => { box.firstChild.classList.add('hide'); box.firstChild.addEventListener('animationend', () => box.remove()); };
        box.querySelector('button').onclick = close;
        box.onkeydown = (e) => { if (e.key === 'Enter' || e.key === 'Escape') close(); };
        box.querySelector('input').focus();
      };
    </script>`);
  const add = refOf(snap, 'button "Add person"');
  const opened = await agent.server.ok('browser_click', { ref: add });
  expect(opened.text).toContain('It opened dialog "New person"');
  expect((await agent.server.ok('browser_press_key', { key: 'Escape' })).text).toContain('It closed dialog "New person".');
  const again = await agent.server.ok('browser_click', { ref: add });
  const typed = await agent.server.ok('browser_type', { ref: refOf(again.text, 'textbox "Full name"'), text: 'Ada', submit: true });
  expect(typed.text).toContain('It closed dialog "New person".');
  const third = await agent.server.ok('browser_click', { ref: add });
  expect((await agent.server.ok('browser_click', { ref: refOf(third.text, 'button "OK"') })).text).toContain('It closed dialog "New person".');
});

test('a search box that puts its text in the URL as each key comes (mdBook\'s) reports the URL the last key left; one that then loads a page reports that page', async ({ agent }) => {
  agent.pages.page('/found', html('<h1>Found</h1>', 'Found'));
  const snap = await open(agent, '/url-search', `<input aria-label="Search" oninput="history.replaceState(null, '', '?search=' + encodeURIComponent(this.value))">
    <input aria-label="Go" onkeydown="if (event.key === 'Enter') { history.pushState(null, '', '?went'); location.href = '/found'; }">`);
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Search"'), text: 'borrow' });
  expect(typed.text).toMatch(/Navigated to http:\/\/[^/]+\/url-search\?search=borrow$/m);
  // A same-document change first, the new page after it: the new page is where it went.
  const went = await agent.server.ok('browser_press_key', { key: 'Enter', ref: refOf(snap, 'textbox "Go"') });
  expect(went.text).toMatch(/Navigated to http:\/\/[^/]+\/found$/m);
});

test('a shortcut that opens a dialog (a command palette on Control+K) lists it with its controls, as a click that opens one does', async ({ agent }) => {
  await open(agent, '/palette', `<style>#palette { display: none } #palette.open { display: block }</style><h1>Editor</h1>
    <div id="palette" role="dialog" aria-label="Command palette"><input id="q" aria-label="Command"><button>Open file</button><button>Close editor</button></div>
    <script>
      addEventListener('keydown', (e) => {
        if (e.ctrlKey && e.key === 'k') { e.preventDefault(); palette.classList.add('open'); q.focus(); }
        if (e.key === 'Escape') palette.classList.remove('open');
      });
    </script>`);
  const opened = await agent.server.ok('browser_press_key', { key: 'Control+k' });
  expect(opened.text).toMatch(/^Key: pressed Control\+k\nFocus: textbox "Command" \[ref=(e\d+)\]\nIt opened dialog "Command palette" \[ref=e\d+\]:\n- textbox "Command" \[ref=\1\]\n- button "Open file" \[ref=e\d+\]\n- button "Close editor" \[ref=e\d+\]$/);
  // A key that changes no dialog says nothing of one.
  const typed = await agent.server.ok('browser_press_key', { key: 'a' });
  expect(typed.text).not.toContain('dialog');
  const closed = await agent.server.ok('browser_press_key', { key: 'Escape' });
  expect(closed.text).toBe('Key: pressed Escape\nIt closed dialog "Command palette".');
});

test('an editor\'s toolbar and shortcuts format what is typed next: bold from its button, off again by Control+B', async ({ agent }) => {
  const snap = await open(agent, '/editor-toolbar', `<div role="toolbar" aria-label="Formatting"><button id="bold">Bold</button></div>
    <div id="editor" contenteditable="true" role="textbox" aria-label="Message"></div>
    <script>
      // As editors' toolbars do: the press keeps the focus and the caret in the editor.
      bold.addEventListener('mousedown', (event) => event.preventDefault());
      bold.onclick = () => document.execCommand('bold');
    </script>`);
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Message"'), text: 'Hello ' });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Bold"') });
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Message"'), text: 'world' });
  await agent.server.ok('browser_press_key', { key: 'Control+B' });
  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Message"'), text: '!' });
  expect(await pageText(agent, '/editor-toolbar', '#editor')).toBe('Hello world!');
  const markup = await agent.server.ok('browser_get', { what: 'html', selector: '#editor' });
  expect(markup.text).toContain('Hello <b>world</b>!');
});

test('fill on a custom slider or spin button presses its keys until it says the number; the nearest its steps reach, or where it stops, is said', async ({ agent }) => {
  const snap = await open(agent, '/custom-sliders', `
    <div id="volume" role="slider" tabindex="0" aria-label="Volume" aria-valuemin="0" aria-valuemax="10" aria-valuenow="3" style="width:100px;height:10px"><input name="volume" style="display:none"></div>
    <div id="price" role="slider" tabindex="0" aria-label="Price" aria-valuemin="0" aria-valuemax="100" aria-valuenow="20" style="width:100px;height:10px"></div>
    <div id="guests" role="spinbutton" tabindex="0" aria-label="Guests" aria-valuenow="2" style="width:100px;height:10px"></div>
    <div id="year" role="slider" tabindex="0" aria-label="Year" aria-valuemin="1000" aria-valuemax="3000" aria-valuenow="2000" style="width:100px;height:10px"></div>
    <div role="slider" tabindex="0" aria-label="Rating" aria-valuemin="0" aria-valuemax="5" aria-valuenow="0"><span style="cursor:pointer;display:inline-block;width:50px;height:10px"><i class="icon-star" aria-hidden="true"></i></span></div>
    <script>
      // As a slider library does: a step per arrow key, Home and End to its ends; the price redrawn on the next frame.
      const keyed = (el, step, min, max, later) => el.addEventListener('keydown', (event) => {
        const keys = { ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step };
        const was = Number(el.getAttribute('aria-valuenow'));
        const next = event.key === 'Home' ? min : event.key === 'End' ? max : keys[event.key] === undefined ? was : Math.max(min, Math.min(max, was + keys[event.key]));
        const set = () => el.setAttribute('aria-valuenow', String(next));
        if (later) requestAnimationFrame(set); else set();
      });
      keyed(volume, 1, 0, 10); keyed(price, 5, 0, 100, true); keyed(guests, 1, 1, 9); keyed(year, 1, 1000, 3000);
    </script>`);
  // A slider's parts (a rating's stars, with a pointer cursor) are where a click sets it: no refs of their own.
  expect(snap).toMatch(/^- slider "Rating" \[ref=e\d+\]: "0"$/m);
  // Its value kept for a form in an undisplayed field inside it (Ark's), which takes no keys.
  const volume = await agent.server.ok('browser_fill', { ref: refOf(snap, 'slider "Volume"'), value: '7' });
  expect(volume.text).toBe('Filled <div id="volume" role="slider" aria-label="Volume"></div> by keys (4 × ArrowRight)');
  expect((await agent.server.ok('browser_fill', { ref: refOf(snap, 'slider "Volume"'), value: '0' })).text).toContain('by keys (1 × Home)');
  const price = await agent.server.ok('browser_fill', { ref: refOf(snap, 'slider "Price"'), value: '42' });
  expect(price.text).toContain('by keys (5 × ArrowRight, 1 × ArrowLeft)\nIt is at 40, the nearest to 42 its steps reach.');
  const guests = await agent.server.ok('browser_fill', { ref: refOf(snap, 'spinbutton "Guests"'), value: '12' });
  expect(guests.text).toContain('It stopped at 9: a key moved it no further');
  // Further than one fill presses: where it got to, and how to go on.
  const year = await agent.server.ok('browser_fill', { ref: refOf(snap, 'slider "Year"'), value: '1500' });
  expect(year.text).toContain('by keys (200 × ArrowLeft)\nIt is at 1800 after 200 presses, short of 1500: fill again to go on');
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/slider "Volume" \[ref=e\d+\]: "0"\n- slider "Price" \[ref=e\d+\]: "40"\n- spinbutton "Guests" \[ref=e\d+\]: "9"\n- slider "Year" \[active\] \[ref=e\d+\]: "1800"/);
});

test('fill on a date field drawn as segments (MUI X\'s, React Aria\'s: a spin button a part) types the value from its first segment, the field moving on; what it made of it is said', async ({ agent }) => {
  const snap = await open(agent, '/segments', `
    <div role="group" aria-label="Check-in" id="field">
      <span role="spinbutton" aria-label="Month" tabindex="0" contenteditable="true" data-size="2">mm</span>/<span role="spinbutton" aria-label="Day" tabindex="0" contenteditable="true" data-size="2">dd</span>/<span role="spinbutton" aria-label="Year" tabindex="0" contenteditable="true" data-size="4">yyyy</span>
    </div><p id="value"></p>
    <script>
      // As such fields do: the keys are the field's, each part takes its digits and moves on when full; a month past 12 is 12.
      const parts = [...field.querySelectorAll('[role=spinbutton]')];
      const typed = parts.map(() => '');
      parts.forEach((part, i) => part.addEventListener('keydown', (event) => {
        event.preventDefault();
        if (!/^\\d$/.test(event.key)) return;
        typed[i] = (part.matches(':focus') && typed[i].length < Number(part.dataset.size) ? typed[i] : '') + event.key;
        if (i === 0 && Number(typed[i]) > 12) typed[i] = '12';
        // The month drawn without its zero, as React Aria's is.
        part.textContent = i === 0 ? String(Number(typed[i])) : typed[i];
        value.textContent = typed.join('-');
        if (typed[i].length === Number(part.dataset.size) && parts[i + 1]) { parts[i + 1].focus(); typed[i + 1] = ''; }
      }));
      parts.forEach((part, i) => part.addEventListener('focus', () => { typed[i] = ''; }));
    </script>`);
  expect(snap).toMatch(/- group "Check-in":\n\s+- spinbutton "Month" \[ref=e\d+\]/);
  // The group itself has no ref (MUI X's box of parts has one): the agent names it by a selector here.
  const filled = await agent.server.ok('browser_fill', { selector: '#field', value: '03/20/2024' });
  expect(filled.text).toMatch(/^Filled <div id="field" role="group" aria-label="Check-in">mm\/dd\/yyyy<\/div>, typed a key at a time from <span role="spinbutton" aria-label="Month">mm<\/span>, the field moving on from part to part/);
  expect(await pageText(agent, '/segments', '#value')).toBe('03-20-2024');
  expect(filled.text).not.toContain('holds');
  const refused = await agent.server.ok('browser_fill', { selector: '#field', value: '13/05/2024' });
  expect(refused.text).toContain('The field now holds "12/05/2024": the page changed or refused part of the text');
  // A part takes keys alone (text put in whole it ignores, as MUI X's does): filled, it is typed into, the whole date or its own digits.
  const month = refOf(snap, 'spinbutton "Month"');
  await agent.server.ok('browser_fill', { ref: month, value: '04/01/2025' });
  expect(await pageText(agent, '/segments', '#value')).toBe('04-01-2025');
  const own = await agent.server.ok('browser_fill', { ref: month, value: '07' });
  expect(own.text).toMatch(/^Filled <span role="spinbutton" aria-label="Month">4<\/span>, typed a key at a time, the field moving on from part to part$/);
  expect(await pageText(agent, '/segments', '#value')).toBe('07-01-2025');
});

test('a code editor that takes text through an EditContext (Monaco\'s in Chromium) is typed into at its end and filled whole, through the ref of its field of no width, which the editor draws around', async ({ agent }) => {
  const snap = await open(agent, '/code-editor', `
    <div role="code" id="editor" style="width:300px;height:60px;border:1px solid">
      <textarea readonly aria-hidden="true" tabindex="-1" style="position:absolute;width:1px;height:1px;opacity:0"></textarea>
      <div id="input" role="textbox" aria-label="Editor content" tabindex="0" style="position:absolute;width:0;height:18px"></div>
      <pre id="view"></pre>
    </div>
    <script>
      // As Monaco does: the editor keeps the text and the selection, and moves them on its own keys.
      const context = new EditContext({ text: 'let a = 1;', selectionStart: 0, selectionEnd: 0 });
      input.editContext = context;
      const draw = () => { view.textContent = context.text; };
      context.addEventListener('textupdate', draw);
      input.addEventListener('keydown', (event) => {
        const end = context.text.length;
        if (event.ctrlKey && event.key === 'a') context.updateSelection(0, end);
        else if (event.ctrlKey && event.key === 'End') context.updateSelection(end, end);
      });
      editor.addEventListener('mousedown', (event) => { event.preventDefault(); input.focus(); });
      draw();
    </script>`);
  expect(snap).toMatch(/- code:\n\s+- textbox "Editor content" \[ref=e\d+\]/);
  const editor = refOf(snap, 'textbox "Editor content"');
  const typed = await agent.server.ok('browser_type', { ref: editor, text: ' // ok' });
  expect(typed.text).toMatch(/^Typed into <div id="input" role="textbox" aria-label="Editor content"><\/div>/);
  expect(await pageText(agent, '/code-editor', '#view')).toBe('let a = 1; // ok');
  await agent.server.ok('browser_fill', { ref: editor, value: 'const b = 2;' });
  expect(await pageText(agent, '/code-editor', '#view')).toBe('const b = 2;');
});

test('a code editor that types through a field clipped to a caret\'s width (CodeMirror 5\'s) is typed into at its end and filled whole', async ({ agent }) => {
  const snap = await open(agent, '/proxy-editor', `
    <div style="overflow:hidden;position:relative;width:3px;height:0"><textarea id="field" style="position:absolute;width:1000px;height:1em"></textarea></div>
    <pre id="view"></pre>
    <script>
      // As CodeMirror 5 does: the editor keeps the text and the caret; what comes into its field is moved into the text at once.
      let text = 'SELECT * FROM users;', anchor = 0, head = 0;
      const draw = () => { view.textContent = text; };
      field.addEventListener('keydown', (event) => {
        if (event.ctrlKey && event.key === 'a') [anchor, head] = [0, text.length];
        else if (event.ctrlKey && event.key === 'End') anchor = head = text.length;
        else return;
        event.preventDefault();
      });
      field.addEventListener('input', () => {
        const [from, to] = [Math.min(anchor, head), Math.max(anchor, head)];
        text = text.slice(0, from) + field.value + text.slice(to);
        anchor = head = from + field.value.length;
        field.value = '';
        draw();
      });
      draw();
    </script>`);
  const field = refOf(snap, '- textbox');
  await agent.server.ok('browser_type', { ref: field, text: ' -- all' });
  expect(await pageText(agent, '/proxy-editor', '#view')).toBe('SELECT * FROM users; -- all');
  await agent.server.ok('browser_fill', { ref: field, value: 'SELECT 1;' });
  expect(await pageText(agent, '/proxy-editor', '#view')).toBe('SELECT 1;');
});
