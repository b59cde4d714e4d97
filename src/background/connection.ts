/**
 * The one WebSocket to the agent server: hello, keepalive and reconnect.
 *
 * An MV3 service worker may be stopped at any moment; everything needed to
 * reconnect is in chrome.storage (settings.ts), and `ensureConnected()` runs
 * at every start of the worker and on every alarm.
 */
import browser from 'webextension-polyfill';
import { CLOSE, KEEPALIVE_INTERVAL_MS, MAX_REQUEST_BYTES, PROTOCOL_VERSION } from '../shared/constants.ts';
import type { z } from 'zod';
import { parseFrame, ToExtension, type EVENTS, type EventName, type RequestMessage, type ResponseMessage } from '../shared/protocol.ts';
import { loadSettings, setStatus, type Settings } from './settings.ts';
import { forgetLiveSessions } from './tabs.ts';

/** `cancelled` aborts when the server cancels the request (CancelMessage), or the connection it came on closes. */
type RequestHandler = (request: RequestMessage, cancelled: AbortSignal) => Promise<ResponseMessage>;

/** Backoff steps in ms; capped so a restarted server is found again within ~1 s. */
const BACKOFF = [100, 250, 500, 1000];

let socket: WebSocket | null = null;
let welcomed = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let keepaliveTimer: ReturnType<typeof setInterval> | undefined;
/** Set when the server refused us for a reason only the user can fix. */
let blockedUntilSettingsChange = false;
let handler: RequestHandler = async (request) => ({
  type: 'response',
  id: request.id,
  error: { code: 'INTERNAL', message: 'The extension is still starting; try again.' },
});

export function onRequest(fn: RequestHandler): void {
  handler = fn;
}

/** Sends an event to the server if connected; events are notices, never required for correctness. */
export function sendEvent<E extends EventName>(event: E, data: z.infer<(typeof EVENTS)[E]>): void {
  if (socket && welcomed) send(socket, { type: 'event', event, data });
}

export function isConnected(): boolean {
  return socket?.readyState === WebSocket.OPEN && welcomed;
}

/** Connects unless a socket already exists (open or opening) or the user turned us off. */
export async function ensureConnected(): Promise<void> {
  if (socket || blockedUntilSettingsChange) return;
  const settings = await loadSettings();
  if (socket) return; // another caller won the race while we awaited
  if (!settings.enabled) {
    await setStatus({ state: 'disabled', reason: 'Turned off in the popup.', url: '' });
    return;
  }
  open(settings);
}

/** Called when settings change: drop the current socket and start again. */
export async function reconnect(): Promise<void> {
  blockedUntilSettingsChange = false;
  attempt = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const old = socket;
  socket = null;
  old?.close(1000, 'settings changed');
  await ensureConnected();
}

export function disconnect(reason: string): void {
  blockedUntilSettingsChange = true;
  clearTimeout(retryTimer);
  socket?.close(1000, reason);
  socket = null;
}

function open(settings: Settings): void {
  const url = `ws://127.0.0.1:${settings.port}/extension`;
  void setStatus({ state: 'connecting', reason: attempt ? `Retrying (attempt ${attempt + 1}).` : '', url });
  const ws = new WebSocket(url);
  socket = ws;
  welcomed = false;

  ws.onopen = () => {
    send(ws, {
      type: 'hello',
      protocol: PROTOCOL_VERSION,
      extensionVersion: browser.runtime.getManifest().version,
      token: settings.token,
      userAgent: navigator.userAgent,
    });
  };

  ws.onmessage = (event) => {
    if (typeof event.data !== 'string') {
      send(ws, { type: 'response', id: null, error: { code: 'BAD_MESSAGE', message: 'Binary frames are not part of the protocol.' } });
      return;
    }
    void handleFrame(ws, event.data, url);
  };

  ws.onclose = (event) => {
    // Nobody can receive their answers any more (the server failed them as it saw us go): they stop,
    // so the tabs they hold are free for the commands that come once we are back.
    for (const running of runningOn(ws).values()) running.abort();
    if (socket !== ws) return; // an old socket we replaced on purpose
    socket = null;
    forgetLiveSessions();
    welcomed = false;
    clearInterval(keepaliveTimer);
    const refusal = refusalReason(event.code, event.reason, settings);
    if (refusal) {
      blockedUntilSettingsChange = true;
      void setStatus({ state: 'refused', reason: refusal, url });
      return;
    }
    void setStatus({ state: 'disconnected', reason: event.reason || unreachable(settings), url });
    scheduleRetry();
  };
}

