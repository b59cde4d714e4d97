/**
 * The extension endpoint: a WebSocket server on loopback that accepts only
 * our extension (origin + Host + pairing token), keeps exactly one
 * connection, and turns requests into promises with timeouts.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE, DEFAULT_COMMAND_TIMEOUT_MS, EXTENSION_ID, HELLO_TIMEOUT_MS, MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from '../../src/shared/constants.ts';
import { AgentError } from '../../src/shared/errors.ts';
import { describeIssues, EVENTS, METHODS, parseFrame, ToServer, type EventName, type Method, type Params, type Result, type SessionInfo, type ToExtension } from '../../src/shared/protocol.ts';

export interface TabOpened {
  tabId: number;
  url: string;
  openerTabId: number;
  sessionId: string;
}
import { log } from './log.ts';
import { tokenMatches } from './pairing.ts';
import { SERVER_VERSION } from './version.ts';

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HubOptions {
  port: number;
  token: string;
  /** 'hub' for `browser-agent serve`: other clients may share it. */
  role?: 'hub' | 'stdio';
  /** Extension ids allowed besides ours (users who pack their own build). */
  extraExtensionIds?: string[];
}

interface Pending {
  method: Method;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  error: AgentError;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class ExtensionHub extends EventEmitter<{ connected: [info: { extensionVersion: string; userAgent?: string }]; disconnected: []; tabOpened: [TabOpened] }> {
  private server: WebSocketServer | undefined;
  private http: Server | undefined;
  private readonly routes = new Map<string, HttpHandler>();
  private socket: WebSocket | null = null;
  private socketSince = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly allowedOrigins: Set<string>;
  port = 0;

  constructor(private readonly options: HubOptions) {
    super();
    this.allowedOrigins = new Set([EXTENSION_ID, ...(options.extraExtensionIds ?? [])].map((id) => `chrome-extension://${id}`));
  }

  /** Binds 127.0.0.1 only. Rejects with EADDRINUSE when the port is taken; never touches the other process. */
  listen(): Promise<number> {
    const http = createServer((req, res) => void this.onHttp(req, res));
    const wss = new WebSocketServer({
      server: http,
      path: '/extension',
      // The hard cap; messages between MAX_MESSAGE_BYTES and this get a readable error instead of a dropped connection.
      maxPayload: MAX_MESSAGE_BYTES * 2,
      verifyClient: (info, done) => {
        const refusal = this.checkUpgrade(info.req);
        if (refusal) {
          log(`refused a connection: ${refusal}`);
          done(false, 403, refusal);
        } else done(true);
      },
    });
    wss.on('connection', (ws) => this.onConnection(ws));
    wss.on('error', (error) => log(`extension endpoint error: ${error.message}`));
    return new Promise((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.options.port, '127.0.0.1', () => {
        http.off('error', reject);
        http.on('error', (error) => log(`server error: ${error.message}`));
        this.http = http;
        this.server = wss;
        this.port = (http.address() as AddressInfo).port;
        resolve(this.port);
      });
    });
  }

  /** Serves other HTTP paths (MCP over HTTP, the playground) on the same port. */
  mount(prefix: string, handler: HttpHandler): void {
    this.routes.set(prefix, handler);
  }

