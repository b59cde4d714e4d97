/**
 * chrome.debugger sessions: CDP for what a content script cannot do
 * (screenshots, trusted input, console and network capture). Attached on
 * first use per tab and kept while the agent controls the tab.
 */
import { AgentError } from '../shared/errors.ts';
import { assertResponsive, deliverInput } from './unresponsive.ts';
import { assertNotNavigating, navigating } from './pending-navigation.ts';
import { loadIfDiscarded } from './unloaded-tabs.ts';

const CDP_VERSION = '1.3';
const attached = new Set<number>();
/** Attaches in flight, so two commands racing to attach a tab attach once. */
const attaching = new Map<number, Promise<void>>();
/** Attach hooks still running: ensureAttached() waits for them, cdp() cannot (the hooks use it). */
const settingUp = new Map<number, Promise<void>>();
/** Why the debugger left a tab, so the next command can say so. */
const detachReasons = new Map<number, string>();

/** `sessionId` is set for events of a child session (a worker or iframe target auto-attached under the tab). */
type CdpListener = (tabId: number, params: unknown, sessionId?: string) => void;
const eventListeners = new Map<string, Set<CdpListener>>();
const attachHooks: ((tabId: number) => Promise<void>)[] = [];

/**
 * Tabs whose renderer crashed ("Aw, Snap!"): the page answers nothing, no
 * content script and no CDP call into it, which would wait for their timeouts.
 * A navigation or reload brings a new renderer. In memory: a restarted
 * worker learns it again when it re-attaches, as Inspector.enable on a
 * crashed target reports the crash once more.
 */
const crashed = new Set<number>();
// What still works without a renderer: leaving the page. Anything else would wait for an
// answer from the dead renderer (even enabling a domain), so it fails at once.
const WITHOUT_RENDERER = /^(Page\.(navigate|reload|navigateToHistoryEntry|getNavigationHistory)|Target\.\w+|Inspector\.enable)$/;

/** Commands waiting on a renderer: a crash ends them, as the renderer will never answer. */
const crashListeners = new Set<(tabId: number) => void>();

/** `command`, or `error()` as soon as one of `listeners`' events names the tab. */
function endedBy<T>(listeners: Set<(tabId: number) => void>, tabId: number, command: Promise<T>, error: () => Error): Promise<T> {
  let listener = (_tab: number) => {};
  const ended = new Promise<never>((_, reject) => {
    listener = (tab) => tab === tabId && reject(error());
  });
  listeners.add(listener);
  return Promise.race([command, ended]).finally(() => listeners.delete(listener));
}

function unlessCrash<T>(tabId: number, command: Promise<T>): Promise<T> {
  return endedBy(crashListeners, tabId, command, () => crashError(tabId));
}

/**
 * Commands in flight when the debugger leaves the tab (its page swapped for a PDF viewer's or back:
 * target_closed) get no answer at all: each is ended here, as a detach, which send() attaches
 * again for. An attach hook waiting on one held every later command of the tab until its timeout.
 */
const detachListeners = new Set<(tabId: number) => void>();

function untilDetached<T>(tabId: number, command: Promise<T>): Promise<T> {
  return endedBy(detachListeners, tabId, command, () => new Error('Detached while handling command.'));
}

function crashError(tabId: number): AgentError {
  return new AgentError('PAGE_CRASHED', `The page in tab ${tabId} crashed ("Aw, Snap!"): nothing in it can be read or acted on. Reload it with browser_reload, or browser_navigate elsewhere.`);
}

export function assertNotCrashed(tabId: number): void {
  if (crashed.has(tabId)) throw crashError(tabId);
}

