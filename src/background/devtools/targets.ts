/**
 * Child targets of a tab — dedicated workers, the page's service worker,
 * out-of-process iframes — auto-attached with flatten so their console and
 * network events arrive on the tab's chrome.debugger connection tagged with
 * a sessionId (Chrome 125+ DebuggerSession).
 */
import { cdp, cdpSession, onCdpEvent } from '../cdp.ts';
import { within } from '../timing.ts';

interface ChildSession {
  tabId: number;
  type: string;
  url: string;
}

/** In memory: a restarted worker relearns sessions as targets attach again. */
const sessions = new Map<string, ChildSession>();
/** Per tab, the child sessions still being set up (domains enabled, hooks run), each with when it began. */
const settingUp = new Map<number, Map<Promise<void>, number>>();
/** How long after its start a frame's session setup is waited for. */
const SETUP_WAIT_MS = 1000;

/**
 * Resolves once the tab's child sessions that are being set up are ready:
 * an out-of-process frame's click-handler tracker (page-scripts/install.ts)
 * is installed by such a hook, and a snapshot taken before it knew none of the
 * frame's handlers (seen under load: a board's drop target had no ref).
 */
export async function childSessionsReady(tabId: number): Promise<void> {
  // A setup begun over SETUP_WAIT_MS ago is not waited for again: a frame whose page is
  // blocked from the start never answers it, and held every snapshot of the tab a second.
  const waits = [...(settingUp.get(tabId) ?? [])].map(([setup, began]) => within(setup, began + SETUP_WAIT_MS - Date.now(), undefined));
  if (waits.length) await Promise.all(waits);
}
const childHooks: ((tabId: number, sessionId: string, type: string) => Promise<void>)[] = [];

/** Runs for each new child session before its target starts running (e.g. to apply offline mode). */
export function onChildSession(hook: (tabId: number, sessionId: string, type: string) => Promise<void>): void {
  childHooks.push(hook);
}

export function childSessionsOf(tabId: number, type?: string): string[] {
  return [...sessions].filter(([, s]) => s.tabId === tabId && (type === undefined || s.type === type)).map(([id]) => id);
}

/** Human tag for an event's origin: "page", "worker http://…/w.js", "service_worker http://…/sw.js". */
export function sourceOf(sessionId: string | undefined): string {
  if (!sessionId) return 'page';
  const session = sessions.get(sessionId);
  return session ? `${session.type} ${session.url}` : 'worker';
}

/** Script URLs of the tab's dedicated workers that are attached. */
export function dedicatedWorkers(tabId: number): Set<string> {
  return new Set([...sessions.values()].filter((s) => s.tabId === tabId && s.type === 'worker').map((s) => s.url));
}

/** Script URLs of the tab's service workers that are attached, hence running. */
export function runningServiceWorkers(tabId: number): string[] {
  return [...sessions.values()].filter((s) => s.tabId === tabId && s.type === 'service_worker').map((s) => s.url);
}

export async function enableAutoAttach(tabId: number): Promise<void> {
  // waitForDebuggerOnStart would let us enable Runtime before a worker's
  // first line, but a service worker auto-attached through chrome.debugger
  // then never starts (measured, Chromium 156). Runtime.enable replays what
  // a worker logged before we attached, so nothing is lost without it.
  await cdp(tabId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
}

export function watchTargets(): void {
  onCdpEvent('Target.attachedToTarget', (tabId, params) => {
    const { sessionId, targetInfo } = params as { sessionId: string; targetInfo: { type: string; url: string } };
    sessions.set(sessionId, { tabId, type: targetInfo.type, url: targetInfo.url });
    const enable = async () => {
      await cdpSession(tabId, sessionId, 'Runtime.enable').catch(() => undefined);
      if (targetInfo.type !== 'service_worker') await cdpSession(tabId, sessionId, 'Log.enable').catch(() => undefined);
      if (targetInfo.type === 'iframe') {
        await cdpSession(tabId, sessionId, 'Network.enable').catch(() => undefined);
        // Page events of the frame's own renderer: its file choosers (actions/file-chooser.ts).
        await cdpSession(tabId, sessionId, 'Page.enable').catch(() => undefined);
      }
      for (const hook of childHooks) await hook(tabId, sessionId, targetInfo.type).catch(() => undefined);
    };
    const pending = settingUp.get(tabId) ?? new Map<Promise<void>, number>();
    settingUp.set(tabId, pending);
    const setup = enable().finally(() => {
      pending.delete(setup);
      if (!pending.size && settingUp.get(tabId) === pending) settingUp.delete(tabId);
    });
    pending.set(setup, Date.now());
  });
  onCdpEvent('Target.detachedFromTarget', (_tabId, params) => {
    sessions.delete((params as { sessionId: string }).sessionId);
  });
  onCdpEvent('Target.targetInfoChanged', (_tabId, params) => {
    const { targetInfo } = params as { targetInfo: { targetId: string; url: string } };
    for (const session of sessions.values()) if (session.url === '' && targetInfo.url) session.url = targetInfo.url;
  });
}
