/**
 * The pages every MCP server in the comparison is driven on, served from
 * 127.0.0.1 by the bench itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { generatePage } from './snapshot-pages.ts';

export const FORM_FIELD = 'Name';
export const FORM_BUTTON = 'Submit';
export const COUNTER_BUTTON = 'Count';

/** A small form: typing + clicking Submit writes "Hello <name>" into #result; Count counts clicks. */
const FORM = `
  <h1>Sign up</h1>
  <form onsubmit="event.preventDefault()">
    <label>Name <input id="name" type="text"></label>
    <label>Email <input type="email"></label>
    <label><input type="checkbox"> Subscribe</label>
    <button id="submit" type="button">Submit</button>
    <button id="count" type="button">Count</button>
  </form>
  <output id="result"></output> <output id="clicks">0</output>
  <script>
    console.log('form ready', { fields: 3 });
    document.getElementById('submit').onclick = () => {
      document.getElementById('result').textContent = 'Hello ' + document.getElementById('name').value;
    };
    let n = 0;
    document.getElementById('count').onclick = () => { document.getElementById('clicks').textContent = String(++n); };
  </script>`;

const TRACE_VIEWER = 'node_modules/playwright-core/lib/vite/traceViewer';

export interface BenchPages {
  server: TestServer;
  form: string;
  big: string;
  /** A real application from node_modules, or null when none is installed. */
  app: { label: string; url: string } | null;
}

export async function servePages(): Promise<BenchPages> {
  const server = await new TestServer().start();
  const form = server.page('/form', html(FORM, 'Sign up'));
  const { html: body } = generatePage(10_000, 10_000);
  const big = server.page('/big', html(body, 'Generated 10000'));
  return { server, form, big, app: serveTraceViewer(server) };
}

/**
 * Playwright's Trace Viewer ships prebuilt in playwright-core (a React app):
 * a real application page without any outside network. bench/snapshot.ts
 * uses the same one.
 */
function serveTraceViewer(server: TestServer): BenchPages['app'] {
  const dir = path.resolve(TRACE_VIEWER);
  if (!fs.existsSync(path.join(dir, 'index.html'))) return null;
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json' };
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (types[path.extname(file)]) server.page(`/app/${path.relative(dir, file)}`, fs.readFileSync(file, 'utf8'), { contentType: types[path.extname(file)] });
    }
  };
  walk(dir);
  return { label: 'Playwright Trace Viewer', url: server.url('/app/index.html') };
}
