/**
 * Hostile messages for the extension endpoint, from a seeded generator so a
 * failure can be replayed. Each says what the server must do with it:
 * answer (an error frame), close (refuse the connection), or nothing (a valid
 * message that needs no answer, e.g. a response for a command that already
 * timed out).
 */
import { MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES, PROTOCOL_VERSION } from '../src/shared/constants.ts';
import { METHODS } from '../src/shared/protocol.ts';

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

// ---- frames for the service worker (worker-fuzz.spec.ts) ----

/**
 * What the worker must do with a frame from the server. `answer`: exactly one
 * response, carrying the frame's id when the protocol can read one (else
 * null). `result`: a valid request that must succeed; if the protocol refuses
 * its envelope, one error answer instead. `silent`: valid, nothing to answer
 * (a second welcome, an event, a response to nothing, a ping control frame).
 * `close`: the browser must fail the connection. `drop`: the server hangs up;
 * the worker must come back by itself.
 */
export type WorkerExpect = 'answer' | 'result' | 'silent' | 'close' | 'drop';

export interface WorkerHostile {
  kind: string;
  expect: WorkerExpect;
  /** A data frame; a Buffer goes as a binary frame unless `asText`. */
  data?: string | Buffer;
  asText?: boolean;
  /** A WebSocket ping control frame instead of a data frame. */
  ping?: Buffer;
  /** The server closes the connection with this code and reason instead. */
  close?: { code: number; reason: string };
  /** A request that may open a tab (the test closes it again). */
  opensTab?: boolean;
}

/** Tab ids far above anything Chromium hands out in a test run. */
const MISSING_TAB = 900_000_000;
/** Methods a hostile request may name; tabs.new opens a tab, so only the `new tab` kind sends it, and counts on it. */
const REAL_METHODS = Object.keys(METHODS).filter((m) => m !== 'tabs.new');
const PARAM_KEYS = ['tabId', 'url', 'ref', 'selector', 'element', 'value', 'text', 'key', 'values', 'checked', 'what', 'expression', 'function', 'direction', 'accept', 'limit', 'from', 'to', 'paths', 'time', 'width', 'offline', 'id'];
const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];

/** Sessions of a hostile server; none is the test's own, whose tab must stay untouched. */
function hostileSession(r: () => number, i: number): { id: string; name: string } {
  const id = r() < 0.5 ? pick(r, [...PROTO_NAMES, '💥', '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '%s%n%x']) : `fuzz-${i % 7}`;
  return { id, name: r() < 0.5 ? pick(r, NASTY_STRINGS).slice(0, 100) : `fuzz ${id}`.slice(0, 100) };
}

function request(id: unknown, method: unknown, params: unknown, session: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'request', id, method, params, session, ...extra });
}

