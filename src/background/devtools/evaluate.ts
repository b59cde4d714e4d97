/**
 * browser_evaluate: runs code in the page's main world through CDP Runtime
 * (not the content script's isolated world), so it sees the page's own
 * globals, and serializes the result in the page (./serialize.ts).
 */
import { MARK_ATTRIBUTE } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp, cdpSession } from '../cdp.ts';
import { childSessionsOf } from './targets.ts';
import { unlessDialog } from '../actions/dialogs.ts';
import { sendToFrame } from '../frames.ts';
import { frameOfRef } from '../../shared/refs.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { within } from '../timing.ts';
import { formatRemote, type RemoteObject } from './preview.ts';
import { serializeInPage } from './serialize.ts';
import { pageFrames, type StackTrace } from './stack.ts';

const GROUP = 'llm-agent-evaluate';

interface ExceptionDetails {
  text: string;
  /** Where in the script it was thrown in: not always the evaluated code (see placeOf). */
  lineNumber: number;
  columnNumber: number;
  exception?: RemoteObject;
  /** Absent for code that did not compile. */
  stackTrace?: StackTrace;
}
interface EvaluateReply {
  result: RemoteObject;
  exceptionDetails?: ExceptionDetails;
}

export async function evaluate(params: Params<'evaluate'>, ctx: CommandContext): Promise<Result<'evaluate'>> {
  const tabId = await resolveTab(params.tabId);
  // Code that opens a dialog (alert(), confirm()) stays blocked until it is handled: say so at once.
  return unlessDialog(tabId, () => evaluateIn(tabId, params, ctx));
}

