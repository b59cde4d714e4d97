/**
 * The playground: a small web app at http://127.0.0.1:<port>/ on the hub,
 * a real MCP client (Streamable HTTP, /mcp) for trying tools by hand. Its
 * script and stylesheet are bundled by build.mjs next to cli.js.
 *
 * The page needs the bearer token but is never served with it: any local
 * program can fake Sec-Fetch headers, and the token is what keeps other
 * users' programs out of /mcp. The person gets it from the URL the hub
 * prints (#token=…, a fragment never sent to a server) or pastes it.
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

function assetDir(): string {
  // In the bundle, import.meta.url is dist/cli.js and the assets sit next to it.
  return new URL('.', import.meta.url).pathname;
}

export function mountPlayground(hub: ExtensionHub): void {
  hub.mount('/', async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const html = playgroundHtml({ port: hub.port });
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
