import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { navigationErrorCode, normalizeUrl } from '../../shared/urls.ts';
import type { CommandContext } from '../router.ts';
import { adoptTab, currentTab, resolveTab } from '../tabs.ts';

export async function navigate(params: Params<'navigate'>, ctx: CommandContext): Promise<Result<'navigate'>> {
  const url = normalizeUrl(params.url);
  let tabId = params.tabId !== undefined ? await resolveTab(params.tabId) : await currentTab();
  if (tabId === null) {
    // The agent's first tab: open one rather than take over a tab of the user's.
    const tab = await browser.tabs.create({ url: 'about:blank', active: true });
    tabId = tab.id!;
    await adoptTab(tabId);
    // Navigating while the new tab's own about:blank load is in flight can
    // lose our navigation to it; let that load finish first.
    await settle(tabId);
  }
  await loadAndWait(tabId, url, ctx.signal);
  const tab = await browser.tabs.get(tabId);
  return { tabId, url: tab.url ?? url, title: tab.title ?? '' };
}

async function settle(tabId: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const tab = await browser.tabs.get(tabId);
    if (tab.status === 'complete') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts a navigation and resolves when the main frame has loaded, or
 * rejects with the typed net error. Listeners are in place before the
 * navigation starts so a fast load cannot be missed.
 */
function loadAndWait(tabId: number, url: string, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const nav = chrome.webNavigation;
    const isMain = (details: { tabId: number; frameId: number }) => details.tabId === tabId && details.frameId === 0;
    // Events of the load that was going on before ours (a new tab's
    // about:blank, a slow page) must not end our wait: count only what
    // follows the start of our own navigation.
    let started = false;
    const onBefore = (details: { tabId: number; frameId: number; url: string }) => {
      if (isMain(details) && details.url === url) started = true;
    };
    const onCompleted = (details: chrome.webNavigation.WebNavigationFramedCallbackDetails) => {
      if (isMain(details) && started) finish();
    };
    // Same-document navigations (only the #hash changed) never "complete".
    const onFragment = (details: chrome.webNavigation.WebNavigationTransitionCallbackDetails) => {
      if (isMain(details) && details.url === url) finish();
    };
    const onError = (details: chrome.webNavigation.WebNavigationFramedErrorCallbackDetails) => {
      if (!isMain(details) || !started) return;
      const code = navigationErrorCode(details.error);
      finish(new AgentError(code, `Navigation to ${url} failed: ${details.error}.`));
    };
    const onRemoved = (removedId: number) => {
      if (removedId === tabId) finish(new AgentError('TAB_CLOSED', `Tab ${tabId} was closed while loading ${url}.`));
    };
    const onAbort = () => finish(new AgentError('NAV_TIMEOUT', `${url} did not finish loading in time.`));

    function finish(error?: AgentError) {
      nav.onBeforeNavigate.removeListener(onBefore);
      nav.onCompleted.removeListener(onCompleted);
      nav.onReferenceFragmentUpdated.removeListener(onFragment);
      nav.onErrorOccurred.removeListener(onError);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    }

    nav.onBeforeNavigate.addListener(onBefore);
    nav.onCompleted.addListener(onCompleted);
    nav.onReferenceFragmentUpdated.addListener(onFragment);
    nav.onErrorOccurred.addListener(onError);
    chrome.tabs.onRemoved.addListener(onRemoved);
    signal.addEventListener('abort', onAbort);
    browser.tabs.update(tabId, { url }).catch((error: Error) => finish(new AgentError('NAV_FAILED', `Could not navigate tab ${tabId}: ${error.message}`)));
  });
}