export function watchDebugger(): void {
  onAttach((tabId) => send(tabId, undefined, 'Inspector.enable', {}).then(() => undefined));
  onCdpEvent('Inspector.targetCrashed', (tabId, _params, sessionId) => {
    if (sessionId) return;
    crashed.add(tabId);
    for (const onCrash of crashListeners) onCrash(tabId);
  });
  onCdpEvent('Inspector.targetReloadedAfterCrash', (tabId, _params, sessionId) => void (sessionId || crashed.delete(tabId)));
  chrome.webNavigation.onCommitted.addListener((details) => void (details.frameId === 0 && crashed.delete(details.tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => void crashed.delete(tabId));
  chrome.debugger.onDetach.addListener((source, reason) => {
    if (source.tabId === undefined) return;
    attached.delete(source.tabId);
    detachReasons.set(source.tabId, reason);
    for (const onDetach of detachListeners) onDetach(source.tabId);
  });
  chrome.debugger.onEvent.addListener((source, method, params) => {
    if (source.tabId === undefined) return;
    const sessionId = (source as chrome.debugger.DebuggerSession).sessionId;
    for (const listener of eventListeners.get(method) ?? []) listener(source.tabId, params, sessionId);
  });
}

/** Subscribes to a CDP event from every attached tab; returns the unsubscribe function. */
export function onCdpEvent(method: string, listener: CdpListener): () => void {
  let set = eventListeners.get(method);
  if (!set) eventListeners.set(method, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Runs after every (re)attach to a tab — where capture code enables the CDP
 * domains it listens to (Runtime, Network, Page…).
 */
export function onAttach(hook: (tabId: number) => Promise<void>): void {
  attachHooks.push(hook);
}

/**
 * Attaches now (e.g. when the agent takes a tab) so capture starts before
 * the first command, and waits until the attach hooks have run.
 */
export async function ensureAttached(tabId: number): Promise<void> {
  await attach(tabId);
  await settingUp.get(tabId);
}

function attach(tabId: number): Promise<void> {
  if (attached.has(tabId)) return Promise.resolve();
  let pending = attaching.get(tabId);
  if (!pending) {
    pending = doAttach(tabId).finally(() => attaching.delete(tabId));
    attaching.set(tabId, pending);
  }
  return pending;
}

async function doAttach(tabId: number): Promise<void> {
  await loadIfDiscarded(tabId);
  try {
    await chrome.debugger.attach({ tabId }, CDP_VERSION);
  } catch (error) {
    const message = (error as Error).message;
    // A restarted worker forgets what it attached; the browser does not.
    if (/cannot access|cannot attach to this target|chrome-extension:|chrome:\/\//i.test(message)) {
      throw new AgentError('DEBUGGER_DETACHED', `Cannot debug tab ${tabId}: ${message}. Browser pages (chrome://, the Web Store, other extensions) cannot be debugged; navigate the tab to a normal web page.`);
    }
    if (/no tab with/i.test(message)) throw new AgentError('TAB_CLOSED', `Tab ${tabId} is closed.`);
    if (!/already attached/i.test(message)) {
      const previous = detachReasons.get(tabId);
      throw new AgentError(
        'DEBUGGER_DETACHED',
        `Cannot attach the debugger to tab ${tabId}: ${message}${previous ? ` (it was detached before: ${explainReason(previous)})` : ''}. Close DevTools on that tab or use another tab.`,
      );
    }
  }
  attached.add(tabId);
  detachReasons.delete(tabId);
  // Marked attached first: hooks send commands through cdp(), which must not wait for this attach.
  // Cut short when the debugger leaves again meanwhile: a hook's command then attaches anew, which
  // waits for this attach; the tab's next command attaches afresh.
  const setup = (async () => {
    let left = false;
    const onDetach = (detachedTab: number) => void (detachedTab === tabId && (left = true));
    detachListeners.add(onDetach);
    try {
      for (const hook of attachHooks) {
        if (left) break;
        await untilDetached(tabId, hook(tabId)).catch(() => undefined);
      }
    } finally {
      detachListeners.delete(onDetach);
    }
  })();
  settingUp.set(tabId, setup);
  try {
    await setup;
  } finally {
    if (settingUp.get(tabId) === setup) settingUp.delete(tabId);
  }
}

function explainReason(reason: string): string {
  if (reason === 'canceled_by_user') return 'the user closed the "started debugging this browser" bar';
  if (reason === 'target_closed') return 'the tab or its page went away';
  return reason;
}

export function isAttached(tabId: number): boolean {
  return attached.has(tabId);
}

const RELEASES: Record<string, string> = { 'Input.dispatchKeyEvent': 'keyUp', 'Input.dispatchMouseEvent': 'mouseReleased', 'Input.dispatchTouchEvent': 'touchEnd' };

/** A key, button or touch let go: the end of an input the page already has the start of. */
function endsPress(method: string, params: object): boolean {
  return RELEASES[method] !== undefined && (params as { type?: string }).type === RELEASES[method];
}

/** Sends one CDP command to a tab, attaching first; reattaches once if the user detached us. */
export async function cdp<T = unknown>(tabId: number, method: string, params: object = {}): Promise<T> {
  return send<T>(tabId, undefined, method, params);
}

/** Sends a command to a child session (worker, iframe) auto-attached under a tab; without one, to the tab itself. */
export async function cdpSession<T = unknown>(tabId: number, sessionId: string | undefined, method: string, params: object = {}): Promise<T> {
  return send<T>(tabId, sessionId, method, params);
}

async function send<T>(tabId: number, sessionId: string | undefined, method: string, params: object): Promise<T> {
  // Child sessions (workers, iframes) have renderers of their own; the tab's crash is not theirs.
  const needsRenderer = !sessionId && !WITHOUT_RENDERER.test(method);
  const input = needsRenderer && method.startsWith('Input.');
  if (needsRenderer) {
    assertNotCrashed(tabId);
    await assertResponsive(tabId);
    if (input && endsPress(method, params)) {
      // The release of a press the page has taken (the keyUp of the Enter that submitted a form): the
      // press went through, so this is no refusal. Nor is it sent: Chromium would hold it for the next page.
      if (await navigating(tabId)) return undefined as T;
    } else if (input) await assertNotNavigating(tabId);
  }
  await attach(tabId);
  const target: chrome.debugger.DebuggerSession = sessionId ? { tabId, sessionId } : { tabId };
  try {
    const sent = untilDetached(tabId, chrome.debugger.sendCommand(target, method, params) as Promise<T>);
    const command = input ? deliverInput(tabId, method, sent) : sent;
    return await (needsRenderer ? unlessCrash(tabId, command) : command);
  } catch (error) {
    if (error instanceof AgentError) throw error;
    const message = (error as Error).message;
    if (/not attached|detached/i.test(message) && !sessionId) {
      const reason = detachReasons.get(tabId);
      attached.delete(tabId);
      await attach(tabId);
      try {
        return (await chrome.debugger.sendCommand(target, method, params)) as T;
      } catch (again) {
        throw new AgentError('DEBUGGER_DETACHED', `${method} failed in tab ${tabId}: the debugger was detached${reason ? ` (${explainReason(reason)})` : ''} and reattaching did not help: ${(again as Error).message}. Try again, or close DevTools on that tab.`);
      }
    }
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (!tab) throw new AgentError('TAB_CLOSED', `Tab ${tabId} was closed while ${method} ran.`);
    // The document the command ran in went away (a promise awaited across a navigation, a context gone).
    if (/Inspected target navigated|Execution context was destroyed|Cannot find context with specified id/i.test(message)) {
      throw new AgentError('NAV_ABORTED', `The page in tab ${tabId} navigated away while ${method} ran (now at ${tab.url}). Run it again on the new page if it still applies.`);
    }
    throw new AgentError('EXECUTION_ERROR', `${method} failed in tab ${tabId}: ${message}`);
  }
}

export async function detach(tabId: number): Promise<void> {
  if (!attached.delete(tabId)) return;
  await chrome.debugger.detach({ tabId }).catch(() => undefined);
}

/** Stop agent: let go of every tab we debug, so nothing more can be done through CDP. */
export async function detachAll(): Promise<void> {
  const targets = await chrome.debugger.getTargets();
  const ours = targets.filter((t) => t.attached && t.tabId !== undefined).map((t) => t.tabId!);
  await Promise.all([...new Set([...attached, ...ours])].map((tabId) => chrome.debugger.detach({ tabId }).catch(() => undefined)));
  attached.clear();
}
