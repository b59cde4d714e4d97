/**
 * Scripts the service worker installs in the page's own JavaScript world of
 * agent tabs, through CDP so that they run before any page script in every
 * new document (Page.addScriptToEvaluateOnNewDocument) — and only in tabs the
 * agent controls, never in the user's other pages.
 */
import browser from 'webextension-polyfill';
import { CLICK_HANDLER_EVENTS } from '../../shared/content-messages.ts';
import { cdp, cdpSession, onAttach } from '../cdp.ts';
import { onChildSession } from '../devtools/targets.ts';
import { clickHandlerTrackerSource } from './click-handlers.ts';

const SOURCE = clickHandlerTrackerSource(CLICK_HANDLER_EVENTS);
// The script's registration per tab: a restarted worker finds the debugger still
// attached and installs again, and must not leave the old registration behind.
const KEY = 'pageScriptIds';

type Registrations = Record<string, string>;

async function registrations(): Promise<Registrations> {
  return ((await browser.storage.session.get(KEY)) as { [KEY]?: Registrations })[KEY] ?? {};
}

async function installInTab(tabId: number): Promise<void> {
  const ids = await registrations();
  const previous = ids[tabId];
  if (previous) await cdp(tabId, 'Page.removeScriptToEvaluateOnNewDocument', { identifier: previous }).catch(() => undefined);
  // runImmediately: the document already loaded gets it too (handlers it set before are not seen).
  const { identifier } = await cdp<{ identifier: string }>(tabId, 'Page.addScriptToEvaluateOnNewDocument', { source: SOURCE, runImmediately: true });
  await browser.storage.session.set({ [KEY]: { ...(await registrations()), [tabId]: identifier } });
}

/** Wired once per worker start. */
export function installPageScripts(): void {
  onAttach(installInTab);
  // Cross-origin iframes are targets of their own, auto-attached under the tab.
  onChildSession(async (tabId, sessionId, type) => {
    if (type === 'iframe') await cdpSession(tabId, sessionId, 'Page.addScriptToEvaluateOnNewDocument', { source: SOURCE, runImmediately: true });
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    void registrations().then((ids) => {
      if (!(tabId in ids)) return;
      delete ids[tabId];
      return browser.storage.session.set({ [KEY]: ids });
    });
  });
}
