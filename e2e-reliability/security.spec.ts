/**
 * Security: everyone but our paired extension on loopback is refused. Each
 * attempt below must fail; the count is printed. A good hello at the end
 * shows the refusals did not break the endpoint.
 */
import { chromium, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { createHome, freePort, McpServerProcess } from '../e2e/helpers/agent-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/chromium.ts';
import { assertBuilt, CLI, removeDir, tempDir } from '../e2e/helpers/paths.ts';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { hello, rawConnect } from '../e2e/helpers/ws-client.ts';
import { CLOSE, EXTENSION_ID, PROTOCOL_VERSION } from '../src/shared/constants.ts';
import { figure } from './helpers.ts';

const OURS = `chrome-extension://${EXTENSION_ID}`;

/** Resolves with how the upgrade failed, or throws if it was accepted. */
async function upgradeRefused(port: number, headers: Record<string, string>): Promise<string> {
  try {
    const conn = await rawConnect(port, headers);
    conn.ws.terminate();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`upgrade with ${JSON.stringify(headers)} was accepted`);
}

/** Connects with a good origin, says `helloText`, and returns the close code. */
async function helloRefused(port: number, helloText: string): Promise<number> {
  const conn = await rawConnect(port);
  conn.ws.send(helloText);
  const { code } = await conn.closed;
  return code;
}

function tcpRefused(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, timeout: 3_000 });
    socket.once('connect', () => (socket.destroy(), reject(new Error(`${host}:${port} accepted a TCP connection`))));
    socket.once('timeout', () => (socket.destroy(), resolve('timeout')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test('web origins, wrong Host, missing/wrong token, wrong extension id and other interfaces are all refused', async () => {
  assertBuilt();
  const dir = tempDir('rel-sec');
  const port = await freePort();
  const { home, token } = createHome(dir);
  const server = await new McpServerProcess({ args: ['--port', String(port), '--no-launch'], home }).start();
  const pages = await new TestServer().start();
  const refused: string[] = [];
  const note = (what: string, how: string) => refused.push(`${what} → ${how}`);
  try {
    await server.waitForLog(/MCP server ready/, 15_000);

    // WebSocket upgrades that must get 403.
    for (const [what, headers] of Object.entries({
      'web origin': { origin: 'https://evil.example' },
      'local web origin': { origin: 'http://127.0.0.1:8080' },
      'null origin (sandboxed iframe, file:)': { origin: 'null' },
      'no Origin (a local program)': {},
      'wrong extension id': { origin: 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      'our id in another scheme': { origin: `moz-extension://${EXTENSION_ID}` },
      'wrong Host (DNS rebinding)': { origin: OURS, host: `evil.example:${port}` },
      'Host that only starts with a loopback name': { origin: OURS, host: `127.0.0.1.evil.example:${port}` },
    } as Record<string, Record<string, string>>)) {
      const how = await upgradeRefused(port, headers);
      expect(how, what).toContain('403');
      note(what, how);
    }

    // HTTP with a foreign Host is refused before any route.
    const rebind = await new Promise<number>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(`GET /health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0)));
      socket.on('error', reject);
    });
    expect(rebind).toBe(403);
    note('HTTP /health with Host evil.example', `HTTP ${rebind}`);

    // A real web page in a real browser cannot open the socket.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      await page.goto(pages.page('/evil', html('<h1>evil</h1>', 'evil')));
      const outcome = await page.evaluate((p) => new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${p}/extension`);
        ws.onopen = () => resolve('open');
        ws.onclose = (e) => resolve(`closed ${e.code}`);
      }), port);
      expect(outcome).not.toBe('open');
      note('WebSocket from a web page in Chromium', outcome);
    } finally {
      await browser.close();
    }

    // Good origin, bad hello.
    for (const [what, text, code] of [
      ['missing token', hello(''), CLOSE.NOT_PAIRED],
      ['wrong token', hello('x'.repeat(32)), CLOSE.NOT_PAIRED],
      ['token with one character changed', hello(token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a')), CLOSE.NOT_PAIRED],
      ['no token field', JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, extensionVersion: '1' }), null],
      ['other protocol version', hello(token, PROTOCOL_VERSION + 1), CLOSE.PROTOCOL_MISMATCH],
      ['a request instead of hello', JSON.stringify({ type: 'response', id: 1, result: {} }), CLOSE.BAD_HELLO],
    ] as [string, string, number | null][]) {
      const got = await helloRefused(port, text);
      // "no token field" is not a hello at all: answered BAD_MESSAGE, then closed by the hello timer.
      if (code !== null) expect(got, what).toBe(code);
      else expect(got, what).toBe(CLOSE.BAD_HELLO);
      note(what, `closed ${got}`);
    }

    // Other addresses of this machine: the server binds 127.0.0.1 only.
    // Link-local IPv6 needs its interface as scope to be dialled at all.
    const others = Object.entries(os.networkInterfaces()).flatMap(([name, addrs]) => (addrs ?? []).filter((a) => !a.internal).map((a) => (a.address.startsWith('fe80:') ? `${a.address}%${name}` : a.address)));
    for (const host of ['127.0.0.2', '::1', ...others]) {
      const how = await tcpRefused(host, port);
      note(`TCP to ${host}:${port}`, how);
    }

    // Asking for a non-loopback bind: there is no such option, and the CLI says so.
    const bind = spawnSync(process.execPath, [CLI, 'mcp', '--host', '0.0.0.0', '--port', String(await freePort())], { env: { ...process.env, BROWSER_AGENT_HOME: home }, encoding: 'utf8', timeout: 15_000, input: '' });
    expect(bind.status).not.toBe(0);
    note('mcp --host 0.0.0.0', `exit ${bind.status}: ${bind.stderr.trim().split('\n')[0]}`);

    // The endpoint still takes our extension.
    const good = await rawConnect(port);
    good.ws.send(hello(token));
    expect((await good.next()).type).toBe('welcome');
    good.ws.terminate();
    figure('security', `${refused.length} attempts refused, 0 accepted (other addresses tried: ${others.length ? others.join(', ') : 'none besides loopback'}):\n  ${refused.join('\n  ')}`);
  } finally {
    await server.stop();
    await pages.stop();
    removeDir(dir);
  }
});
