/**
 * browser_evaluate: runs code in the page's main world through CDP Runtime
 * (not the content script's isolated world), so it sees the page's own
 * globals, and serializes the result in the page (./serialize.ts).
 */
import { MARK_ATTRIBUTE } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { unlessDialog } from '../actions/dialogs.ts';
import { sendToFrame } from '../frames.ts';
import { frameOfRef } from '../../shared/refs.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { formatRemote, type RemoteObject } from './preview.ts';
import { serializeInPage } from './serialize.ts';

const GROUP = 'llm-agent-evaluate';

interface ExceptionDetails {
  text: string;
  lineNumber: number;
  columnNumber: number;
  exception?: RemoteObject;
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
  let expression: string;
  if (params.function !== undefined) {
    // The function's own text starts on line 1, so error lines match the agent's code.
    expression = params.ref ? `(${params.function})(${await markedElement(tabId, params.ref)})` : `(${params.function})()`;
  } else {
    expression = params.expression!;
  }
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
    // replMode hands back a promise the expression produced (like the DevTools console) instead of awaiting it.
    if (!reply.exceptionDetails && reply.result.subtype === 'promise' && reply.result.objectId && (params.await ?? true)) {
      reply = await cdp<EvaluateReply>(tabId, 'Runtime.awaitPromise', { promiseObjectId: reply.result.objectId, generatePreview: true });
    }
    if (reply.exceptionDetails) throw executionError(reply.exceptionDetails);
    return { tabId, type: typeOf(reply.result), value: await serialize(tabId, reply.result) };
  } finally {
    void cdp(tabId, 'Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
}

/**
 * Marks the element through the content script (which knows refs), then
 * hands the main world an expression that finds it and removes the mark.
 */
async function markedElement(tabId: number, ref: string): Promise<string> {
  const frameId = frameOfRef(ref);
  const nonce = crypto.randomUUID();
  await sendToFrame(tabId, frameId, { type: 'mark', target: { ref }, nonce });
  const selector = JSON.stringify(`[${MARK_ATTRIBUTE}="${nonce}"]`);
  // The main world of the top document reaches same-origin iframes through
  // contentDocument; a cross-origin iframe's element stays out of reach.
  return `(() => {
    const find = (doc) => { const hit = doc.querySelector(${selector}); if (hit) return hit;
      for (const frame of doc.querySelectorAll('iframe, frame')) { let inner = null; try { inner = frame.contentDocument; } catch {}
        const found = inner && find(inner); if (found) return found; } return null; };
    const el = find(document);
    if (!el) throw new Error(${JSON.stringify(`element ${ref} cannot be reached from the page's main world: it is gone or inside a cross-origin iframe`)});
    el.removeAttribute(${JSON.stringify(MARK_ATTRIBUTE)}); return el; })()`;
}

function typeOf(object: RemoteObject): string {
  if (object.type === 'object') return object.subtype ?? object.className ?? 'object';
  return object.type;
}

async function serialize(tabId: number, object: RemoteObject): Promise<string> {
  if (object.objectId) {
    const { result, exceptionDetails } = await cdp<EvaluateReply>(tabId, 'Runtime.callFunctionOn', {
      functionDeclaration: `function () { return (${serializeInPage.toString()})(this); }`,
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

function executionError(details: ExceptionDetails): AgentError {
  const exception = details.exception;
  const message = exception
    ? exception.subtype === 'error'
      ? (exception.description ?? '').split('\n')[0]
      : `Threw ${exception.type === 'string' ? JSON.stringify(exception.value) : formatRemote(exception)}`
    : details.text;
  const rejected = details.text.includes('(in promise)') ? ' (rejected promise)' : '';
  return new AgentError('EXECUTION_ERROR', `${message}${rejected} at line ${details.lineNumber + 1}, column ${details.columnNumber + 1}. Fix the code and call browser_evaluate again.`);
}

/** For internal use (screenshots, service workers): a JSON value from the page's main world. */
export async function evaluateValue<T>(tabId: number, expression: string): Promise<T> {
  const reply = await unlessDialog(tabId, () => cdp<EvaluateReply>(tabId, 'Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }));
  if (reply.exceptionDetails) throw executionError(reply.exceptionDetails);
  return reply.result.value as T;
}
