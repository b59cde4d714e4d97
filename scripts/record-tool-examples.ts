/**
 * Records the example calls and responses of docs/tools.md by running every
 * tool once against a small shop page, through the real server and browser,
 * so the reference shows what the tools really answer. `npm run docs:tools`
 * writes scripts/tool-examples.json (after a build; it needs Chromium);
 * e2e/docs.spec.ts runs it again and fails when an answer changed shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHome, freePort, McpServerProcess } from '../e2e/helpers/agent-server.ts';
import { removeDir, tempDir } from '../e2e/helpers/paths.ts';
import { refOf } from '../e2e/helpers/refs.ts';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { EXAMPLES_FILE, type ToolExample } from './gen-tool-docs.ts';

// Stand-ins for what differs run by run, so the reference reads the same each time it is made.
const PORT = 4173;
const TAB_IDS = [1843, 1851, 1862];
const HOME = '/home/me';

const SHOP = `
  <h1>Demo Shop</h1>
  <form role="search" action="/search"><input type="search" name="q" aria-label="Search products"><button>Search</button></form>
  <ul role="menubar"><li role="menuitem" aria-haspopup="menu" onmouseenter="document.getElementById('sub').hidden = false">Products
    <ul role="menu" id="sub" hidden><li role="menuitem">Mice</li><li role="menuitem">Keyboards</li></ul></li></ul>
  <p>Wireless Mouse <span id="price">$24.00</span>
    <button onclick="fetch('/api/cart', { method: 'POST' }).then(() => document.getElementById('status').textContent = 'Added to cart')">Add to cart</button>
    <button ondblclick="this.textContent = 'Zoomed in'">Zoom</button>
    <button onclick="if (confirm('Delete this item?')) this.remove()"><img alt="Delete" width="16" height="16" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></button></p>
  <p role="status" id="status"></p>
  <label>Email <input type="email" id="email"></label>
  <label><input type="checkbox"> I agree</label> <label><input type="checkbox" checked> Newsletter</label>
  <label>Shipping <select><option>Standard</option><option>Express</option></select></label>
  <label>Photo <input type="file"></label>
  <h2>Tasks</h2>
  <ul aria-label="To do"><li draggable="true" ondragstart="event.dataTransfer.setData('text', this.id)" id="t1">Task 1</li></ul>
  <ul aria-label="Done" style="min-height:40px;border:1px dashed" ondragover="event.preventDefault()" ondrop="this.append(document.getElementById(event.dataTransfer.getData('text')))"></ul>
  <canvas width="300" height="150" style="border:1px solid" aria-label="Chart"></canvas>
  <div style="height:1500px"></div>
  <script>console.error('Failed to load recommendations: 503'); console.log('shop ready');</script>`;

type Call = (name: string, args: Record<string, unknown>) => Promise<string>;

/** Runs every tool once; the first call of each tool is its example. */
export async function recordExamples(): Promise<Record<string, ToolExample>> {
  const pages = await new TestServer().start();
  const dir = tempDir('tool-examples');
  // Short on purpose: Chromium's socket path under it must stay under 108 bytes.
  const tmp = fs.mkdtempSync('/tmp/ba-docs-');
  const { home } = createHome(dir);
  const server = await new McpServerProcess({ args: ['--port', String(await freePort()), '--headless', '--caps', 'all'], home, env: { TMPDIR: tmp } }).start();
  const port = new URL(pages.origin).port;
  const tabIds = new Map<string, string>();
  const tabId = (id: string) => tabIds.get(id) ?? tabIds.set(id, String(TAB_IDS[tabIds.size] ?? 1900 + tabIds.size)).get(id)!;
  const normalize = (text: string) =>
    text
      .replaceAll(`127.0.0.1:${port}`, `127.0.0.1:${PORT}`)
      .replaceAll(tmp, HOME)
      .replace(/\b(tab:? |"tabId":)(\d{5,})/gi, (_, lead: string, id: string) => `${lead}${tabId(id)}`);
  const examples: Record<string, ToolExample> = {};
  const call: Call = async (name, args) => {
    const result = await server.call(name, args);
    const text = result.images.length ? `${result.text}\n(plus the image as image content)` : result.text;
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)} failed:\n${text}\n--- server log ---\n${server.log}`);
    examples[name] ??= { args: JSON.parse(normalize(JSON.stringify(args))) as Record<string, unknown>, response: normalize(text) };
    return text;
  };
  try {
    pages.page('/api/cart', '{"items":1}', { contentType: 'application/json' });
    pages.page('/search', html('<h1>Results for laptop</h1>', 'Search — Demo Shop'));
    // An icon of its own: whether the browser had asked for /favicon.ico yet would change the request and console lists.
    const shop = `<!doctype html><html><head><meta charset="utf-8"><title>Demo Shop</title><link rel="icon" href="data:,"></head><body>${SHOP}</body></html>`;
    await script(call, pages.page('/', shop), pages.page('/docs', html('<h1>Docs</h1>', 'Docs')), tmp);
  } finally {
    await server.stop();
    await pages.stop();
    removeDir(dir);
    removeDir(tmp);
  }
  return examples;
}

async function script(call: Call, shop: string, docs: string, tmp: string): Promise<void> {
  await call('browser_navigate', { url: shop });
  const snapshot = await call('browser_snapshot', { interactive: true });
  const ref = (line: string) => refOf(snapshot, line);
  await call('browser_find', { role: 'button', name: 'Add to cart' });
  await call('browser_click', { ref: ref('button "Add to cart"') });
  await call('browser_wait_for', { text: 'Added to cart' });
  await call('browser_dblclick', { ref: ref('button "Zoom"') });
  await call('browser_hover', { ref: ref('menuitem "Products"') });
  await call('browser_focus', { ref: ref('textbox "Email"') });
  await call('browser_fill', { ref: ref('textbox "Email"'), value: 'jane@example.com' });
  await call('browser_press_key', { key: 'Tab' });
  await call('browser_check', { ref: ref('checkbox "I agree"') });
  await call('browser_uncheck', { ref: ref('checkbox "Newsletter"') });
  await call('browser_is', { what: 'checked', ref: ref('checkbox "I agree"') });
  await call('browser_get', { what: 'text', selector: '#price' });
  await call('browser_select_option', { ref: ref('combobox "Shipping"'), values: ['Express'] });
  const photo = path.join(tmp, 'photo.png');
  fs.writeFileSync(photo, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  await call('browser_file_upload', { ref: ref('button "Photo"'), paths: [photo] });
  // The empty list has no ref: a selector does as well.
  await call('browser_drag', { from: ref('listitem "Task 1"'), to: 'ul[aria-label=Done]' });
  await call('browser_click', { ref: ref('button "Delete"') });
  await call('browser_handle_dialog', { accept: true });
  await call('browser_evaluate', { expression: 'document.title' });
  await call('browser_console_messages', { level: 'error' });
  await call('browser_clear_console_messages', {});
  const requests = await call('browser_network_requests', {});
  const id = /^\[([^\]]+)\] POST/m.exec(requests)?.[1];
  if (!id) throw new Error(`no request id in:\n${requests}`);
  await call('browser_network_request', { id });
  await call('browser_clear_network_requests', {});
  const corner = /(\d+),(\d+)/.exec(await call('browser_evaluate', { expression: '(({ x, y }) => `${Math.round(x)},${Math.round(y)}`)(document.querySelector("canvas").getBoundingClientRect())' }));
  if (!corner) throw new Error('the canvas has no box');
  const at = { x: Number(corner[1]) + 100, y: Number(corner[2]) + 60 };
  await call('browser_mouse_move_xy', at);
  await call('browser_mouse_click_xy', at);
  await call('browser_mouse_drag_xy', { startX: at.x, startY: at.y, endX: at.x + 100, endY: at.y });
  await call('browser_mouse_wheel_xy', { ...at, deltaY: 300 });
  await call('browser_scroll', { deltaY: 600 });
  const shot = await call('browser_take_screenshot', {});
  const saved = /Saved to (\S+\.png)/.exec(shot)?.[1];
  if (!saved) throw new Error(`no screenshot path in:\n${shot}`);
  await call('browser_read_image', { path: saved });
  await call('browser_resize', { preset: 'mobile' });
  await call('browser_set_offline', { offline: true });
  await call('browser_set_offline', { offline: false });
  await call('browser_service_workers', {});
  await call('browser_type', { ref: ref('searchbox "Search products"'), text: 'laptop', submit: true });
  await call('browser_navigate_back', {});
  await call('browser_navigate_forward', {});
  await call('browser_reload', {});
  await call('browser_tabs', { action: 'new', url: docs });
  await call('browser_tabs', { action: 'list' });
  await call('browser_snapshot', {});
}

// Run as a script (npm run docs:tools does): write the file.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const examples = await recordExamples();
  fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), EXAMPLES_FILE)} (${Object.keys(examples).length} tools).`);
}
