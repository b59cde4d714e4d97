/**
 * Service worker entry: wiring only. Runs at every start of the worker —
 * install, browser start, or a wake-up by an event after Chrome stopped it —
 * and reconnects without user action.
 */
import browser from 'webextension-polyfill';
import type { ContentAsk, ContentEvent } from '../shared/content-messages.ts';
import { watchDialogs, watchFileChoosers } from './actions/index.ts';
import { watchDebugger } from './cdp.ts';
import { startDevtoolsCapture } from './devtools/index.ts';
import { handlers } from './commands/index.ts';
import { ensureConnected, onRequest, sendEvent } from './connection.ts';
import { handleUiRequest, isOwnPage } from './ui.ts';
import type { UiRequest } from '../shared/ui-messages.ts';
import { onFrameNonce } from './frames.ts';
import { watchChannels } from './channel.ts';
import { watchFrameLinks } from './frame-map.ts';
import { installPageScripts } from './page-scripts/install.ts';
import { watchNetworkForNavigation } from './navigation.ts';
import { createRouter } from './router.ts';
import { watchTabs } from './tabs.ts';
import { watchResponsiveness } from './unresponsive.ts';
import { watchPendingNavigations } from './pending-navigation.ts';
import { watchFrameLoads } from './frame-loading.ts';
import { watchDeclaredRoots } from './declared-roots.ts';
import { watchBusyFrames } from './busy-frames.ts';
import { sheetTextFor } from './foreign-sheets.ts';

const router = createRouter(handlers);
onRequest(router);
watchTabs((tabId, url, openerTabId, sessionId) => sendEvent('tabOpened', { tabId, url, openerTabId, sessionId }));
watchDebugger();
watchResponsiveness();
watchChannels();
watchFrameLinks();
watchPendingNavigations();
watchFrameLoads();
watchBusyFrames();
watchDeclaredRoots();
watchDialogs();
watchFileChoosers();
watchNetworkForNavigation();
installPageScripts();
startDevtoolsCapture();

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  const event = message as ContentEvent;
  if (event?.type === 'frameNonce' && sender.tab?.id !== undefined && sender.frameId !== undefined) {
    onFrameNonce(event.nonce, sender.tab.id, sender.frameId);
    return undefined;
  }
  if ((message as ContentAsk)?.type === 'sheetText') return sheetTextFor(message as ContentAsk, sender as chrome.runtime.MessageSender);
  // Settings, stop, sharing and manual commands: only from our own pages, never a content script.
  if (isOwnPage(sender) && typeof (message as UiRequest)?.type === 'string') return handleUiRequest(message as UiRequest, router);
  return undefined;
});

// Recovery, not keepalive: if Chrome stopped the worker anyway, the alarm
// starts a new one, which reconnects (../shared/CHROMIUM.md lifetime table).
void chrome.alarms.create('reconnect', { periodInMinutes: 0.5 });
chrome.alarms.onAlarm.addListener(() => void ensureConnected());

void ensureConnected();
