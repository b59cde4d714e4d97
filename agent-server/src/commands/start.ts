/**
 * `npm start`: proves the whole chain on this machine — launches a managed
 * Chromium with the extension, loads a local page, takes a snapshot — prints
 * how to connect an MCP client or your own browser, and then keeps a hub
 * running (browser-agent serve) with the playground, until Ctrl+C.
 * `--check` stops after the self-check.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDir } from '../pairing.ts';
import { parseServerOptions } from '../options.ts';
import { probe, startRuntime } from '../runtime.ts';
import { runServe } from './serve.ts';

const DEMO_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>browser-agent demo</title></head>
<body><main><h1>Hello from browser-agent</h1>
<form><label>Your name <input name="name" placeholder="Ada"></label>
<label><input type="checkbox" checked> Remember me</label>
<button type="submit">Sign in</button></form>
<p>Read the <a href="/docs">docs</a>.</p></main></body></html>`;

export async function runStart(argv: string[]): Promise<number> {
  const checkOnly = argv.includes('--check');
  const args = argv.filter((arg) => arg !== '--check');
  const code = await selfCheck(args);
  if (code !== 0 || checkOnly) return code;
  const port = parseServerOptions(args).port;
  const running = await probe(port);
  if (running) {
    process.stdout.write(`\nA browser-agent ${running.role === 'hub' ? 'hub' : 'server'} already runs on port ${port}; its playground is http://127.0.0.1:${port}/ (token: browser-agent token).\n`);
    return 0;
  }
  process.stdout.write('\nStarting the hub (Ctrl+C stops it)…\n');
  return runServe(args);
}

async function selfCheck(args: string[]): Promise<number> {
  // Port 0: never collide with a browser-agent server the user already runs.
  const options = parseServerOptions([...args, '--port', '0', '--launch']);
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(DEMO_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const runtime = await startRuntime(options);
  try {
    const out = (text: string) => process.stdout.write(text + '\n');
    out(`Launching a managed Chromium (${options.headless ? 'headless' : 'headed'}) with the extension…`);
    const session = { id: 'start', name: 'browser-agent start' };
    const nav = await runtime.browser.call('navigate', { url }, session);
    out(`Navigated to ${nav.url} — "${nav.title}"`);
    const snap = await runtime.browser.call('snapshot', {}, session);
    out('\nSnapshot the agent sees:\n' + snap.text + '\n');
    out(setupHelp());
    return 0;
  } finally {
    await runtime.close();
    server.close();
  }
}

function setupHelp(): string {
  const cli = path.resolve(fileURLToPath(import.meta.url));
  const dist = path.resolve(path.dirname(cli), '../../dist');
  return `Everything works. Connect an MCP client:

  Claude Code:     claude mcp add browser-agent -- node ${cli} mcp
  Claude Desktop / Cursor (mcpServers in their JSON config):
    "browser-agent": { "command": "node", "args": ["${cli}", "mcp"] }

With no browser connected, the server launches its own Chromium at the first tool call.
To let the agent use YOUR browser instead: load ${dist} as an unpacked extension
(chrome://extensions → Developer mode → Load unpacked), then paste the token from
"node ${cli} token" into the extension's popup (token file: ${configDir()}/config.json).`;
}
