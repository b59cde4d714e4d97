/**
 * Routes each request from the server to its command handler: refuses
 * unknown methods and invalid params, runs commands for one tab one at a
 * time in order (different tabs in parallel), and enforces the timeout and
 * the server's cancel.
 */
import { DEFAULT_ACTION_WAIT_MS, DEFAULT_COMMAND_TIMEOUT_MS } from '../shared/constants.ts';
import { AgentError, toWireError } from '../shared/errors.ts';
import { describeIssues, isMethod, METHODS, type Method, type Params, type RequestMessage, type ResponseMessage, type Result, type SessionInfo } from '../shared/protocol.ts';
import { commandFinished, commandStarted } from './activity.ts';
import { stopWaits, tabClosed } from './frames.ts';
import { isManaged } from './settings.ts';
import { claimManagedTabs, resumeSession, sessionTab } from './tabs.ts';
import { blockedAfterTimeout, frameBlockedAfterTimeout } from './unresponsive.ts';
import { frameOf, targetFromString } from './actions/target.ts';
import { stillLoading } from './pending-navigation.ts';
import { takingTurns } from '../shared/turns.ts';
import { waitBudget } from './timing.ts';

export interface CommandContext {
  /** Aborted when the command times out or the server cancels it; long waits should stop then. */
  signal: AbortSignal;
  timeoutMs: number;
  /**
   * How long an action may still wait for its element to become actionable (see DEFAULT_ACTION_WAIT_MS):
   * counted from the command's start, so time spent attaching the debugger or reaching a busy
   * frame comes out of the wait, not out of the margin left to answer before the timeout.
   */
  readonly actionWaitMs: number;
  /** The agent session; the router has already limited tabId to its tabs. */
  session: SessionInfo;
}

export type Handlers = { [M in Method]: (params: Params<M>, ctx: CommandContext) => Promise<Result<M>> };

/** Commands to one tab (or, without a tab, one session) run in order; different tabs in parallel. */
const enqueue = takingTurns();
/** Each session's requests, in the order they came, while their tab is learned. */
const admit = takingTurns();

export function createRouter(handlers: Handlers): (request: RequestMessage, cancelled?: AbortSignal) => Promise<ResponseMessage> {
  return async (request, cancelled) => {
    const started = Date.now();
    commandStarted();
    const params = (request.params ?? {}) as { tabId?: number; ref?: string; selector?: string; url?: string };
    const entry = {
      time: started,
      method: request.method,
      session: request.session.name,
      tabId: params.tabId,
      target: params.ref ?? params.selector ?? params.url,
    };
    try {
      const result = await route(handlers, request, cancelled);
      commandFinished({ ...entry, ok: true, durationMs: Date.now() - started });
      return { type: 'response', id: request.id, result };
    } catch (error) {
      const wire = toWireError(closedTabError(error) ?? error);
      commandFinished({ ...entry, ok: false, error: `${wire.code}: ${wire.message}`, durationMs: Date.now() - started });
      return { type: 'response', id: request.id, error: wire };
    }
  };
}

/**
 * The browser's own "No tab with id" from a tabs API call, when the tab
 * closed mid-command at a spot the handler did not guard: the agent gets the
 * typed TAB_CLOSED, not INTERNAL.
 */
function closedTabError(error: unknown): AgentError | null {
  if (error instanceof AgentError || !(error instanceof Error)) return null;
  const id = /no tab with id:? *(\d+)/i.exec(error.message)?.[1];
  return id ? tabClosed(Number(id)) : null;
}

async function route(handlers: Handlers, request: RequestMessage, cancelled?: AbortSignal): Promise<unknown> {
  const { method } = request;
  if (!isMethod(method)) {
    throw new AgentError('UNKNOWN_METHOD', `Unknown method "${method}". Known methods: ${Object.keys(METHODS).join(', ')}.`);
  }
  const parsed = METHODS[method].params.safeParse(request.params ?? {});
  if (!parsed.success) throw new AgentError('INVALID_PARAMS', `Invalid params for ${method}: ${describeIssues(parsed.error, request.params ?? {})}`);
  const params = parsed.data as Params<Method> & { tabId?: number };
  const { session } = request;
  const timeoutMs = request.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  // A timeout the caller gave is theirs to spend waiting; the default one is not (DEFAULT_ACTION_WAIT_MS).
  const actionWaitMs = request.timeoutMs === undefined ? Math.min(DEFAULT_ACTION_WAIT_MS, waitBudget(timeoutMs)) : waitBudget(timeoutMs);
  const handler = handlers[method] as (p: Params<Method>, ctx: CommandContext) => Promise<unknown>;
  // Learning the tab takes awaits (storage, the tabs API) of varying length: a session's requests
  // take turns at it, so each joins its tab's queue in the order it came (seen: typed keys out of order).
  const { run } = await admit(`session:${session.id}`, async () => {
    await resumeSession(session);
    if (await isManaged()) await claimManagedTabs(session);
    // Isolation: a session names only its own tabs; without tabId it gets its current tab.
    if ('tabId' in METHODS[method].params.shape) {
      params.tabId = (await sessionTab(session, params.tabId)) ?? undefined;
    }
    const tabId = params.tabId;
    const key = tabId !== undefined ? `tab:${tabId}` : `session:${session.id}`;
    const run = enqueue(key, () => withTimeout(method, timeoutMs, cancelled, tabId, (signal) => {
      const waitsUntil = Date.now() + actionWaitMs;
      return handler(params, { signal, timeoutMs, session, get actionWaitMs() { return Math.max(0, waitsUntil - Date.now()); } });
    }));
    // Not awaited here: the next request is admitted while this one runs.
    return {
      run: run.catch(async (error: unknown) => {
        // Timed out because the page itself is blocked, or is being replaced by a navigation that does
        // not commit: say that (blocked: later commands learn it at once). An open dialog says so itself.
        if (error instanceof AgentError && error.code === 'TIMEOUT' && tabId !== undefined) {
          const ref = (params as { ref?: unknown }).ref;
          const frameId = typeof ref === 'string' ? frameOf(targetFromString(ref)) : 0;
          throw (await stillLoading(tabId)) ?? (await blockedAfterTimeout(tabId, timeoutMs)) ?? frameBlockedAfterTimeout(tabId, frameId) ?? error;
        }
        throw error;
      }),
    };
  });
  return run;
}

/**
 * Runs the command until it settles, times out or is cancelled. Either of the
 * last two ends its turn at once, so the tab's next command need not wait
 * behind it: the command's own waits stop on the signal, and its tab's frames
 * give up the elements they wait for (stopWaits) before the turn passes on.
 */
function withTimeout<T>(method: string, timeoutMs: number, cancelled: AbortSignal | undefined, tabId: number | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const stop = (error: AgentError) => {
      clearTimeout(timer);
      cancelled?.removeEventListener('abort', onCancel);
      controller.abort();
      if (tabId === undefined) reject(error);
      else void stopWaits(tabId).finally(() => reject(error));
    };
    const onCancel = () => stop(new AgentError('CANCELLED', `${method} was cancelled: its MCP client cancelled the call, or the agent server went away.`));
    const timer = setTimeout(() => stop(new AgentError('TIMEOUT', `${method} did not finish within ${timeoutMs} ms.`)), timeoutMs);
    // Cancelled while it waited for its turn: it does not start.
    if (cancelled?.aborted) return onCancel();
    cancelled?.addEventListener('abort', onCancel);
    const settle = () => {
      clearTimeout(timer);
      cancelled?.removeEventListener('abort', onCancel);
    };
    fn(controller.signal).then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
