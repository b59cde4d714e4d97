/**
 * Fuzz, service-worker half: 10,000 malformed or hostile frames from "the
 * server" at the extension's service worker. The test path is a pairing.json
 * that points the real extension at a WebSocket server in this test, which
 * says welcome exactly as agent-server/src/hub.ts does and then turns
 * hostile. After each hostile frame a probe (a valid ping with a serial id)
 * follows on the same socket: the worker parses frames in order and answers
 * an unreadable one at once, so everything with id null before the probe's
 * pong belongs to the hostile frame; a request it could read is answered by
 * its own id, possibly after the pong. The protocol's own parser
 * (src/shared/protocol.ts) says which frames must be answered and with which
 * id; the worker must answer each exactly once, send only valid protocol
 * messages, never throw, never be replaced by a new worker, and come back by
 * itself whenever the socket closes. Afterwards a real command must work.
 */
import { expect, test, type Worker } from '@playwright/test';
import { WebSocketServer, type WebSocket } from 'ws';
import { SERVER_VERSION } from '../agent-server/src/version.ts';
import { freePort } from '../e2e/helpers/agent-server.ts';
import { ExtensionBrowser } from '../e2e/helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from '../e2e/helpers/paths.ts';
import { html, TestServer } from '../e2e/helpers/server.ts';
import { MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES, PROTOCOL_VERSION } from '../src/shared/constants.ts';
import { parseFrame, ToExtension, ToServer, type RequestMessage, type WelcomeMessage } from '../src/shared/protocol.ts';
import { rng, towardWorker, type WorkerHostile } from './fuzz-corpus.ts';
import { figure, scaled } from './helpers.ts';

const TOTAL = scaled(10_000, 200);
const SEED = Number(process.env.FUZZ_SEED ?? '8');
/** The test's own agent session; hostile frames never use it, so its tab stays untouched. */
const SESSION = { id: 'worker-fuzz-test', name: 'worker-fuzz test' };
/** Probe ids, far from the corpus's ids (1_000_000 + i). */
const PROBE = 1_000_000_000;
/** A frame left unanswered this long is a hang; the worker's own command timeout is 30 s. */
const HANG_MS = 60_000;

type Reply = Extract<ToServer, { type: 'response' }>;

interface Conn {
  ws: WebSocket;
  welcomed: boolean;
  replies: Reply[];
  closed: { code: number; reason: string } | null;
}

/** The server end: one WebSocket server, the current connection, and every protocol break the worker commits. */
class FakeHub {
  readonly wss: WebSocketServer;
  conn: Conn | null = null;
  connections = 0;
  readonly broken: string[] = [];
  private wake: () => void = () => undefined;

