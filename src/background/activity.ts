/**
 * What the agent did, for the person watching: the last 100 commands in
 * chrome.storage.session (popup activity log) and the toolbar badge
 * (connected / executing / error).
 */
import browser from 'webextension-polyfill';
import { ACTIVITY_KEY, ACTIVITY_LIMIT, type ActivityEntry } from '../shared/ui-messages.ts';

let running = 0;
let lastError = false;
let pending: ActivityEntry[] = [];
let flushing: Promise<void> | null = null;

export function commandStarted(): void {
  running++;
  void showBadge();
}

export function commandFinished(entry: ActivityEntry): void {
  running = Math.max(0, running - 1);
  lastError = !entry.ok;
  pending.push(entry);
  // Batched: a burst of fast commands costs one storage write, not one each.
  flushing ??= Promise.resolve().then(flush);
  void showBadge();
}

async function flush(): Promise<void> {
  const batch = pending;
  pending = [];
  const { [ACTIVITY_KEY]: log = [] } = (await browser.storage.session.get(ACTIVITY_KEY)) as { [ACTIVITY_KEY]?: ActivityEntry[] };
  await browser.storage.session.set({ [ACTIVITY_KEY]: [...log, ...batch].slice(-ACTIVITY_LIMIT) });
  flushing = null;
  if (pending.length) flushing = flush();
}

export async function showBadge(connected?: boolean): Promise<void> {
  const text = running ? String(running) : connected === false ? '' : lastError ? '!' : '';
  const color = running ? '#bf8700' : lastError ? '#cf222e' : '#1a7f37';
  await chrome.action.setBadgeText({ text }).catch(() => undefined);
  await chrome.action.setBadgeBackgroundColor({ color }).catch(() => undefined);
}
