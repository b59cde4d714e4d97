/**
 * The code and rich-text editors pages are built with, from their npm packages: each keeps its own
 * text, caret and selection, and takes keys through a field of its own (a contenteditable, a
 * <textarea> clipped to a caret, an EditContext). Typed into, filled, pressed in and read, each ends
 * up holding what was given, and its report tells no text the editor drew for the keys (line numbers).
 */
import { expect, test, type Agent } from './fixtures.ts';
import { appBundle } from './helpers/apps.ts';
import { openPage, pageAt } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';

async function openEditor(agent: Agent, app: Parameters<typeof appBundle>[0], editor = '<div id="editor" style="width: 500px; height: 160px"></div>'): Promise<{ snap: string; text: () => Promise<string> }> {
  agent.pages.page(`/${app}.js`, appBundle(app), { contentType: 'text/javascript' });
  await openPage(agent, `/${app}`, `<h1>Notes</h1>${editor}<script src="/${app}.js"></script>`, app);
  const page = await pageAt(agent.browser.context, `/${app}`);
  await page.waitForFunction(() => 'editorText' in window);
  const snap = (await agent.server.ok('browser_snapshot')).text;
  return { snap, text: () => page.evaluate(() => (window as unknown as { editorText: () => string }).editorText()) };
}

test('CodeMirror 6: typed into at its end, filled with lines, a line added by Enter; the numbers its gutter draws for them are no news, and its value is its text', async ({ agent }) => {
  const { snap, text } = await openEditor(agent, 'codemirror6');
  expect(snap).toMatch(/- textbox "Code" \[ref=e\d+\]: const a = 1;/);
  const ref = refOf(snap, 'textbox "Code"');
  const typed = await agent.server.ok('browser_type', { ref, text: ' // one' });
  expect(typed.text).toBe('Typed into <div class="cm-content" role="textbox" aria-label="Code">const a = 1;</div>');
  expect(await text()).toBe('const a = 1; // one');
  await agent.server.ok('browser_fill', { ref, value: 'line one\nline two' });
  expect(await text()).toBe('line one\nline two');
  // The gutter draws a "3" for the new line: the editor's own, as the line is.
  const entered = await agent.server.ok('browser_press_key', { ref, key: 'Enter' });
  expect(entered.text).not.toContain('The page now shows');
  await agent.server.ok('browser_type', { ref, text: 'line three' });
  expect(await text()).toBe('line one\nline two\nline three');
  expect((await agent.server.ok('browser_get', { ref, what: 'value' })).text).toBe('line one\nline two\nline three');
});

test('CodeMirror 5: the text goes through its caret-wide field into the editor; the field it empties is not said to have refused it, and is not read as the editor\'s value', async ({ agent }) => {
  const { snap, text } = await openEditor(agent, 'codemirror5');
  const ref = refOf(snap, '- textbox');
  const typed = await agent.server.ok('browser_type', { ref, text: ' -- all' });
  // The line drawn with the text typed is the editor's, not news.
  expect(typed.text).toBe('Typed into <textarea></textarea>');
  expect(await text()).toBe('SELECT * FROM users; -- all');
  const filled = await agent.server.ok('browser_fill', { ref, value: 'SELECT 1;\nSELECT 2;' });
  expect(filled.text).toBe('Filled <textarea></textarea>');
  expect(await text()).toBe('SELECT 1;\nSELECT 2;');
  await agent.server.ok('browser_press_key', { ref, key: 'Enter' });
  await agent.server.ok('browser_type', { ref, text: 'SELECT 3;' });
  expect(await text()).toBe('SELECT 1;\nSELECT 2;\nSELECT 3;');
  // Its field holds the last key at most: a value read from it would be wrong.
  const value = await agent.server.call('browser_get', { ref, what: 'value' });
  expect(value.isError).toBe(true);
  expect(value.text).toContain('is the field a code editor types through');
  expect(value.text).toContain('the box it draws its lines in, <div class="CodeMirror cm-s-default">1 SELECT 1; 2 SELECT 2; 3 SELECT 3;</div>');
});

test('ProseMirror: lines filled in stay whole, the caret at their end: Enter there starts a new paragraph after the last one', async ({ agent }) => {
  const { snap, text } = await openEditor(agent, 'prosemirror', '<div id="editor"></div>');
  expect(snap).toMatch(/- textbox "Message" \[ref=e\d+\]:\n\s+- paragraph: Hello world/);
  const ref = refOf(snap, 'textbox "Message"');
  await agent.server.ok('browser_fill', { ref, value: 'line one\nline two' });
  expect(await text()).toBe('line one\nline two');
  // It had left its caret before the "o" of "two", where the Enter split the word.
  await agent.server.ok('browser_press_key', { ref, key: 'Enter' });
  await agent.server.ok('browser_type', { ref, text: 'line three' });
  expect(await text()).toBe('line one\nline two\nline three');
  // Its value is its text as drawn: a blank line between paragraphs.
  expect((await agent.server.ok('browser_get', { ref, what: 'value' })).text).toBe('line one\n\nline two\n\nline three');
});

test('Monaco: its field of no width, which the editor draws around, has the ref; typed, filled, pressed in and clicked through it, with no line it draws told as news', async ({ agent }) => {
  const { snap, text } = await openEditor(agent, 'monaco');
  expect(snap).toMatch(/- code:\n\s+- textbox "Code" \[ref=e\d+\]/);
  const ref = refOf(snap, 'textbox "Code"');
  const typed = await agent.server.ok('browser_type', { ref, text: ' // ok' });
  expect(typed.text).toMatch(/^Typed into <div class="native-edit-context" role="textbox" aria-label="Code"><\/div> via what the page draws for it <div class="overflow-guard">[^\n]*<\/div>$/);
  expect(await text()).toBe('let a = 1; // ok');
  await agent.server.ok('browser_fill', { ref, value: 'a\nb' });
  expect(await text()).toBe('a\nb');
  const entered = await agent.server.ok('browser_press_key', { ref, key: 'Enter' });
  expect(entered.text).toMatch(/^Key: pressed Enter on <div class="native-edit-context"[^\n]*\nFocus: textbox "Code" \[active\]|^Key: pressed Enter on <div class="native-edit-context"/);
  expect(entered.text).not.toContain('The page now shows');
  await agent.server.ok('browser_type', { ref, text: 'c' });
  expect(await text()).toBe('a\nb\nc');
  await agent.server.ok('browser_click', { ref });
  const value = await agent.server.call('browser_get', { ref, what: 'value' });
  expect(value.isError).toBe(true);
  expect(value.text).toContain('<div class="overflow-guard">');
  expect(value.text).toContain("Monaco's getModel().getValue()");
});

test('a code editor\'s caret-wide field prints none of its own scratch as its value (Ace keeps two newlines in its), where a textarea prints what it holds', async ({ agent }) => {
  const snap = await openPage(agent, '/scratch-field', `
    <div style="position: relative; overflow: hidden; width: 300px; height: 40px">
      <textarea aria-label="Cursor at row 1" style="position: absolute; width: 2px; height: 16px; padding: 0; border: 0; opacity: 0">\n\n\n</textarea><pre>SELECT 1;</pre>
    </div>
    <label>Notes <textarea>\n\n\n</textarea></label>`);
  // (The parser drops a textarea's first newline.)
  expect(snap).toMatch(/- textbox "Cursor at row 1" \[ref=e\d+\]\n/);
  expect(snap).toMatch(/- textbox "Notes" \[ref=e\d+\]: "\\n\\n"/);
});