  constructor(port: number, private readonly token: string) {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port, path: '/extension', maxPayload: MAX_MESSAGE_BYTES * 2 });
    this.wss.on('connection', (ws) => this.onConnection(ws));
  }

  private onConnection(ws: WebSocket): void {
    const conn: Conn = { ws, welcomed: false, replies: [], closed: null };
    ws.on('message', (data, isBinary) => {
      const parsed = isBinary ? null : parseFrame(ToServer, data.toString('utf8'), MAX_MESSAGE_BYTES);
      if (!parsed?.ok) {
        this.broken.push(`the worker sent ${isBinary ? 'a binary frame' : `an invalid message (${parsed?.message}): ${data.toString('utf8').slice(0, 200)}`}`);
        // Still count it as the reply it tries to be, so the tally stays in step.
        let loose: Reply | null = null;
        try {
          loose = isBinary ? null : (JSON.parse(data.toString('utf8')) as Reply | null);
        } catch {
          // not even JSON: already counted as a break
        }
        if (loose?.type === 'response') conn.replies.push(loose);
      } else if (!conn.welcomed) {
        // As hub.ts does: the first message must be a hello of our protocol with the pairing token.
        const hello = parsed.message;
        if (hello.type !== 'hello' || hello.protocol !== PROTOCOL_VERSION || hello.token !== this.token) {
          this.broken.push(`first message was not a good hello: ${data.toString('utf8').slice(0, 200)}`);
          ws.close(4003, 'bad hello');
        } else {
          const welcome: WelcomeMessage = { type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: SERVER_VERSION };
          ws.send(JSON.stringify(welcome));
          conn.welcomed = true;
          this.conn = conn;
          this.connections++;
        }
      } else if (parsed.message.type === 'response') conn.replies.push(parsed.message);
      else if (parsed.message.type === 'hello') this.broken.push('a second hello on one connection');
      // Events (keepalive, tabOpened) are valid and need nothing from the server.
      this.wake();
    });
    ws.on('close', (code, reason) => {
      conn.closed = { code, reason: reason.toString() };
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  /** Resolves once `done()` holds; throws after `ms`. Checked on every frame and every 100 ms. */
  async until(done: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms / 1000} s (hang)`);
      await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
  }

  /** The worker's next connection after `count`, once welcomed. */
  async reconnected(count: number): Promise<Conn> {
    await this.until(() => this.connections > count && this.conn?.welcomed === true && !this.conn.closed, HANG_MS, 'reconnect');
    return this.conn!;
  }

  /** One request from the test's own session, and its reply. */
  async call(method: string, params: unknown, id: number): Promise<Reply> {
    const conn = this.conn!;
    const request: RequestMessage = { type: 'request', id, method, params, session: SESSION };
    conn.ws.send(JSON.stringify(request));
    await this.until(() => conn.replies.some((m) => m.id === id) || conn.closed !== null, HANG_MS, method);
    const reply = conn.replies.find((m) => m.id === id);
    if (!reply) throw new Error(`${method}: the connection closed (${conn.closed?.code})`);
    conn.replies.splice(conn.replies.indexOf(reply), 1);
    return reply;
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise((resolve) => this.wss.close(resolve));
  }
}

/** What the protocol says about a frame: answered with which id, or valid and not to be answered. */
function oracle(h: WorkerHostile): { answer: false } | { answer: true; id: number | null; request: boolean } {
  if (typeof h.data !== 'string') return { answer: true, id: null, request: false };
  const parsed = parseFrame(ToExtension, h.data, MAX_REQUEST_BYTES);
  if (!parsed.ok) return { answer: true, id: parsed.id, request: false };
  return parsed.message.type === 'request' ? { answer: true, id: parsed.message.id, request: true } : { answer: false };
}

function send(ws: WebSocket, h: WorkerHostile): void {
  const ignore = () => undefined; // the browser may already have failed the connection
  if (h.ping) ws.ping(h.ping, undefined, ignore);
  else if (h.close) ws.close(h.close.code, h.close.reason);
  else if (typeof h.data === 'string') ws.send(h.data, ignore);
  else if (h.data) ws.send(h.data, { binary: !h.asText }, ignore);
}

/** Watches the service worker for uncaught errors and marks it, so a replacement worker is noticed. */
async function watchWorker(worker: Worker, marker: string): Promise<void> {
  await worker.evaluate((mark) => {
    const state = { marker: mark, errors: [] as string[] };
    Object.assign(globalThis, { __workerFuzz: state });
    globalThis.addEventListener('error', (e) => state.errors.push(`error: ${(e as ErrorEvent).message}`));
    globalThis.addEventListener('unhandledrejection', (e) => state.errors.push(`unhandled rejection: ${String((e as PromiseRejectionEvent).reason?.stack ?? (e as PromiseRejectionEvent).reason).slice(0, 500)}`));
  }, marker);
}

test('10,000 hostile frames at the service worker: each answered or refused, no crash, connection recovers', async () => {
  test.setTimeout(30 * 60_000);
  assertBuilt();
  const dir = tempDir('rel-worker-fuzz');
  const port = await freePort();
  const token = 'worker-fuzz-token-0123456789';
  const hub = new FakeHub(port, token);
  const pages = await new TestServer().start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const tally = { answeredError: 0, answeredResult: 0, silent: 0, refused: 0, dropped: 0, reconnects: 0, crashes: 0 };
  const problems: string[] = [];
  const kinds = new Map<string, number>();
  try {
    const worker = await browser.serviceWorker();
    worker.on('close', () => tally.crashes++);
    const marker = `fuzz-${Date.now()}`;
    await watchWorker(worker, marker);
    let conn = await hub.reconnected(0);
    // In a browser the server launched, the first session to ask takes the open tabs: make that ours.
    const listed = await hub.call('tabs.list', {}, 1);
    const ours = ((listed as { result?: { tabs?: { id: number }[] } }).result?.tabs ?? []).map((t) => t.id);
    expect(ours.length, JSON.stringify(listed)).toBeGreaterThan(0);

    const r = rng(SEED);
    for (let i = 0; i < TOTAL && problems.length <= 20; i++) {
      const h = towardWorker(r, i);
      kinds.set(h.kind, (kinds.get(h.kind) ?? 0) + 1);
      const what = `#${i} ${h.kind}`;
      const said = h.data === undefined ? ({ answer: false } as const) : oracle(h);
      if (h.data !== undefined && h.expect !== 'close' && (h.expect === 'silent') === said.answer) problems.push(`${what}: the corpus says ${h.expect}, the protocol says ${said.answer ? 'answer' : 'no answer'}: ${String(h.data).slice(0, 200)}`);

      if (h.expect === 'drop') {
        const before = hub.connections;
        send(conn.ws, h);
        conn = await hub.reconnected(before);
        tally.dropped++;
        tally.reconnects++;
        continue;
      }
      const before = hub.connections;
      send(conn.ws, h);
      conn.ws.send(JSON.stringify({ type: 'request', id: PROBE + i, method: 'ping', params: {}, session: SESSION } satisfies RequestMessage), () => undefined);
      const current = conn;
      const answered = () => !said.answer || said.id === null || current.replies.some((m) => m.id === said.id);
      try {
        await hub.until(() => current.closed !== null || (current.replies.some((m) => m.id === PROBE + i) && answered()), HANG_MS, what);
      } catch (error) {
        problems.push((error as Error).message);
        break;
      }

      const replies = current.replies.splice(0);
      const pong = replies.filter((m) => m.id === PROBE + i);
      const own = said.answer ? replies.filter((m) => m.id === said.id) : [];
      const stray = replies.filter((m) => !pong.includes(m) && !own.includes(m));
      if (stray.length) problems.push(`${what}: replies nobody asked for: ${JSON.stringify(stray).slice(0, 300)}`);
      if (current.closed) {
        // Closing on hostile input is a refusal; closing on a valid frame would cut off a real server.
        if (h.expect === 'close' || (h.expect === 'answer' && !own.length)) tally.refused++;
        else problems.push(`${what}: the worker closed the connection (${current.closed.code}) on a frame it should have handled`);
        conn = await hub.reconnected(before);
        tally.reconnects++;
        continue;
      }
      if (pong.length !== 1 || !('result' in pong[0])) problems.push(`${what}: the probe got ${JSON.stringify(pong).slice(0, 300)}`);
      if (h.expect === 'close') problems.push(`${what}: expected the browser to fail the connection; it stayed open`);
      else if (!said.answer) {
        if (own.length) problems.push(`${what}: expected no answer, got ${JSON.stringify(own).slice(0, 300)}`);
        tally.silent++;
      } else if (own.length !== 1) problems.push(`${what}: expected 1 answer with id ${said.id}, got ${own.length}`);
      else if (h.expect === 'result' && said.request && !('result' in own[0])) problems.push(`${what}: a valid request failed: ${JSON.stringify(own[0]).slice(0, 300)}`);
      else if ('error' in own[0]) tally.answeredError++;
      else tally.answeredResult++;
      // A hostile session's new tab: close it again so the browser does not fill up with tabs.
      if (h.opensTab) {
        await worker.evaluate(async (keep) => {
          for (const tab of await chrome.tabs.query({})) if (tab.id !== undefined && !keep.includes(tab.id)) await chrome.tabs.remove(tab.id).catch(() => undefined);
        }, ours);
      }
    }

    expect(problems.filter((p) => p.endsWith('(hang)')), 'a hang stops the run').toEqual([]);

    // Recovery: the same worker, connected, and a real command on a real page works.
    const url = pages.page('/after-fuzz', html('<h1>After the fuzz</h1><button>Still here</button>', 'After fuzz'));
    const opened = await hub.call('tabs.new', { url }, 3);
    expect(opened, JSON.stringify(opened)).toHaveProperty('result.id');
    const tabId = (opened as { result: { id: number } }).result.id;
    const snapshot = await hub.call('snapshot', { tabId }, 4);
    expect(JSON.stringify(snapshot)).toContain('button \\"Still here\\"');
    expect(hub.conn!.replies, 'late or doubled replies').toEqual([]);
    const seen = await worker.evaluate(async () => {
      const { status, activity } = (await chrome.storage.session.get(['status', 'activity'])) as { status?: { state: string }; activity?: { method: string }[] };
      return { state: status?.state, lastCommand: activity?.at(-1)?.method, ...(globalThis as unknown as { __workerFuzz: { marker: string; errors: string[] } }).__workerFuzz };
    });
    expect(seen.marker, 'the service worker was replaced').toBe(marker);
    figure('worker fuzz', `${TOTAL} hostile frames at the service worker (seed ${SEED}): sent ${TOTAL}, answered ${tally.answeredError + tally.answeredResult} ` +
      `(${tally.answeredError} with an error, ${tally.answeredResult} with a result), ${tally.silent} valid-but-unexpected ignored by design, refused ${tally.refused} (the browser closed the socket), ` +
      `${tally.dropped} hung up by the server, reconnects ${tally.reconnects}, crashes ${tally.crashes}, exceptions in the worker ${seen.errors.length}, protocol breaks by the worker ${hub.broken.length}, problems ${problems.length}. ` +
      `Kinds: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    expect({ problems, brokenByWorker: hub.broken.slice(0, 20), errorsInWorker: seen.errors }).toEqual({ problems: [], brokenByWorker: [], errorsInWorker: [] });
    expect(tally.crashes).toBe(0);
    expect(seen.state).toBe('connected');
    // The popup's activity log still records commands after all that.
    expect(seen.lastCommand).toBe('snapshot');
  } finally {
    await browser.stop();
    await hub.close();
    await pages.stop();
    removeDir(dir);
  }
});