async function handleFrame(ws: WebSocket, raw: string, url: string): Promise<void> {
  const parsed = parseFrame(ToExtension, raw, MAX_REQUEST_BYTES);
  if (!parsed.ok) {
    send(ws, { type: 'response', id: parsed.id, error: { code: parsed.code, message: parsed.message } });
    return;
  }
  const message = parsed.message;
  switch (message.type) {
    case 'welcome':
      welcomed = true;
      attempt = 0;
      startKeepalive(ws);
      await setStatus({ state: 'connected', reason: '', url });
      return;
    case 'request': {
      const running = runningOn(ws);
      const controller = new AbortController();
      running.set(message.id, controller);
      try {
        const response = await handler(message, controller.signal);
        if (ws.readyState === WebSocket.OPEN) send(ws, response);
      } finally {
        running.delete(message.id);
      }
      return;
    }
    case 'cancel':
      // Ids are the server's, so only this connection's requests can be meant.
      runningOn(ws).get(message.id)?.abort();
      return;
    case 'event':
    case 'response':
      // The server sends no events or responses we act on yet; ignore quietly.
      return;
  }
}

const runningByConnection = new WeakMap<WebSocket, Map<number, AbortController>>();

/** The requests of this connection still being worked on, by id. */
function runningOn(ws: WebSocket): Map<number, AbortController> {
  let running = runningByConnection.get(ws);
  if (!running) runningByConnection.set(ws, (running = new Map()));
  return running;
}

function startKeepalive(ws: WebSocket): void {
  clearInterval(keepaliveTimer);
  // A JSON text message, not a ping frame: only real messages keep an MV3 worker alive.
  keepaliveTimer = setInterval(() => send(ws, { type: 'event', event: 'keepalive', data: {} }), KEEPALIVE_INTERVAL_MS);
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  const delay = BACKOFF[Math.min(attempt, BACKOFF.length - 1)];
  attempt++;
  // Each attempt also touches chrome.storage (setStatus), and extension API
  // calls reset the worker's idle timer, so the worker keeps retrying while
  // the toggle is on; if it is stopped anyway, the alarm in index.ts wakes it.
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void ensureConnected();
  }, delay);
}

function refusalReason(code: number, reason: string, settings: Settings): string | null {
  switch (code) {
    case CLOSE.NOT_PAIRED:
      return settings.token
        ? `Pairing token rejected: ${reason}. Run "browser-agent token" and paste the token into this popup.`
        : 'Not paired: run "browser-agent token" on this machine and paste the token into this popup.';
    case CLOSE.PROTOCOL_MISMATCH:
    case CLOSE.BAD_HELLO:
      return reason || 'The agent server refused the handshake.';
    case CLOSE.REPLACED:
      return reason || 'Another browser connected to this agent server and took over. Toggle to reconnect.';
    default:
      return null;
  }
}

/** What to do about a server that does not answer: a first-time user has neither it nor the token yet. */
function unreachable(settings: Settings): string {
  return settings.token
    ? 'The agent server is not reachable; retrying. It runs while your MCP client runs it (browser-agent mcp), or start it with "browser-agent serve".'
    : 'The agent server is not reachable, and this browser is not paired yet: start the server (your MCP client runs it, or "browser-agent serve"), then paste the token "browser-agent token" prints below. Retrying.';
}

function send(ws: WebSocket, message: object): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}
