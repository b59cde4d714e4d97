/**
 * Main-frame navigations that have started but not committed. Meanwhile the
 * tab still shows the old page, but Chromium holds CDP commands to it until
 * the navigation commits (measured: a click, an evaluate and a screenshot
 * sent while a slow server kept the tab loading each waited out its
 * timeout). A command that times out so says why (router.ts). Input is
 * refused at once (cdp.ts): held, it would land on the next page, on
 * whatever sits where the old element was.
 */
import { AgentError } from '../shared/errors.ts';

/** Tab → the URL its main frame is loading, and since when. */
const pending = new Map<number, { url: string; since: number }>();

export function watchPendingNavigations(): void {
  const nav = chrome.webNavigation;
  nav.onBeforeNavigate.addListener((d) => void (d.frameId === 0 && pending.set(d.tabId, { url: d.url, since: Date.now() })));
  const settled = (tabId: number) => void pending.delete(tabId);
  nav.onCommitted.addListener((d) => void (d.frameId === 0 && settled(d.tabId)));
  nav.onErrorOccurred.addListener((d) => void (d.frameId === 0 && settled(d.tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => settled(tabId));
}

/**
 * The URL the tab's main frame began loading and has not committed, by the events alone: known at once,
 * where the tab's pendingUrl takes a trip and may come after a navigation that began meanwhile.
 */
export function loadingNow(tabId: number): string | undefined {
  return pending.get(tabId)?.url;
}

/**
 * The navigation in flight in the tab, if any. The events are the fast
 * answer; the tab's own pendingUrl is the sure one, so a missed event cannot
 * hold the tab for good.
 */
async function inFlight(tabId: number): Promise<{ url: string; since: number } | null> {
  const loading = pending.get(tabId);
  if (!loading) return null;
  const url = (await chrome.tabs.get(tabId).catch(() => null))?.pendingUrl;
  if (url) return { url, since: loading.since };
  pending.delete(tabId);
  return null;
}

/** Why a command to the tab could not run, when a navigation is still in flight; null otherwise. */
export async function stillLoading(tabId: number): Promise<AgentError | null> {
  const loading = await inFlight(tabId);
  if (!loading) return null;
  const seconds = Math.round((Date.now() - loading.since) / 1000);
  return new AgentError(
    'NAV_TIMEOUT',
    `Tab ${tabId} has been loading ${loading.url} for ${seconds} s without its server answering; until that navigation commits the page shown takes no commands. Wait and retry, or leave with browser_navigate_back or browser_navigate.`,
  );
}

/** Whether the tab's page is being replaced by a navigation that has not committed yet. */
export async function navigating(tabId: number): Promise<boolean> {
  return (await inFlight(tabId)) !== null;
}

/** Before input is sent to the tab: fails while the page it was aimed at is being replaced. */
export async function assertNotNavigating(tabId: number): Promise<void> {
  const loading = await inFlight(tabId);
  if (!loading) return;
  throw new AgentError(
    'NAV_ABORTED',
    `Tab ${tabId} is loading ${loading.url}: the page shown is being replaced, so the input was not sent (it could land on the next page instead). Wait for the page to load (browser_wait_for with url or text), then take a new snapshot.`,
  );
}