  private async onHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!LOOPBACK_HOSTS.has(host)) {
      log(`refused an HTTP request: Host header "${req.headers.host ?? ''}" is not a loopback name`);
      res.writeHead(403).end('Forbidden: Host must be a loopback name.');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'browser-agent', version: SERVER_VERSION, role: this.options.role ?? 'stdio', extensionConnected: this.connected }));
      return;
    }
    for (const [prefix, handler] of this.routes) {
      if (path === prefix || path.startsWith(prefix + '/')) {
        try {
          await handler(req, res);
        } catch (error) {
          log(`HTTP ${path} failed: ${(error as Error).message}`);
          if (!res.headersSent) res.writeHead(500).end('Internal error');
        }
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found. The browser extension connects to /extension.');
  }

  get connected(): boolean {
    return this.socket !== null;
  }

  /** When the current extension connection was made (ms since the epoch), 0 without one. */
  get connectedSince(): number {
    return this.socket ? this.socketSince : 0;
  }

  /** Resolves true once the current connection is gone, false after `ms`. */
  waitForDisconnect(ms: number): Promise<boolean> {
    return this.until('disconnected', !this.connected, ms);
  }

  /** Resolves true once an extension has said a good hello, false after `ms`. */
  waitForConnection(ms: number): Promise<boolean> {
    return this.until('connected', this.connected, ms);
  }

  /** True at once when `already`, else when `event` comes within `ms`. */
  private until(event: 'connected' | 'disconnected', already: boolean, ms: number): Promise<boolean> {
    if (already) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.off(event, onEvent);
        resolve(false);
      }, ms);
      const onEvent = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.once(event, onEvent);
    });
  }

  /**
   * Sends one command to the extension. Rejects with a typed AgentError on
   * timeout or disconnect, and with CANCELLED once `signal` aborts, when the
   * extension is told to stop working on it.
   */
  request<M extends Method>(method: M, params: Params<M>, session: SessionInfo, givenTimeoutMs?: number, signal?: AbortSignal): Promise<Result<M>> {
    // Sent only when given: without one, the extension also caps how long actions wait (DEFAULT_ACTION_WAIT_MS).
    const timeoutMs = givenTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    // Created now so its stack points at the caller, not at the socket handler.
    const error = new AgentError('INTERNAL', '');
    const socket = this.socket;
    if (!socket) {
      return Promise.reject(new AgentError('EXTENSION_NOT_CONNECTED', 'No browser is connected to the agent server.'));
    }
    if (signal?.aborted) return Promise.reject(retag(error, 'CANCELLED', `${method} was cancelled before it was sent.`));
    const id = this.nextId++;
    return new Promise<Result<M>>((resolve, reject) => {
      const onAbort = () => {
        const pending = this.pending.get(id);
        if (!pending) return;
        this.pending.delete(id);
        clearTimeout(pending.timer);
        if (this.socket === socket) this.send(socket, { type: 'cancel', id });
        reject(retag(error, 'CANCELLED', `${method} was cancelled; the browser was told to stop it.`));
      };
      const settled = <T>(fn: (value: T) => void) => (value: T) => {
        signal?.removeEventListener('abort', onAbort);
        fn(value);
      };
      // The server waits a little longer than the extension, so the
      // extension's own TIMEOUT (which says what was slow) arrives first.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        settled(reject)(retag(error, 'TIMEOUT', `${method} got no answer from the browser within ${timeoutMs} ms.`));
      }, timeoutMs + 1000);
      this.pending.set(id, { method, resolve: settled(resolve as (value: unknown) => void), reject: settled(reject), timer, error });
      signal?.addEventListener('abort', onAbort);
      this.send(socket, { type: 'request', id, method, params, session, ...(givenTimeoutMs !== undefined ? { timeoutMs } : {}) });
    });
  }

  async close(): Promise<void> {
    this.socket?.close(CLOSE.SERVER_SHUTDOWN, 'The agent server is shutting down.');
    this.dropConnection('The agent server is shutting down.');
    for (const client of this.server?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
  }

  private checkUpgrade(req: IncomingMessage): string | null {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!LOOPBACK_HOSTS.has(host)) return `Host header "${req.headers.host ?? ''}" is not a loopback name (DNS rebinding?)`;
    const origin = req.headers.origin ?? '';
    if (!this.allowedOrigins.has(origin)) {
      return origin ? `origin "${origin}" is not the browser-agent extension` : 'no Origin header (not a browser extension)';
    }
    return null;
  }

  private onConnection(ws: WebSocket): void {
    let greeted = false;
    const helloTimer = setTimeout(() => {
      if (!greeted) ws.close(CLOSE.BAD_HELLO, `No hello within ${HELLO_TIMEOUT_MS} ms.`);
    }, HELLO_TIMEOUT_MS);

    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.send(ws, { type: 'response', id: null, error: { code: 'BAD_MESSAGE', message: 'Binary frames are not part of the protocol; send JSON text.' } });
        return;
      }
      const parsed = parseFrame(ToServer, data.toString('utf8'), MAX_MESSAGE_BYTES);
      if (!parsed.ok && !greeted) {
        // Not even a hello: not our extension. Say why and hang up.
        ws.close(CLOSE.BAD_HELLO, `The first message must be hello (${parsed.code}).`);
        return;
      }
      if (!parsed.ok) {
        this.send(ws, { type: 'response', id: parsed.id, error: { code: parsed.code, message: parsed.message } });
        // An answer to a command that we cannot read still ends that command, now and with the reason.
        if (ws === this.socket && parsed.id !== null) this.failPending(parsed.id, parsed.message);
        return;
      }
      const message = parsed.message;
      if (!greeted) {
        if (message.type !== 'hello') {
          ws.close(CLOSE.BAD_HELLO, 'The first message must be hello.');
          return;
        }
        greeted = true;
        clearTimeout(helloTimer);
        this.onHello(ws, message);
        return;
      }
      if (ws !== this.socket) return;
      if (message.type === 'response') this.onResponse(message);
      else if (message.type === 'event') this.onEvent(ws, message); else {
        this.send(ws, { type: 'response', id: null, error: { code: 'BAD_MESSAGE', message: 'hello was already received.' } });
      }
    });

    ws.on('close', () => {
      clearTimeout(helloTimer);
      if (ws === this.socket) {
        log('extension disconnected');
        this.dropConnection('The browser extension disconnected while the command was running.');
      }
    });
    ws.on('error', (error) => log(`extension socket error: ${error.message}`));
  }

  private onHello(ws: WebSocket, hello: Extract<ToServer, { type: 'hello' }>): void {
    if (hello.protocol !== PROTOCOL_VERSION) {
      const newer = hello.protocol > PROTOCOL_VERSION ? 'extension' : 'agent server';
      const reason = `Protocol mismatch: extension speaks v${hello.protocol}, server speaks v${PROTOCOL_VERSION}. Update the ${newer === 'extension' ? 'agent server' : 'extension'} (the ${newer} is newer).`;
      log(`refused extension ${hello.extensionVersion}: ${reason}`);
      ws.close(CLOSE.PROTOCOL_MISMATCH, reason.slice(0, 120));
      return;
    }
    if (!tokenMatches(this.options.token, hello.token)) {
      const reason = hello.token ? 'wrong pairing token' : 'no pairing token';
      log(`refused extension: ${reason}. Run "browser-agent token" and paste the token into the extension popup.`);
      ws.close(CLOSE.NOT_PAIRED, reason);
      return;
    }
    if (this.socket) {
      log('a new extension connection replaces the previous one');
      const old = this.socket;
      this.dropConnection('The browser connection was replaced by a new one.');
      old.close(CLOSE.REPLACED, 'Another connection from a browser replaced this one.');
    }
    this.socket = ws;
    this.socketSince = Date.now();
    this.send(ws, { type: 'welcome', protocol: PROTOCOL_VERSION, serverVersion: SERVER_VERSION });
    log(`extension ${hello.extensionVersion} connected`);
    this.emit('connected', { extensionVersion: hello.extensionVersion, userAgent: hello.userAgent });
  }

  private onEvent(ws: WebSocket, message: Extract<ToServer, { type: 'event' }>): void {
    if (!Object.prototype.hasOwnProperty.call(EVENTS, message.event)) {
      this.send(ws, { type: 'response', id: null, error: { code: 'UNKNOWN_METHOD', message: `Unknown event "${message.event}".` } });
      return;
    }
    const event = message.event as EventName;
    const data = EVENTS[event].safeParse(message.data ?? {});
    if (!data.success) {
      this.send(ws, { type: 'response', id: null, error: { code: 'BAD_MESSAGE', message: `Invalid ${event} event: ${describeIssues(data.error)}` } });
      return;
    }
    if (event === 'tabOpened') this.emit('tabOpened', data.data as TabOpened);
  }

  private failPending(id: number, reason: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(retag(pending.error, 'INTERNAL', `The extension answered ${pending.method} with a message this server cannot read (${reason}). Are the extension and the server from the same build? Rebuild, then reload the extension.`));
  }

  private onResponse(message: Extract<ToServer, { type: 'response' }>): void {
    if (message.id === null) {
      if ('error' in message) log(`extension reported: ${message.error.code}: ${message.error.message}`);
      return;
    }
    const pending = this.pending.get(message.id);
    if (!pending) return; // timed out already
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if ('error' in message) {
      pending.reject(retag(pending.error, message.error.code, message.error.message));
      return;
    }
    const result = METHODS[pending.method].result.safeParse(message.result);
    if (result.success) pending.resolve(result.data);
    else pending.reject(retag(pending.error, 'INTERNAL', `The extension answered ${pending.method} with an invalid result: ${describeIssues(result.error)}`));
  }

  private dropConnection(reason: string): void {
    if (!this.socket) return;
    this.socket = null;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(retag(pending.error, 'EXTENSION_DISCONNECTED', `${reason} (${pending.method})`));
      this.pending.delete(id);
    }
    this.emit('disconnected');
  }

  private send(ws: WebSocket, message: ToExtension | Extract<ToServer, { type: 'response' }>): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }
}

/** Fills in an error created at call time, keeping its stack. */
function retag(error: AgentError, code: AgentError['code'], message: string): AgentError {
  const tagged = new AgentError(code, message);
  tagged.stack = `AgentError: ${message}\n${(error.stack ?? '').split('\n').slice(1).join('\n')}`;
  return tagged;
}
