import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHome, freePort, McpServerProcess } from '../e2e/helpers/agent-server.ts';
import { tempDir } from '../e2e/helpers/paths.ts';
const root = process.argv[2];
const srv = http.createServer((req, res) => {
  const p = path.join(root, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
  const file = fs.existsSync(p) && fs.statSync(p).isDirectory() ? path.join(p, 'index.html') : p;
  if (!fs.existsSync(file)) { res.writeHead(404); res.end('nf'); return; }
  res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
const base = `http://127.0.0.1:${(srv.address() as any).port}/`;
const dir = tempDir('scratch-explore');
const tmp = fs.mkdtempSync('/tmp/ba-x-');
const { home } = createHome(dir);
const server = await new McpServerProcess({ args: ['--port', String(await freePort()), ...(process.env.CAPS ? ['--caps', process.env.CAPS] : [])], home, env: { TMPDIR: tmp } }).start();
const call = async (name: string, args: Record<string, unknown> = {}) => {
  const s = Date.now();
  const r = await server.call(name, args);
  const text = r.text + (r.images.length ? ` [${r.images.length} image(s)]` : '') + (r.isError ? ' [isError]' : '');
  console.log(`\n>>> ${name} ${JSON.stringify(args)} (${Date.now() - s} ms)\n${text.slice(0, Number(process.env.MAXOUT ?? 1500))}`);
  return text;
};
(globalThis as any).call = call;
const steps = (await import(path.resolve(process.argv[3]))).default as (call: typeof call, base: string) => Promise<void>;
try { await steps(call, base); } finally { await server.stop(); srv.close(); }
