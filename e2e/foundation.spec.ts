import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

test.describe('the whole chain: MCP client → server → extension → page', () => {
  test('lists the four first tools', async ({ agent }) => {
    const { tools } = await agent.server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['browser_navigate', 'browser_snapshot', 'browser_tabs', 'browser_take_screenshot']));
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    // Every session pays for this list: no bounds that say nothing (zod's ±MAX_SAFE_INTEGER on int()).
    expect(JSON.stringify(tools)).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  test('a parameter the tool does not have is refused, naming the one it takes instead and all it takes', async ({ agent }) => {
    // Names another browser server uses: Playwright MCP's screenshot type and filename, chrome-devtools-mcp's uid.
    const shot = await agent.server.call('browser_take_screenshot', { type: 'jpeg', filename: 'page.jpg' });
    expect(shot.text).toBe('Error INVALID_PARAMS: browser_take_screenshot has no parameter "type" (use format), "filename" (use name). Its parameters: ref, selector, fullPage, format, quality, name, tabId, timeout.');
    expect((await agent.server.call('browser_click', { uid: 'e1' })).text).toContain('browser_click has no parameter "uid" (use ref).');
    // A typo, or another case.
    expect((await agent.server.call('browser_navigate', { ulr: 'http://127.0.0.1/' })).text).toContain('has no parameter "ulr" (use url)');
    expect((await agent.server.call('browser_snapshot', { Interactive: true })).text).toContain('has no parameter "Interactive" (use interactive)');
  });

  test('a parameter left out is said to be required; one of the wrong type says what it takes', async ({ agent }) => {
    expect((await agent.server.call('browser_navigate', {})).text).toBe('Error INVALID_PARAMS: browser_navigate: url is required (string)');
    expect((await agent.server.call('browser_navigate', { url: 5 })).text).toBe('Error INVALID_PARAMS: browser_navigate: url: Invalid input: expected string, received number');
  });

  test('navigate reports the final URL and title', async ({ agent }) => {
    const url = agent.pages.page('/hello', html('<h1>Hello</h1>', 'Hello page'));
    const result = await agent.server.ok('browser_navigate', { url });
    expect(result.text).toContain(`Navigated to ${url}`);
    expect(result.text).toContain('Title: Hello page');
  });

  test('snapshot shows roles, names and refs of the page', async ({ agent }) => {
    const url = agent.pages.page('/form', html('<h1>Sign in</h1><label>Email <input type="email"></label><button>Submit</button>', 'Form'));
    await agent.server.ok('browser_navigate', { url });
    const { text } = await agent.server.ok('browser_snapshot');
    expect(text).toContain('- heading "Sign in" [level=1]');
    expect(text).toMatch(/- textbox "Email" \[ref=e\d+\]/);
    expect(text).toMatch(/- button "Submit" \[ref=e\d+\]/);
  });

  test('tabs lists the agent tab as current', async ({ agent }) => {
    const url = agent.pages.page('/tabs', html('<p>tab</p>', 'Tab page'));
    const nav = await agent.server.ok('browser_navigate', { url });
    const tabId = /Tab: (\d+)/.exec(nav.text)![1];
    const { text } = await agent.server.ok('browser_tabs', { action: 'list' });
    expect(text).toContain(`[current] tab ${tabId}: Tab page — ${url}`);
  });

  test('screenshot returns a PNG image of the page', async ({ agent }) => {
    const url = agent.pages.page('/shot', html('<div style="width:300px;height:200px;background:rgb(255,0,0)"></div>', 'Shot'));
    await agent.server.ok('browser_navigate', { url });
    const result = await agent.server.ok('browser_take_screenshot');
    expect(result.images).toHaveLength(1);
    expect(result.images[0].mimeType).toBe('image/png');
    const png = Buffer.from(result.images[0].data, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR width/height: the viewport, not an empty image.
    expect(png.readUInt32BE(16)).toBeGreaterThan(600);
    expect(png.readUInt32BE(20)).toBeGreaterThan(300);
    expect(result.text).toMatch(/saved to .*\.png/i);
  });
});
