/**
 * The debugging kit in the service worker: screenshots, console and network
 * capture, evaluate, emulation, service workers. Capture starts when the
 * agent adopts a tab (the debugger attaches then) and lives in this worker's
 * memory; see console.ts / network.ts for what a worker restart loses.
 */
import type { DEVTOOLS_METHODS } from '../../shared/methods/devtools.ts';
import { cdp, detach, ensureAttached, onAttach } from '../cdp.ts';
import type { Handlers } from '../router.ts';
import { agentTabIds, onTabAdopted, onTabReleased } from '../tabs.ts';
import { isDiscarded } from '../unloaded-tabs.ts';
import { consoleClear, consoleList, forgetConsole, watchConsole } from './console.ts';
import { forgetEmulation, keepInFront, resize, restoreEmulation, setOffline, watchEmulation } from './emulation.ts';
import { evaluate } from './evaluate.ts';
import { forgetNetwork, networkClear, networkGet, networkList, watchNetwork } from './network.ts';
import { screenshot } from './screenshot.ts';
import { serviceWorkers } from './service-workers.ts';
import { enableAutoAttach, watchTargets } from './targets.ts';

/** Handlers for the debugging-kit methods (src/shared/methods/devtools.ts). */
export const devtoolsHandlers: Pick<Handlers, keyof typeof DEVTOOLS_METHODS> = {
  screenshot,
  'console.list': consoleList,
  'console.clear': consoleClear,
  evaluate,
  'network.list': networkList,
  'network.get': networkGet,
  'network.clear': networkClear,
  'network.offline': setOffline,
  resize,
  serviceWorkers,
};

/** Wires capture (console, network…) into the debugger and tab lifecycle. Called once per worker start. */
export function startDevtoolsCapture(): void {
  watchConsole();
  watchNetwork();
  watchTargets();
  watchEmulation();
  onAttach(async (tabId) => {
    await Promise.all([cdp(tabId, 'Runtime.enable'), cdp(tabId, 'Log.enable'), cdp(tabId, 'Network.enable'), keepInFront(tabId)]);
    await enableAutoAttach(tabId).catch(() => undefined);
    await restoreEmulation(tabId).catch(() => undefined);
  });
  // Capture from the moment the agent controls a tab, not from its first debugging command.
  onTabAdopted((tabId) => void attachUnlessUnloaded(tabId).catch(() => undefined));
  chrome.tabs.onRemoved.addListener((tabId) => {
    forgetConsole(tabId);
    forgetNetwork(tabId);
    void forgetEmulation(tabId);
  });
  // Never keep debugging a tab that is no longer the agent's (the user took it back).
  onTabReleased((tabId) => void detach(tabId));
  // A restarted worker: the browser kept the debugger attached, but our
  // listeners and buffers are new. Re-run the attach hooks for the agent's tabs.
  void agentTabIds().then((ids) => ids.forEach((id) => void attachUnlessUnloaded(id).catch(() => undefined)));
}

/** Not a tab Chrome unloaded (discarded): attaching loads it again (cdp.ts), which is for the agent's next command to do. */
async function attachUnlessUnloaded(tabId: number): Promise<void> {
  if (!(await isDiscarded(tabId))) await ensureAttached(tabId);
}
