/**
 * The one protocol between the extension's service worker and the agent
 * server. Every message is defined here once with zod; both ends parse every
 * incoming message with these schemas, and the TypeScript types are inferred
 * from them.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';
import { ACTION_METHODS } from './methods/actions.ts';
import { CORE_METHODS } from './methods/core.ts';
import { DEVTOOLS_METHODS } from './methods/devtools.ts';

export { TabInfo } from './methods/core.ts';

const Timeout = z.number().int().positive().max(600_000);

export const WireError = z.object({ code: z.enum(ERROR_CODES), message: z.string() });
export type WireError = z.infer<typeof WireError>;

/**
 * Commands the server sends to the extension: params and result schemas,
 * grouped by area in ./methods/. Adding a method there is the only way to
 * add one; the router refuses any other name.
 */
export const METHODS = { ...CORE_METHODS, ...ACTION_METHODS, ...DEVTOOLS_METHODS } as const;

export type Method = keyof typeof METHODS;
export type Params<M extends Method> = z.infer<(typeof METHODS)[M]['params']>;
export type Result<M extends Method> = z.infer<(typeof METHODS)[M]['result']>;

export function isMethod(name: string): name is Method {
  return Object.prototype.hasOwnProperty.call(METHODS, name);
}

// ---- envelopes ----

/** The agent session (one MCP client) a command belongs to; its tabs are its own. */
export const SessionInfo = z.object({
  // The worker keys plain objects by session id (background/tabs.ts): an id that Object.prototype
  // already has would resolve to the prototype, and a tab adopted into session "__proto__" wrote its
  // fields onto Object.prototype (found by e2e-reliability/worker-fuzz.spec.ts). Refused here, at the boundary.
  id: z.string().min(1).max(100).refine((id) => !(id in Object.prototype), 'must not be a name Object.prototype already has'),
  name: z.string().max(100),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const RequestMessage = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  method: z.string(),
  params: z.unknown(),
  session: SessionInfo,
  /** How long the extension may work on it; the server times out slightly later. */
  timeoutMs: Timeout.optional(),
});
export type RequestMessage = z.infer<typeof RequestMessage>;

export const ResponseMessage = z.union([
  z.object({ type: z.literal('response'), id: z.number().int().nonnegative(), result: z.unknown() }),
  // id is null when the request could not even be read (bad JSON, no id).
  z.object({ type: z.literal('response'), id: z.number().int().nonnegative().nullable(), error: WireError }),
]);
export type ResponseMessage = z.infer<typeof ResponseMessage>;

export const EVENTS = {
  /** Sent by the extension at least every 20 s so its MV3 service worker is not stopped. */
  keepalive: z.object({}),
  /** A page the agent controls opened a tab or popup; the next tool response announces it. */
  tabOpened: z.object({ tabId: z.number().int(), url: z.string(), openerTabId: z.number().int(), sessionId: z.string() }),
} as const;
export type EventName = keyof typeof EVENTS;

export const EventMessage = z.object({
  type: z.literal('event'),
  event: z.string(),
  data: z.unknown().optional(),
});
export type EventMessage = z.infer<typeof EventMessage>;

/** First message on every connection, extension → server. */
export const HelloMessage = z.object({
  type: z.literal('hello'),
  protocol: z.number().int(),
  extensionVersion: z.string(),
  token: z.string(),
  userAgent: z.string().optional(),
});
export type HelloMessage = z.infer<typeof HelloMessage>;

/** The server's answer to a good hello. */
export const WelcomeMessage = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int(),
  serverVersion: z.string(),
});
export type WelcomeMessage = z.infer<typeof WelcomeMessage>;

export const ToServer = z.union([
  HelloMessage,
  ...ResponseMessage.options,
  EventMessage,
]);
export type ToServer = z.infer<typeof ToServer>;

/**
 * Server → extension: nobody waits for request `id` any more (the MCP client
 * cancelled the tool call), so the extension stops working on it and the
 * tab's next command need not wait behind it. An extension from before this
 * message answers it as a bad message, which the server ignores like any
 * answer to a request it no longer waits for.
 */
export const CancelMessage = z.object({ type: z.literal('cancel'), id: z.number().int().nonnegative() });
export type CancelMessage = z.infer<typeof CancelMessage>;

export const ToExtension = z.union([
  WelcomeMessage,
  RequestMessage,
  CancelMessage,
  EventMessage,
  ...ResponseMessage.options,
]);
export type ToExtension = z.infer<typeof ToExtension>;

/**
 * Parses one text frame. Returns the message or a readable reason; never
 * throws, so a hostile frame cannot take a connection down.
 */
export function parseFrame<T>(
  schema: z.ZodType<T>,
  raw: string,
  maxBytes: number,
): { ok: true; message: T } | { ok: false; code: 'BAD_MESSAGE' | 'MESSAGE_TOO_LARGE'; message: string; id: number | null } {
  if (raw.length > maxBytes) {
    return { ok: false, code: 'MESSAGE_TOO_LARGE', message: `Message of ${raw.length} bytes is over the ${maxBytes}-byte limit.`, id: null };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, code: 'BAD_MESSAGE', message: `Malformed JSON: ${(error as Error).message}`, id: null };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  // Echo only an id the schema itself accepts: both ends answer an invalid message with an error
  // carrying its id, so an id like 1e21 (an integer, but not a safe one) made each end send the other
  // an invalid response forever (found by e2e-reliability/worker-fuzz.spec.ts).
  const rawId = typeof json === 'object' && json !== null ? (json as { id?: unknown }).id : undefined;
  const id = RequestMessage.shape.id.safeParse(rawId).success ? (rawId as number) : null;
  return { ok: false, code: 'BAD_MESSAGE', message: `Invalid message: ${describeIssues(parsed.error)}`, id };
}

/** One line per zod issue, naming the path: "params.url: expected string". */
export function describeIssues(error: z.ZodError, input?: unknown): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.join('.');
      // Left out, not wrong: zod's "expected string, received undefined" reads as if undefined had been sent.
      if (where && issue.code === 'invalid_type' && input !== undefined && valueAt(input, issue.path) === undefined) return `${where} is required (${issue.expected})`;
      return `${where ? where + ': ' : ''}${issue.message}`;
    })
    .join('; ');
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}
