import WebSocket from 'ws';
import { EXTENSION_ID, PROTOCOL_VERSION } from '../../src/shared/constants.ts';

export interface RawConnection {
  ws: WebSocket;
  /** Next message from the server, parsed. */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A hand-made client of the extension endpoint, for probing what the server
 * accepts. Node can forge any Origin, so this also shows that the token, not
 * the Origin alone, is what keeps other local programs out.
 */
export async function rawConnect(port: number, headers: Record<string, string> = { origin: `chrome-extension://${EXTENSION_ID}` }): Promise<RawConnection> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/extension`, { headers });
  const queue: Record<string, unknown>[] = [];
  const waiters: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return {
    ws,
    closed,
    next: (timeoutMs = 5000) =>
      queue.length
        ? Promise.resolve(queue.shift()!)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no message from the server')), timeoutMs);
            waiters.push((m) => (clearTimeout(timer), resolve(m)));
          }),
  };
}

export function hello(token: string, protocol = PROTOCOL_VERSION): string {
  return JSON.stringify({ type: 'hello', protocol, extensionVersion: '0.0.0-test', token });
}