async function evaluateIn(tabId: number, params: Params<'evaluate'>, ctx: CommandContext): Promise<Result<'evaluate'>> {
  if ((params.expression === undefined) === (params.function === undefined)) {
    throw new AgentError('INVALID_PARAMS', 'Give exactly one of expression (e.g. "document.title") or function (e.g. "(el) => el.textContent").');
  }
  if (params.ref && params.function === undefined) {
    throw new AgentError('INVALID_PARAMS', 'With ref, give a function that takes the element, e.g. "(el) => el.getBoundingClientRect()".');
  }
  if (params.function !== undefined && !isFunctionSource(params.function)) {
    // `(throw …)()` would fail with a SyntaxError, `(document.title)()` with "is not a function": neither says why.
    throw new AgentError('INVALID_PARAMS', `function must be a function, e.g. "() => document.title" or "async () => { … return x; }"; it starts with ${JSON.stringify(params.function.trim().slice(0, 30))}. To run statements or an expression as they are, pass expression instead.`);
  }
  if (params.ref) return callOnElement(tabId, params.ref, params.function!, params.await ?? true);
  // The function's own text starts on line 1, so error lines match the agent's code.
  const wrapped = params.function !== undefined;
  const expression = wrapped ? `(${params.function})()` : params.expression!;
  const budget = Math.max(1000, ctx.timeoutMs - 1000);
  const started = Date.now();
  let reply = await cdp<EvaluateReply>(tabId, 'Runtime.evaluate', {
    expression,
    awaitPromise: params.await ?? true,
    // Top-level await in expressions, like the DevTools console.
    replMode: params.expression !== undefined,
    generatePreview: true,
    objectGroup: GROUP,
    userGesture: true,
    // Stop runaway loops before the command's own timeout fires.
    timeout: budget,
  }).catch((error: unknown) => {
    // V8 reports a terminated evaluation only as "Internal error".
    if (Date.now() - started >= budget - 50) {
      throw new AgentError('EXECUTION_ERROR', `The code was still running after ${budget} ms and was stopped. Make it finish sooner (an endless loop?) or pass a larger timeout.`);
    }
    throw error;
  });
  try {
    if (reply.exceptionDetails && wrapped && failedOurCall(expression, reply.exceptionDetails)) {
      throw new AgentError('INVALID_PARAMS', `function is called as given, and ${JSON.stringify(clipSource(params.function!))} is not a function but a call or another expression (calling its value threw "${reply.exceptionDetails.exception?.description?.split('\n')[0] ?? 'not a function'}"). Pass it as expression to run it as it is, or give the function itself, e.g. "() => document.title".`);
    }
    if (reply.exceptionDetails) throw await executionError(send(tabId), reply.exceptionDetails, { wrapped });
    // replMode hands back a promise the expression produced (like the DevTools console) instead of awaiting it.
    if (reply.result.subtype === 'promise' && reply.result.objectId && (params.await ?? true)) {
      reply = await cdp<EvaluateReply>(tabId, 'Runtime.awaitPromise', { promiseObjectId: reply.result.objectId, generatePreview: true });
    }
    if (reply.exceptionDetails) throw await executionError(send(tabId), reply.exceptionDetails, { wrapped });
    return { tabId, type: typeOf(reply.result), value: await serialize(send(tabId), reply.result) };
  } finally {
    void cdp(tabId, 'Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
}

// An arrow function (with or without parentheses, async or not) or a function expression,
// after any comments.
const FUNCTION_START = /^(async\b\s*)?(function\b|\(|[\p{L}_$][\p{L}\p{N}_$]*\s*=>)/u;
const LEADING_COMMENTS = /^(\s+|\/\/[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*/;

function isFunctionSource(source: string): boolean {
  return FUNCTION_START.test(source.replace(LEADING_COMMENTS, ''));
}

/**
 * The call that `(fn)()` adds is what threw: fn's value is no function. A source that starts like one may be a
 * call of one (an IIFE, `(() => 1)()`), which isFunctionSource cannot tell; so the place decides: the last `(`.
 */
function failedOurCall(expression: string, details: ExceptionDetails): boolean {
  const lines = expression.split('\n');
  const top = details.stackTrace?.callFrames[0] ?? details;
  return details.exception?.className === 'TypeError' && top.lineNumber === lines.length - 1 && top.columnNumber === lines.at(-1)!.length - 2;
}

const clipSource = (source: string) => (source.length > 60 ? `${source.slice(0, 59)}…` : source);

type Send = <T>(method: string, params: object) => Promise<T>;

/** How long a frame of another site gets to answer the search for the marked element (a running one answers at once). */
const OTHER_FRAME_MS = 1000;

/** CDP to the tab, or to one of its child sessions (an out-of-process iframe). */
function send(tabId: number, sessionId?: string): Send {
  return <T>(method: string, params: object) => cdpSession<T>(tabId, sessionId, method, params);
}

/**
 * The function with a ref's element, in the main world of the element's own
 * document: the frame's, cross-origin or not, and inside shadow roots, open
 * or closed. The content script (which knows refs) marks the element; the
 * DOM search of the target that renders that frame finds the mark. Without
 * Runtime.evaluate's timeout here, a function that never returns is caught
 * as PAGE_UNRESPONSIVE, from which navigation recovers the tab.
 */
async function callOnElement(tabId: number, ref: string, fn: string, awaitPromise: boolean): Promise<Result<'evaluate'>> {
  const { objectId, session } = await markedElement(tabId, ref);
  try {
    const reply = await session<EvaluateReply>('Runtime.callFunctionOn', {
      functionDeclaration: fn,
      objectId,
      arguments: [{ objectId }],
      awaitPromise,
      generatePreview: true,
      userGesture: true,
    });
    // callFunctionOn compiles the declaration in parentheses too.
    if (reply.exceptionDetails) throw await executionError(session, reply.exceptionDetails, { wrapped: true });
    return { tabId, type: typeOf(reply.result), value: await serialize(session, reply.result) };
  } finally {
    void session('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
}

/**
 * Marks the element through the content script, then finds the mark with
 * DOM.performSearch (which also searches shadow roots and the tab's
 * in-process frames) in the tab's target, or else in its out-of-process
 * frames, and unmarks it.
 */
async function markedElement(tabId: number, ref: string): Promise<{ objectId: string; session: Send }> {
  const nonce = crypto.randomUUID();
  await sendToFrame(tabId, frameOfRef(ref), { type: 'mark', target: { ref }, nonce });
  const query = `[${MARK_ATTRIBUTE}="${nonce}"]`;
  for (const sessionId of [undefined, ...childSessionsOf(tabId, 'iframe')]) {
    const session = send(tabId, sessionId);
    // The search answers in node ids of the document the DOM agent has handed out. A frame of another
    // site whose page is blocked never answers: the element, just marked by its frame, is not there.
    const root = session('DOM.getDocument', { depth: 0 });
    if (sessionId && (await within(root.then(() => true), OTHER_FRAME_MS, false)) === false) {
      root.catch(() => undefined); // passed over: its late failure is no news
      continue;
    }
    await root;
    const { searchId, resultCount } = await session<{ searchId: string; resultCount: number }>('DOM.performSearch', { query });
    try {
      if (!resultCount) continue;
      const { nodeIds } = await session<{ nodeIds: number[] }>('DOM.getSearchResults', { searchId, fromIndex: 0, toIndex: 1 });
      const { object } = await session<{ object: RemoteObject }>('DOM.resolveNode', { nodeId: nodeIds[0], objectGroup: GROUP });
      if (!object.objectId) break;
      await session('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: `function () { this.removeAttribute(${JSON.stringify(MARK_ATTRIBUTE)}); }` });
      return { objectId: object.objectId, session };
    } finally {
      // The element's handle is the Runtime's; the DOM agent (and its events) is not needed after.
      void session('DOM.discardSearchResults', { searchId })
        .then(() => session('DOM.disable', {}))
        .catch(() => undefined);
    }
  }
  throw new AgentError('STALE_REF', `Element ${ref} went away before the function could run on it. Take a new snapshot and use the new ref.`);
}

function typeOf(object: RemoteObject): string {
  if (object.type === 'object') return object.subtype ?? object.className ?? 'object';
  return object.type;
}

async function serialize(session: Send, object: RemoteObject): Promise<string> {
  if (object.objectId) {
    const { result, exceptionDetails } = await session<EvaluateReply>('Runtime.callFunctionOn', {
      // Strict, or a symbol (a primitive with an object id) arrives boxed as `this` and prints as "Symbol {}".
      functionDeclaration: `function () { 'use strict'; return (${serializeInPage.toString()})(this); }`,
      objectId: object.objectId,
      returnByValue: true,
    });
    if (!exceptionDetails && typeof result.value === 'string') return result.value;
    return formatRemote(object);
  }
  if (object.type === 'undefined') return 'undefined';
  if (object.unserializableValue) return object.unserializableValue;
  if (object.subtype === 'null') return 'null';
  return JSON.stringify(object.value) ?? String(object.value);
}

/** wrapped: the agent's function was sent as `(fn)()` (or compiled so, by callFunctionOn): its first line starts a column later. */
async function executionError(send: Send, details: ExceptionDetails, { wrapped = false } = {}): Promise<AgentError> {
  const exception = details.exception;
  const message = exception
    ? exception.subtype === 'error'
      ? (exception.description ?? '').split('\n')[0] + (await causeOf(send, exception))
      : `Threw ${exception.type === 'string' ? JSON.stringify(exception.value) : formatRemote(exception)}`
    : details.text;
  const rejected = details.text.includes('(in promise)') ? ' (rejected promise)' : '';
  return new AgentError('EXECUTION_ERROR', `${message}${rejected}${placeOf(details, wrapped)}. Fix the code and call browser_evaluate again.`);
}

/**
 * Where in the agent's code. The exception's own place is in whatever script threw it: a function of
 * the page the code called, a tracker's wrapper (page-scripts/install.ts; fetch's, on a failed
 * request), or JSON.parse's input; and in replMode Chromium counts it from 1 while the code ran, from
 * 0 where it did not compile (measured, Chromium 156). So the stack decides, whose frames count from
 * 0 everywhere: the evaluated code has no URL and is at its bottom (or is all of it, a callback of its
 * own run later), and the innermost of its frames is the line to fix; a page's script that threw is
 * named. Code that did not compile has no stack: its own place is right.
 */
function placeOf(details: ExceptionDetails, wrapped: boolean): string {
  const frames = details.stackTrace?.callFrames ?? [];
  const at = (line: number, column: number) => ` at line ${line}, column ${wrapped && line === 1 ? column - 1 : column}`;
  if (!frames.length) return at(details.lineNumber + 1, details.columnNumber + 1);
  const bottom = frames.at(-1)!;
  const yours = bottom.url ? undefined : frames.find((f) => f.scriptId === bottom.scriptId);
  if (!yours) return '';
  const thrower = pageFrames(details.stackTrace)[0];
  const by = thrower && thrower !== yours && thrower.url ? `, thrown in the page's script at ${thrower.url}:${thrower.lineNumber + 1}, called` : '';
  return by + at(yours.lineNumber + 1, yours.columnNumber + 1);
}

/** ` (caused by …)` for an error made with a cause, which its description leaves out. */
async function causeOf(send: Send, error: RemoteObject): Promise<string> {
  if (!error.objectId) return '';
  const reply = await send<{ result: { value?: string | null } }>('Runtime.callFunctionOn', {
    objectId: error.objectId,
    functionDeclaration: 'function () { const c = this.cause; return c === undefined ? null : c instanceof Error ? String(c) : typeof c === "object" ? JSON.stringify(c) : String(c); }',
    returnByValue: true,
  }).catch(() => null);
  const cause = reply?.result.value;
  return typeof cause === 'string' ? ` (caused by ${cause.slice(0, 300)})` : '';
}

/** For internal use (screenshots, service workers): a JSON value from the page's main world. */
export async function evaluateValue<T>(tabId: number, expression: string): Promise<T> {
  const reply = await unlessDialog(tabId, () => cdp<EvaluateReply>(tabId, 'Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }));
  if (reply.exceptionDetails) throw await executionError(send(tabId), reply.exceptionDetails);
  return reply.result.value as T;
}
