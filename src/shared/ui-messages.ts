/**
 * Messages from the extension's own pages (popup, DevTools panel) to the
 * service worker, and what the worker keeps in chrome.storage.session for
 * them to show.
 */
import type { WireError } from './protocol.ts';

export type UiRequest =
  | { type: 'settingsChanged' }
  /** Disconnect, detach the debugger everywhere, refuse commands until the user reconnects. */
  | { type: 'stopAgent' }
  | { type: 'shareTab'; tabId: number; sessionId: string }
  | { type: 'unshareTab'; tabId: number }
  /** Runs one protocol method on a tab, as the session that owns the tab (DevTools panel). */
  | { type: 'runCommand'; method: string; params: Record<string, unknown>; timeoutMs?: number };

export type UiReply = { ok: true; result?: unknown } | { ok: false; error: WireError };

/** One line of the activity log (storage.session key ACTIVITY_KEY, newest last, at most 100). */
export interface ActivityEntry {
  time: number;
  method: string;
  session: string;
  tabId?: number;
  target?: string;
  ok: boolean;
  error?: string;
  durationMs: number;
}

export const ACTIVITY_KEY = 'activity';
export const ACTIVITY_LIMIT = 100;
/** storage.session: the agent sessions and their tabs (see background/tabs.ts). */
export const SESSIONS_KEY = 'agentTabs';
