import { expect, test } from '@playwright/test';
import { WebSocketServer, type WebSocket } from 'ws';
import { freePort } from './helpers/agent-server.ts';
import { ExtensionBrowser } from './helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from './helpers/paths.ts';

/**
 * We play the server and look at what the real extension does: its hello,
 * its answers to malformed or hostile requests, and what the popup shows
 * when refused.
 */
let wss: WebSocketServer;
let browser: ExtensionBrowser;
let dir: string;
let port: number;
const token = 'fake-server-token-0123456789';
const SESSION = { id: 'fake', name: 'Fake server' };

function nextConnection(): Promise<{ ws: WebSocket; origin: string; next: () => Promise<Record<string, unknown>> }> {
  return new Promise((resolve) => {
    wss.once('connection', (ws, req) => {
      const queue: Record<string, unknown>[] = [];
      const waiters: ((m: Record<string, unknown>) => void)[] = [];
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as Record<string, unknown>;
        if (m.type === 'event' && m.event === 'keepalive') return;
        const w = waiters.shift();
        if (w) w(m);
        else queue.push(m);
      });
      resolve({
        ws,
        origin: req.headers.origin ?? '',
        next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((r) => waiters.push(r))),
      });
    });
  });
}

test.beforeEach(async () => {
  assertBuilt();
  dir = tempDir('fake-server');
  port = await freePort();
  wss = new WebSocketServer({ host: '127.0.0.1', port, path: '/extension' });
});
test.afterEach(async () => {
  await browser?.stop();
  for (const client of wss.clients) client.terminate();
  await new Promise((r) => wss.close(r));
  removeDir(dir);
});

test('the extension says hello with version and token, and answers malformed requests without dropping the connection', async () => {
  const connection = nextConnection();
  browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const { ws, origin, next } = await connection;
  expect(origin).toBe(`chrome-extension://${browser.extensionId}`);
  expect(await next()).toMatchObject({ type: 'hello', protocol: 1, extensionVersion: '0.1.0', token });
  ws.send(JSON.stringify({ type: 'welcome', protocol: 1, serverVersion: 'test' }));

  ws.send('{oops');
  expect(await next()).toMatchObject({ type: 'response', id: null, error: { code: 'BAD_MESSAGE' } });
  ws.send(JSON.stringify({ type: 'request', id: 1, method: 'format_disk', session: SESSION, params: {} }));
  expect(await next()).toMatchObject({ id: 1, error: { code: 'UNKNOWN_METHOD' } });
  ws.send(JSON.stringify({ type: 'request', id: 2, method: 'navigate', session: SESSION, params: { url: 7 } }));
  expect(await next()).toMatchObject({ id: 2, error: { code: 'INVALID_PARAMS', message: expect.stringContaining('url') } });
  ws.send(JSON.stringify({ type: 'request', id: 3, method: 'ping', session: SESSION, params: {}, extra: 'x'.repeat(2 * 1024 * 1024) }));
  expect(await next()).toMatchObject({ error: { code: 'MESSAGE_TOO_LARGE' } });
  ws.send(Buffer.from([0, 1, 2]), { binary: true });
  expect(await next()).toMatchObject({ error: { code: 'BAD_MESSAGE' } });
  ws.send(JSON.stringify({ type: 'request', id: 4, method: 'ping', session: SESSION, params: {} }));
  expect(await next()).toEqual({ type: 'response', id: 4, result: { pong: true } });
});

test('the popup shows why the server refused the extension', async () => {
  const connection = nextConnection();
  browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const { ws } = await connection;
  ws.close(4002, 'Protocol mismatch: extension speaks v1, server speaks v2. Update the extension.');
  const popup = await browser.popup();
  await expect(popup.getByRole('status')).toContainText('Refused');
  await expect(popup.getByRole('status')).toContainText('Protocol mismatch: extension speaks v1, server speaks v2. Update the extension.');
});
