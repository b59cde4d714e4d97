/**
 * Chrome unloads (discards) background tabs to save memory: the page goes,
 * and the tab comes back under a new id (tabs.ts follows it). Not an agent's
 * tab; one unloaded anyway (by the person, another extension) is loaded again
 * for the agent's next command (cdp.ts, frames.ts).
 */
import { bringToFront } from './in-front.ts';
import { within } from './timing.ts';

/**
 * Memory Saver, or memory running low, drops a background tab's page and all
 * that was typed into it: not an agent's, whose page the agent is working in.
 * A tab the person takes back may be unloaded again.
 */
export function keepLoaded(tabId: number, keep: boolean): void {
  void chrome.tabs.update(tabId, { autoDiscardable: !keep }).catch(() => undefined);
}

/** How long the page of an unloaded tab may take to load again before the command goes on. */
const RELOAD_WAIT_MS = 10_000;

/**
 * Loads the page of a tab Chrome unloaded (discarded) again, as Chrome does
 * when the person shows such a tab: it has no page, so nothing in it answers,
 * and attaching the debugger reports a crash. Whether it was unloaded. For
 * commands only: a tab unloaded on purpose stays so until the agent uses it.
 */
export async function loadIfDiscarded(tabId: number): Promise<boolean> {
  if (!(await isDiscarded(tabId))) return false;
  let onUpdated: (id: number, change: chrome.tabs.OnUpdatedInfo) => void = () => {};
  const loaded = new Promise<void>((resolve) => {
    onUpdated = (id, change) => void (id === tabId && change.status === 'complete' && resolve());
    chrome.tabs.onUpdated.addListener(onUpdated);
  });
  try {
    // Loaded behind another tab, its page would get no size (a viewport of 0 × 0: nothing in it can be
    // clicked). Shown for a moment, as the person would show it, it takes its window's size and loads.
    const putBack = await bringToFront(tabId).catch(() => null);
    if (await isDiscarded(tabId)) await chrome.tabs.reload(tabId);
    putBack?.();
    await within(loaded, RELOAD_WAIT_MS, undefined);
  } finally {
    chrome.tabs.onUpdated.removeListener(onUpdated);
  }
  return true;
}

/** Whether Chrome has unloaded the tab's page (see loadIfDiscarded). */
export async function isDiscarded(tabId: number): Promise<boolean> {
  return (await chrome.tabs.get(tabId).catch(() => null))?.discarded ?? false;
}
