/**
 * Child targets of a tab — dedicated workers, the page's service worker,
 * out-of-process iframes — auto-attached with flatten so their console and
 * network events arrive on the tab's chrome.debugger connection tagged with
 * a sessionId (Chrome 125+ DebuggerSession).
 */
import { cdp, cdpSession, onCdpEvent } from '../cdp.ts';

interface ChildSession {
  tabId: number;
  type: string;
  url: string;
}

/** In memory: a restarted worker relearns sessions as targets attach again. */
const sessions = new Map<string, ChildSession>();
const childHooks: ((tabId: number, sessionId: string, type: string) => Promise<void>)[] = [];

/** Runs for each new child session before its target starts running (e.g. to apply offline mode). */
export function onChildSession(hook: (tabId: number, sessionId: string, type: string) => Promise<void>): void {
  childHooks.push(hook);
}

export function childSessionsOf(tabId: number): string[] {
  return [...sessions].filter(([, s]) => s.tabId === tabId).map(([id]) => id);
}

/** Human tag for an event's origin: "page", "worker http://…/w.js", "service_worker http://…/sw.js". */
export function sourceOf(sessionId: string | undefined): string {
  if (!sessionId) return 'page';
  const session = sessions.get(sessionId);
  return session ? `${session.type} ${session.url}` : 'worker';
}

export async function enableAutoAttach(tabId: number): Promise<void> {
  await cdp(tabId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
}

export function watchTargets(): void {
  onCdpEvent('Target.attachedToTarget', (tabId, params) => {
    const { sessionId, targetInfo } = params as { sessionId: string; targetInfo: { type: string; url: string } };
    sessions.set(sessionId, { tabId, type: targetInfo.type, url: targetInfo.url });
    // The target waits for us (waitForDebuggerOnStart) so its first messages
    // are not lost; enable capture, then let it run.
    const enable = async () => {
      await cdpSession(tabId, sessionId, 'Runtime.enable').catch(() => undefined);
      if (targetInfo.type !== 'service_worker') await cdpSession(tabId, sessionId, 'Log.enable').catch(() => undefined);
      if (targetInfo.type === 'iframe') await cdpSession(tabId, sessionId, 'Network.enable').catch(() => undefined);
      for (const hook of childHooks) await hook(tabId, sessionId, targetInfo.type).catch(() => undefined);
      await cdpSession(tabId, sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => undefined);
    };
    void enable();
  });
  onCdpEvent('Target.detachedFromTarget', (_tabId, params) => {
    sessions.delete((params as { sessionId: string }).sessionId);
  });
  onCdpEvent('Target.targetInfoChanged', (_tabId, params) => {
    const { targetInfo } = params as { targetInfo: { targetId: string; url: string } };
    for (const session of sessions.values()) if (session.url === '' && targetInfo.url) session.url = targetInfo.url;
  });
}