/** One hostile frame for the service worker; ids of requests are `1_000_000 + i` unless the point is an odd id. */
export function towardWorker(r: () => number, i: number): WorkerHostile {
  const weird = () => pick(r, WEIRD_VALUES);
  const id = 1_000_000 + i;
  const session = () => hostileSession(r, i);
  const someParams = (count: number) => Object.fromEntries(Array.from({ length: count }, () => [pick(r, PARAM_KEYS), weird()]));
  const generators: [number, () => WorkerHostile][] = [
    [3, () => ({ kind: 'bad JSON', expect: 'answer', data: pick(r, ['{', '}', '{"type":', '[1,2', 'nul', 'undefined', "{'type':'request'}", '{"type":"request",}', '\u0000\u0001', 'NaN']) + (r() < 0.5 ? '' : String(i)) })],
    [2, () => ({ kind: 'random bytes as text', expect: 'answer', data: Buffer.from(Array.from({ length: 1 + Math.floor(r() * 64) }, () => Math.floor(r() * 256))).toString('latin1') })],
    [2, () => ({ kind: 'not an object', expect: 'answer', data: JSON.stringify(weird()) })],
    [3, () => ({ kind: 'wrong type field', expect: 'answer', data: JSON.stringify({ type: pick(r, ['Request', 'REQUEST', 'hello', 'response ', 42, null, ['request'], '']), id, method: 'ping', params: {}, session: session() }) })],
    [4, () => ({ kind: 'request with an odd id', expect: 'answer', data: request(pick(r, ['1', -1, 1.5, {}, [], true, null, 1e21, Number.MAX_SAFE_INTEGER + 2, 1e308, Number.MAX_SAFE_INTEGER, 0]), 'ping', {}, session()) })],
    [3, () => ({ kind: 'request with a bad envelope', expect: 'answer', data: pick(r, [request(id, weird(), {}, session()), request(id, 'ping', {}, weird()), request(id, 'ping', {}, { id: pick(r, ['', 'x'.repeat(101), 5, null]), name: 'x' }), request(id, 'ping', {}, { id: 'x', name: pick(r, [null, 5, 'x'.repeat(101)]) }), request(id, 'ping', {}, session(), { timeoutMs: pick(r, [0, -1, 600_001, 1.5, '100', null, 1e308]) }), JSON.stringify({ type: 'request', id, params: {}, session: session() }), JSON.stringify({ type: 'request', method: 'ping', params: {}, session: session() })]) })],
    [4, () => ({ kind: 'unknown method', expect: 'answer', data: request(id, pick(r, [...PROTO_NAMES, ...NASTY_STRINGS, 'Ping', 'ping ', 'tabs.', 'tabs.list.x', 'format_disk', 'x'.repeat(100_000 + Math.floor(r() * 800_000))]), {}, session()) })],
    [5, () => ({ kind: 'invalid params for a real method', expect: 'answer', data: request(id, pick(r, REAL_METHODS), r() < 0.3 ? weird() : { tabId: MISSING_TAB + i, ...someParams(1 + Math.floor(r() * 4)) }, session()) })],
    [5, () => ({ kind: 'request to a tab that does not exist', expect: 'answer', data: request(id, pick(r, REAL_METHODS.filter((m) => m !== 'ping' && m !== 'tabs.list')), { tabId: MISSING_TAB + Math.floor(r() * 1000), url: 'http://127.0.0.1:9/', ref: 'e1', selector: 'button', value: 'x', text: 'x', key: 'Enter', checked: true, values: ['a'], what: 'text', expression: '1', direction: 'back', accept: true, from: 'e1', to: 'e2', paths: ['/etc/passwd'], id: '1', offline: true }, session(), r() < 0.5 ? { timeoutMs: 1 + Math.floor(r() * 5000) } : {}) })],
    [2, () => ({ kind: 'huge string field', expect: 'answer', data: request(id, pick(r, ['click', 'fill', 'navigate', 'evaluate']), { tabId: MISSING_TAB, ref: 'e1', selector: 's'.repeat(50_000 + Math.floor(r() * 900_000)), url: 'u', value: 'v', expression: 'x' }, session()) })],
    [2, () => ({ kind: 'deep nesting', expect: 'answer', data: pick(r, [nested(1000 + Math.floor(r() * 10_000), '[', ']'), nested(1000 + Math.floor(r() * 10_000), '{"a":', '}', '{}'), request(id, pick(r, REAL_METHODS), '$', session()).replace('"$"', `{"ref":${nested(1000 + Math.floor(r() * 10_000), '[', ']')}}`)]) })],
    [2, () => ({ kind: 'deep nesting where anything goes', expect: 'silent', data: JSON.stringify({ type: pick(r, ['event', 'response']), id, event: `deep-${i}`, result: '$', data: '$' }).replaceAll('"$"', nested(1000 + Math.floor(r() * 10_000), '{"a":', '}', '[]')) })],
    [2, () => ({ kind: 'prototype keys', expect: 'result', data: `{"type":"request","id":${id},"method":"${pick(r, ['ping', 'tabs.list'])}","__proto__":{"polluted":true},"params":{"__proto__":{"tabId":1},"constructor":{"prototype":{"x":1}}},"session":{"id":"fuzz-proto","name":"proto","__proto__":{"id":"x"}}}` })],
    [3, () => ({ kind: 'valid request from a hostile session', expect: 'result', data: request(id, pick(r, ['ping', 'tabs.list']), r() < 0.5 ? {} : { junk: weird() }, session()) })],
    [0.5, () => ({ kind: 'new tab for a hostile session', expect: 'result', opensTab: true, data: request(id, 'tabs.new', {}, session(), { timeoutMs: 30_000 }) })],
    [3, () => ({ kind: 'binary frame', expect: 'answer', data: Buffer.from(Array.from({ length: 1 + Math.floor(r() * 4096) }, () => Math.floor(r() * 256))) })],
    [0.5, () => ({ kind: 'invalid UTF-8 text frame', expect: 'close', asText: true, data: Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0x7d]) })],
    [3, () => ({ kind: 'response to nothing', expect: 'silent', data: JSON.stringify(r() < 0.5 ? { type: 'response', id: 2_000_000 + i, result: weird() } : { type: 'response', id: pick(r, [null, 2_000_000 + i]), error: { code: 'INTERNAL', message: pick(r, NASTY_STRINGS) } }) })],
    [2, () => ({ kind: 'malformed response', expect: 'answer', data: JSON.stringify({ type: 'response', id: pick(r, [id, '1', -1, 1.5, Number.MAX_SAFE_INTEGER + 2]), error: pick(r, [{ code: 'NOPE', message: 'x' }, { code: 5 }, 'boom', null]) }) })],
    [3, () => ({ kind: 'unexpected event', expect: 'silent', data: JSON.stringify({ type: 'event', event: pick(r, ['keepalive', 'tabOpened', ...PROTO_NAMES, ...NASTY_STRINGS]), data: weird() }) })],
    [2, () => ({ kind: 'event with a wrong name type', expect: 'answer', data: JSON.stringify({ type: 'event', event: pick(r, [null, 5, true, [], {}]), data: {} }) })],
    [1, () => ({ kind: 'second welcome', expect: 'silent', data: JSON.stringify({ type: 'welcome', protocol: pick(r, [PROTOCOL_VERSION, PROTOCOL_VERSION + 1, 0]), serverVersion: pick(r, NASTY_STRINGS) }) })],
    [1, () => ({ kind: 'malformed welcome', expect: 'answer', data: JSON.stringify({ type: 'welcome', protocol: pick(r, ['1', null, 1.5]), serverVersion: weird() }) })],
    [1, () => ({ kind: 'hello from the server', expect: 'answer', data: JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, extensionVersion: '9.9.9', token: pick(r, NASTY_STRINGS) }) })],
    [1, () => ({ kind: 'ping control frame', expect: 'silent', ping: Buffer.from(String(i)) })],
    [0.3, () => ({ kind: 'server hangs up', expect: 'drop', close: { code: pick(r, [1000, 1001, 1011, 3000, 4000, 4005, 4999]), reason: pick(r, ['', 'bye', '💥'.repeat(20)]) } })],
  ];
  // A few per run over the size limit: the worker answers MESSAGE_TOO_LARGE without parsing.
  if (i % 1000 === 500) return { kind: 'over the size limit', expect: 'answer', data: request(id, 'ping', {}, session(), { pad: 'x'.repeat(MAX_REQUEST_BYTES + Math.floor(r() * 3 * MAX_REQUEST_BYTES)) }) };
  // And a burst of near-limit method names: each is echoed in its error and kept in the activity log.
  if (i % 1000 >= 600 && i % 1000 < 612) return { kind: 'burst of huge unknown methods', expect: 'answer', data: request(id, 'm'.repeat(MAX_REQUEST_BYTES - 1000), {}, session()) };
  let roll = r() * generators.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, generate] of generators) {
    roll -= weight;
    if (roll < 0) return generate();
  }
  return generators[0][1]();
}
