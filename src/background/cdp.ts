/**
 * chrome.debugger sessions: CDP for what a content script cannot do
 * (screenshots, trusted input). Attached on first use per tab and kept while
 * the agent controls the tab.
 */
import { AgentError } from '../shared/errors.ts';

const CDP_VERSION = '1.3';
const attached = new Set<number>();
/** Why the debugger left a tab, so the next command can say so. */
const detachReasons = new Map<number, string>();

type CdpListener = (tabId: number, params: unknown) => void;
const eventListeners = new Map<string, Set<CdpListener>>();
const attachHooks: ((tabId: number) => Promise<void>)[] = [];

export function watchDebugger(): void {
  chrome.debugger.onDetach.addListener((source, reason) => {
    if (source.tabId === undefined) return;
    attached.delete(source.tabId);
    detachReasons.set(source.tabId, reason);
  });
  chrome.debugger.onEvent.addListener((source, method, params) => {
    if (source.tabId === undefined) return;
    for (const listener of eventListeners.get(method) ?? []) listener(source.tabId, params);
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

/** Attaches now (e.g. when the agent takes a tab) so capture starts before the first command. */
export async function ensureAttached(tabId: number): Promise<void> {
  await attach(tabId);
}

export function isAttached(tabId: number): boolean {
  return attached.has(tabId);
}

async function attach(tabId: number): Promise<void> {
  if (attached.has(tabId)) return;
  try {
    await chrome.debugger.attach({ tabId }, CDP_VERSION);
  } catch (error) {
    const message = (error as Error).message;
    // A restarted worker forgets what it attached; the browser does not.
    if (!/already attached/i.test(message)) {
      const previous = detachReasons.get(tabId);
      throw new AgentError(
        'DEBUGGER_DETACHED',
        `Cannot attach the debugger to tab ${tabId}: ${message}${previous ? ` (it was detached before: ${previous})` : ''}. Close DevTools on that tab or use another tab.`,
      );
    }
  }
  attached.add(tabId);
  detachReasons.delete(tabId);
  for (const hook of attachHooks) await hook(tabId).catch(() => undefined);
}

/** Sends one CDP command to a tab, attaching first; reattaches once if the user detached us. */
export async function cdp<T = unknown>(tabId: number, method: string, params: object = {}): Promise<T> {
  await attach(tabId);
  try {
    return (await chrome.debugger.sendCommand({ tabId }, method, params)) as T;
  } catch (error) {
    const message = (error as Error).message;
    if (/not attached|detached/i.test(message)) {
      attached.delete(tabId);
      await attach(tabId);
      return (await chrome.debugger.sendCommand({ tabId }, method, params)) as T;
    }
    throw new AgentError('EXECUTION_ERROR', `${method} failed in tab ${tabId}: ${message}`);
  }
}

export async function detach(tabId: number): Promise<void> {
  if (!attached.delete(tabId)) return;
  await chrome.debugger.detach({ tabId }).catch(() => undefined);
}
