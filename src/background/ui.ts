/**
 * Requests from the extension's own pages: the popup (stop, share a tab)
 * and the DevTools panel (run a command on the inspected tab).
 */
import browser from 'webextension-polyfill';
import { toWireError } from '../shared/errors.ts';
import type { RequestMessage, ResponseMessage, SessionInfo } from '../shared/protocol.ts';
import type { UiReply, UiRequest } from '../shared/ui-messages.ts';
import { showBadge } from './activity.ts';
import { detachAll } from './cdp.ts';
import { disconnect, reconnect } from './connection.ts';
import { saveSettings, setStatus } from './settings.ts';
import { adoptTab, sessionIdOfTab, sessionList, unshareTab } from './tabs.ts';

const PANEL_SESSION: SessionInfo = { id: 'devtools-panel', name: 'DevTools panel' };

/** Only our own pages may ask; a content script (a web page's) never can. */
export function isOwnPage(sender: browser.Runtime.MessageSender): boolean {
  return !!sender.url?.startsWith(browser.runtime.getURL(''));
}

export async function handleUiRequest(request: UiRequest, route: (r: RequestMessage) => Promise<ResponseMessage>): Promise<UiReply> {
  try {
    switch (request.type) {
      case 'settingsChanged':
        await reconnect();
        return { ok: true };
      case 'stopAgent':
        await saveSettings({ enabled: false });
        disconnect('Stopped by the user.');
        await detachAll();
        await setStatus({ state: 'disabled', reason: 'Stopped by you: the agent cannot act until you turn the connection back on.', url: '' });
        await showBadge(false);
        return { ok: true };
      case 'shareTab': {
        const session = (await sessionList()).find((s) => s.id === request.sessionId);
        if (!session) return { ok: false, error: { code: 'INVALID_PARAMS', message: `No agent session ${request.sessionId}.` } };
        await adoptTab(request.tabId, false, { id: session.id, name: session.name });
        return { ok: true };
      }
      case 'unshareTab':
        await unshareTab(request.tabId); // releasing the tab also detaches the debugger
        return { ok: true };
      case 'runCommand': {
        const tabId = request.params.tabId as number | undefined;
        // The panel acts as the session that owns the inspected tab, or as itself on a tab no agent owns.
        let session = PANEL_SESSION;
        if (tabId !== undefined) {
          const owner = await sessionIdOfTab(tabId);
          const named = owner && (await sessionList()).find((s) => s.id === owner);
          if (named) session = { id: named.id, name: named.name };
          else await adoptTab(tabId, true, PANEL_SESSION);
        }
        const response = await route({ type: 'request', id: 0, method: request.method, params: request.params, session, timeoutMs: request.timeoutMs });
        return 'error' in response ? { ok: false, error: response.error } : { ok: true, result: response.result };
      }
    }
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}
