/**
 * Scripts the service worker installs in the page's own JavaScript world of
 * agent tabs, through CDP so that they run before any page script in every
 * new document (Page.addScriptToEvaluateOnNewDocument) — and only in tabs the
 * agent controls, never in the user's other pages.
 */
import browser from 'webextension-polyfill';
import { CLICK_HANDLER_TRACKER, INPUT_TIMER_TRACKER, INTERNALS_TRACKER } from '../../shared/page-trackers.ts';
import { cdp, cdpSession, onAttach } from '../cdp.ts';
import { onChildSession } from '../devtools/targets.ts';
import { clickHandlerTrackerSource } from './click-handlers.ts';
import { inputTimerTrackerSource } from './input-timers.ts';
import { internalsTrackerSource } from './internals.ts';
import { reportEarlierHandlers, trackerPresent, type SendCdp } from './earlier-handlers.ts';

/**
 * The name the trackers' code goes by in stack traces. Their wrappers (a timer's callback, a
 * microtask's) sit between the page's frames, so the console would show a nameless
 * "(anonymous) (:2:1239)" in the stack of the page's own errors; named, such frames are left out
 * (devtools/console.ts).
 */
export const PAGE_SCRIPT_URL = 'llm-browser-agent/page-trackers.js';

const SOURCE = [
  clickHandlerTrackerSource(CLICK_HANDLER_TRACKER),
  inputTimerTrackerSource(INPUT_TIMER_TRACKER),
  internalsTrackerSource(INTERNALS_TRACKER),
  `//# sourceURL=${PAGE_SCRIPT_URL}`,
].join('\n');
// The script's registration, one key per tab: a restarted worker finds the debugger
// still attached and installs again, and must not leave the old registration behind.
const keyOf = (tabId: number) => `pageScript:${tabId}`;

/**
 * Registers the tracker for new documents and runs it in the current one
 * (runImmediately). A document that had no tracker yet may already have
 * handlers: those are found and handed to it.
 */
async function installTracker(send: SendCdp): Promise<string> {
  const present = await trackerPresent(send).catch(() => true);
  const { identifier } = await send<{ identifier: string }>('Page.addScriptToEvaluateOnNewDocument', { source: SOURCE, runImmediately: true });
  if (!present) await reportEarlierHandlers(send).catch(() => undefined);
  return identifier;
}

async function installInTab(tabId: number): Promise<void> {
  const key = keyOf(tabId);
  const previous = ((await browser.storage.session.get(key)) as Record<string, string | undefined>)[key];
  if (previous) await cdp(tabId, 'Page.removeScriptToEvaluateOnNewDocument', { identifier: previous }).catch(() => undefined);
  const identifier = await installTracker((method, params) => cdp(tabId, method, params));
  await browser.storage.session.set({ [key]: identifier });
}

/** Wired once per worker start. */
export function installPageScripts(): void {
  onAttach(installInTab);
  // Cross-origin iframes are targets of their own, auto-attached under the tab.
  onChildSession(async (tabId, sessionId, type) => {
    if (type === 'iframe') await installTracker((method, params) => cdpSession(tabId, sessionId, method, params));
  });
  chrome.tabs.onRemoved.addListener((tabId) => void browser.storage.session.remove(keyOf(tabId)));
}
