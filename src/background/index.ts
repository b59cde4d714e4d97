/**
 * Service worker entry: wiring only. Runs at every start of the worker —
 * install, browser start, or a wake-up by an event after Chrome stopped it —
 * and reconnects without user action.
 */
import browser from 'webextension-polyfill';
import type { ContentEvent } from '../shared/content-messages.ts';
import { watchDialogs } from './actions/index.ts';
import { watchDebugger } from './cdp.ts';
import { startDevtoolsCapture } from './devtools/index.ts';
import { handlers } from './commands/index.ts';
import { ensureConnected, onRequest, reconnect, sendEvent } from './connection.ts';
import { onFrameNonce } from './frames.ts';
import { watchNetworkForNavigation } from './navigation.ts';
import { createRouter } from './router.ts';
import { watchTabs } from './tabs.ts';

onRequest(createRouter(handlers));
watchTabs((tabId, url, openerTabId, sessionId) => sendEvent('tabOpened', { tabId, url, openerTabId, sessionId }));
watchDebugger();
watchDialogs();
watchNetworkForNavigation();
startDevtoolsCapture();

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  const event = message as ContentEvent | { type: 'settingsChanged' };
  if (event.type === 'frameNonce' && sender.tab?.id !== undefined && sender.frameId !== undefined) {
    onFrameNonce(event.nonce, sender.tab.id, sender.frameId);
  } else if (event.type === 'settingsChanged' && sender.url?.startsWith(browser.runtime.getURL(''))) {
    // Only our own pages (the popup) may change settings, never a content script.
    return reconnect().then(() => ({ ok: true }));
  }
  return undefined;
});

// Recovery, not keepalive: if Chrome stopped the worker anyway, the alarm
// starts a new one, which reconnects (../shared/CHROMIUM.md lifetime table).
chrome.alarms.create('reconnect', { periodInMinutes: 0.5 });
chrome.alarms.onAlarm.addListener(() => void ensureConnected());

void ensureConnected();
