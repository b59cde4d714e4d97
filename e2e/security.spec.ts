import { test } from '@playwright/test';
import { EXTENSION_ID } from '../src/shared/constants.ts';
import { expect } from './fixtures.ts';
import { createHome, freePort, McpServerProcess } from './helpers/agent-server.ts';
import { removeDir, tempDir } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';
import { hello, rawConnect } from './helpers/ws-client.ts';

// A server with no browser attached: we play the extension (or the attacker) by hand.
let server: McpServerProcess;
let port: number;
let token: string;
let dir: string;

test.beforeEach(async () => {
  dir = tempDir('security');
  port = await freePort();
  const home = createHome(dir);
  token = home.token;
  server = await new McpServerProcess({ args: ['--port', String(port), '--no-launch'], home: home.home }).start();
  await server.waitForLog(/extension endpoint on/);
});
test.afterEach(async () => {
  await server.stop();
  removeDir(dir);
});

test('a web page cannot open a WebSocket to the server', async ({ page }) => {
  const pages = await new TestServer().start();
  await page.goto(pages.page('/evil', html('<p>evil</p>')));
  const outcome = await page.evaluate(async (p) => {
    return new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${p}/extension`);
      ws.onopen = () => resolve('open');
      ws.onerror = () => resolve('refused');
    });
  }, port);
  expect(outcome).toBe('refused');
  await server.waitForLog(/refused a connection: origin "http:\/\/127\.0\.0\.1:\d+" is not the browser-agent extension/);
  await pages.stop();
});

test('a wrong Host header (DNS rebinding) is refused', async () => {
  await expect(rawConnect(port, { origin: `chrome-extension://${EXTENSION_ID}`, host: `evil.example:${port}` })).rejects.toThrow('HTTP 403');
  await server.waitForLog(/Host header "evil\.example:\d+" is not a loopback name/);
});

test('another extension id is refused', async () => {
  await expect(rawConnect(port, { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' })).rejects.toThrow('HTTP 403');
});

test('a wrong or missing pairing token is refused with a readable reason', async () => {
  const wrong = await rawConnect(port);
  wrong.ws.send(hello('not-the-token'));
  expect(await wrong.closed).toEqual({ code: 4001, reason: 'wrong pairing token' });
  const missing = await rawConnect(port);
  missing.ws.send(hello(''));
  expect(await missing.closed).toEqual({ code: 4001, reason: 'no pairing token' });
  await server.waitForLog(/refused extension: wrong pairing token/);
});

test('a protocol version mismatch is refused with a reason that says what to update', async () => {
  const conn = await rawConnect(port);
  conn.ws.send(hello(token, 999));
  const { code, reason } = await conn.closed;
  expect(code).toBe(4002);
  expect(reason).toContain('Protocol mismatch: extension speaks v999, server speaks v1. Update the agent server');
});

test('the first message must be hello', async () => {
  const conn = await rawConnect(port);
  conn.ws.send(JSON.stringify({ type: 'event', event: 'keepalive' }));
  expect((await conn.closed).code).toBe(4003);
});

test('malformed messages get an error reply and the connection stays up', async () => {
  const conn = await rawConnect(port);
  conn.ws.send(hello(token));
  expect(await conn.next()).toMatchObject({ type: 'welcome', protocol: 1 });

  conn.ws.send('{not json');
  expect(await conn.next()).toMatchObject({ type: 'response', id: null, error: { code: 'BAD_MESSAGE' } });
  conn.ws.send(JSON.stringify({ type: 'response', id: 'seven', result: 1 }));
  expect(await conn.next()).toMatchObject({ type: 'response', error: { code: 'BAD_MESSAGE' } });
  conn.ws.send(JSON.stringify({ type: 'event', event: 'no-such-event' }));
  expect(await conn.next()).toMatchObject({ error: { code: 'UNKNOWN_METHOD', message: 'Unknown event "no-such-event".' } });
  conn.ws.send(Buffer.from([1, 2, 3]), { binary: true });
  expect(await conn.next()).toMatchObject({ error: { code: 'BAD_MESSAGE' } });
  conn.ws.send(JSON.stringify({ type: 'event', event: 'keepalive', data: 'x'.repeat(70 * 1024 * 1024) }));
  expect(await conn.next(20_000)).toMatchObject({ error: { code: 'MESSAGE_TOO_LARGE' } });

  // Still connected: a real command goes through this connection and we answer it.
  const call = server.call('browser_tabs', { action: 'list' });
  const request = await conn.next();
  expect(request).toMatchObject({ type: 'request', method: 'tabs.list' });
  conn.ws.send(JSON.stringify({ type: 'response', id: request.id, result: { tabs: [] } }));
  expect((await call).text).toContain('The agent has no tabs yet');
  conn.ws.close();
});

/** Playing the extension: connects, then answers the tabs.list request of a browser_tabs call with `answer`. */
async function answerTabsList(answer: Record<string, unknown>) {
  const conn = await rawConnect(port);
  conn.ws.send(hello(token));
  await conn.next();
  const call = server.call('browser_tabs', { action: 'list' });
  const request = await conn.next();
  conn.ws.send(JSON.stringify({ type: 'response', id: request.id, ...answer }));
  return call;
}

test('an invalid result from the extension is a readable error, not a crash', async () => {
  const result = await answerTabsList({ result: { tabs: 'nope' } });
  expect(result.isError).toBe(true);
  expect(result.text).toContain('INTERNAL: The extension answered tabs.list with an invalid result: tabs:');
});

test('an answer the server cannot read (an error code it does not know) ends the command at once, with the reason', async () => {
  const result = await answerTabsList({ error: { code: 'FROM_A_NEWER_BUILD', message: 'x' } });
  expect(result.text).toContain('INTERNAL: The extension answered tabs.list with a message this server cannot read');
});

test('bad tool arguments are refused with the parameter named', async () => {
  const result = await server.call('browser_navigate', { url: 42 });
  expect(result.isError).toBe(true);
  expect(result.text).toMatch(/INVALID_PARAMS: browser_navigate: url: /);
  const unknown = await server.call('browser_navigate', { url: 'http://x', color: 'red' });
  expect(unknown.text).toMatch(/INVALID_PARAMS.*color/);
});

test('with --no-launch and no browser, a tool call says how to connect one', async () => {
  const result = await server.call('browser_snapshot');
  expect(result.isError).toBe(true);
  expect(result.text).toContain('EXTENSION_NOT_CONNECTED');
  expect(result.text).toContain('browser-agent token');
});
