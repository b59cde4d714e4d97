/**
 * Hostile messages for the extension endpoint, from a seeded generator so a
 * failure can be replayed. Each says what the server must do with it:
 * answer (an error frame), close (refuse the connection), or nothing (a valid
 * message that needs no answer, e.g. a response for a command that already
 * timed out).
 */
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from '../src/shared/constants.ts';

export type Expect = 'answer' | 'close' | 'silent';

export interface Hostile {
  kind: string;
  data: string | Buffer;
  expect: Expect;
  /** Send a Buffer as a text frame (invalid UTF-8 in a text frame must close the socket, RFC 6455 §8.1). */
  asText?: boolean;
}

export { seededRandom as rng } from '../e2e/helpers/random.ts';

const NASTY_STRINGS = ['', '\u0000', '\ud800', '💥'.repeat(50), '__proto__', 'constructor', 'toString', 'hasOwnProperty', '../../etc/passwd', '<script>alert(1)</script>', '%s%n%x', 'A'.repeat(10_000)];
const WEIRD_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, 1e308, '', 'x', [], {}, [[]], { a: { b: {} } }, NASTY_STRINGS[1]];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function nested(depth: number, open: string, close: string, inner = '0'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** One hostile message; `r` decides which. Huge ones are rare so 10,000 stay fast. */
export function hostile(r: () => number, i: number): Hostile {
  const roll = r();
  const weird = () => pick(r, WEIRD_VALUES);
  const generators: (() => Hostile)[] = [
    () => ({ kind: 'bad JSON', expect: 'answer', data: pick(r, ['{', '}', '{"type":', '[1,2', 'nul', 'undefined', "{'type':'event'}", '{"type":"event",}', '\u0000\u0001', 'NaN']) + (r() < 0.5 ? '' : String(i)) }),
    () => ({ kind: 'random bytes as text', expect: 'answer', data: Buffer.from(Array.from({ length: 1 + Math.floor(r() * 64) }, () => Math.floor(r() * 256))).toString('latin1') }),
    () => ({ kind: 'not an object', expect: 'answer', data: JSON.stringify(weird()) }),
    () => ({ kind: 'wrong type field', expect: 'answer', data: JSON.stringify({ type: pick(r, ['request', 'welcome', 'Response', 'EVENT', 42, null, ['event'], '']), id: i, method: 'ping', params: {} }) }),
    () => ({ kind: 'response with wrong id type', expect: 'answer', data: JSON.stringify({ type: 'response', id: pick(r, ['1', -1, 1.5, {}, [], true]), result: {} }) }),
    () => ({ kind: 'response with bad error', expect: 'answer', data: JSON.stringify({ type: 'response', id: i, error: pick(r, [{ code: 'NOPE', message: 'x' }, { code: 5 }, 'boom', null]) }) }),
    () => ({ kind: 'event with wrong name type', expect: 'answer', data: JSON.stringify({ type: 'event', event: weird(), data: {} }) }),
    () => ({ kind: 'unknown event', expect: 'answer', data: JSON.stringify({ type: 'event', event: pick(r, NASTY_STRINGS.slice(4)) + (r() < 0.5 ? '' : i), data: weird() }) }),
    () => ({ kind: 'tabOpened with wrong data', expect: 'answer', data: JSON.stringify({ type: 'event', event: 'tabOpened', data: { tabId: pick(r, ['1', null, 1.5]), url: weird(), openerTabId: 'x', sessionId: 5 } }) }),
    () => ({ kind: 'second hello', expect: 'answer', data: JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, extensionVersion: '9.9.9', token: pick(r, NASTY_STRINGS) }) }),
    () => ({ kind: 'deep nesting', expect: 'answer', data: JSON.stringify({ type: 'event', event: `deep-${i}` }).replace('}', `,"data":${nested(1000 + Math.floor(r() * 10_000), '[', ']')}}`) }),
    () => ({ kind: 'deep object nesting', expect: 'answer', data: nested(1000 + Math.floor(r() * 10_000), '{"a":', '}', '{}') }),
    () => ({ kind: 'prototype keys', expect: 'answer', data: `{"type":"event","event":"${pick(r, ['__proto__', 'constructor', 'toString', 'valueOf'])}","__proto__":{"polluted":true},"data":{"constructor":{"prototype":{"x":1}}}}` }),
    () => ({ kind: 'binary frame', expect: 'answer', data: Buffer.from(Array.from({ length: 1 + Math.floor(r() * 4096) }, () => Math.floor(r() * 256))) }),
    () => ({ kind: 'string with huge field', expect: 'answer', data: JSON.stringify({ type: 'event', event: 'x'.repeat(100_000 + Math.floor(r() * 400_000)) }) }),
    () => ({ kind: 'invalid UTF-8 text frame', expect: 'close', asText: true, data: Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0x7d]) }),
    () => ({ kind: 'stale response', expect: 'silent', data: JSON.stringify({ type: 'response', id: 1_000_000 + i, result: weird() }) }),
    () => ({ kind: 'stale error response', expect: 'silent', data: JSON.stringify({ type: 'response', id: 1_000_000 + i, error: { code: 'INTERNAL', message: pick(r, NASTY_STRINGS) } }) }),
    () => ({ kind: 'keepalive', expect: 'silent', data: JSON.stringify({ type: 'event', event: 'keepalive', data: {} }) }),
  ];
  // A few per run over the size limit: MAX_MESSAGE_BYTES gets an answer, twice that closes the socket.
  if (i === 5_000) return { kind: 'over the size limit', expect: 'answer', data: 'x'.repeat(MAX_MESSAGE_BYTES + 1) };
  if (i === 7_500) return { kind: 'over the frame limit', expect: 'close', data: 'x'.repeat(MAX_MESSAGE_BYTES * 2 + 1) };
  return generators[Math.floor(roll * generators.length)]();
}

/** Messages sent before hello: the server must close every such connection. */
export function beforeHello(r: () => number, i: number): Hostile {
  const h = hostile(r, i);
  return { ...h, kind: `before hello: ${h.kind}`, expect: 'close' };
}
