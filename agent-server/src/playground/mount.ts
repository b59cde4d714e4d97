/**
 * The playground: a small web app at http://127.0.0.1:<port>/ on the hub,
 * a real MCP client (Streamable HTTP, /mcp) for trying tools by hand. Its
 * script and stylesheet are bundled by build.mjs next to cli.js.
 *
 * The page needs the bearer token. It is written into the HTML only for a
 * navigation the user made (Sec-Fetch-Site "none" or "same-origin", no
 * foreign Origin): another site can neither frame the page nor read it, and
 * the hub's Host check already stops DNS rebinding. Any other request gets
 * the page without the token, which then asks for it.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExtensionHub } from '../hub.ts';
import { playgroundHtml } from './page.ts';

const ASSETS: Record<string, { file: string; type: string }> = {
  '/playground.js': { file: 'playground.js', type: 'text/javascript; charset=utf-8' },
  '/playground.css': { file: 'playground.css', type: 'text/css; charset=utf-8' },
};

const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'self'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

function isOwnOrigin(origin: string, port: number): boolean {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`].includes(origin);
}

/** A top-level navigation by the user (typed, bookmarked, reloaded), not a request made by some other site. */
function mayReceiveToken(req: IncomingMessage, port: number): boolean {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  if (origin && !isOwnOrigin(origin, port)) return false;
  return site === 'none' || site === 'same-origin';
}

function assetDir(): string {
  // In the bundle, import.meta.url is dist/cli.js and the assets sit next to it.
  return new URL('.', import.meta.url).pathname;
}

export function mountPlayground(hub: ExtensionHub, token: string): void {
  hub.mount('/', async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const html = playgroundHtml({ token: mayReceiveToken(req, hub.port) ? token : '', port: hub.port });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS }).end(html);
  });
  for (const [path, asset] of Object.entries(ASSETS)) {
    hub.mount(path, async (_req, res) => {
      const file = `${assetDir()}${asset.file}`;
      if (!fs.existsSync(file)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`${asset.file} is not built: run "npm run build:server".`);
        return;
      }
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache', ...SECURITY_HEADERS }).end(fs.readFileSync(file));
    });
  }
}
