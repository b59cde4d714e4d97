/**
 * What the agent did, for the person watching: the last 100 commands in
 * chrome.storage.session (popup activity log) and the toolbar badge
 * (connected / executing / error).
 */
import browser from 'webextension-polyfill';
import { ACTIVITY_KEY, ACTIVITY_LIMIT, type ActivityEntry } from '../shared/ui-messages.ts';

/** A command running longer than this shows its count on the badge. */
const BADGE_DELAY_MS = 300;

let running = 0;
let lastError = false;
let pending: ActivityEntry[] = [];
let flushing: Promise<void> | null = null;

let badgeTimer: ReturnType<typeof setTimeout> | undefined;

export function commandStarted(): void {
  running++;
  // Only a command that takes a while shows as running: flashing the badge
  // for every millisecond command costs browser round trips and tells nobody anything.
  badgeTimer ??= setTimeout(() => {
    badgeTimer = undefined;
    void showBadge();
  }, BADGE_DELAY_MS);
}

/** Longest text kept per field: the log is for a person to glance at, and storage.session holds 10 MB in all. */
const FIELD_LIMIT = 300;

function clip(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  return text.length > FIELD_LIMIT ? `${text.slice(0, FIELD_LIMIT)}…` : text;
}

export function commandFinished(entry: ActivityEntry): void {
  running = Math.max(0, running - 1);
  lastError = !entry.ok;
  // The fields are the server's request as sent, unvalidated (a 1 MB method name is also echoed in
  // its error): unclipped, a few such commands filled storage.session, that flush failed and the
  // log never updated again (found by e2e-reliability/worker-fuzz.spec.ts).
  pending.push({ ...entry, method: clip(entry.method) ?? '', session: clip(entry.session) ?? '', target: clip(entry.target), error: clip(entry.error) });
  // Batched: a burst of fast commands costs one storage write, not one each. And after the
  // response has gone out: a task, not a microtask, which would run before it is sent.
  flushing ??= new Promise((resolve) => setTimeout(resolve, 0)).then(flush);
  void showBadge();
}

/** The log as stored; read once per worker start, then only written. */
let log: ActivityEntry[] | undefined;

async function flush(): Promise<void> {
  log ??= ((await browser.storage.session.get(ACTIVITY_KEY)) as { [ACTIVITY_KEY]?: ActivityEntry[] })[ACTIVITY_KEY] ?? [];
  log = [...log, ...pending].slice(-ACTIVITY_LIMIT);
  pending = [];
  // A failed write (storage.session is shared and can be full) must not leave `flushing` set forever.
  await browser.storage.session.set({ [ACTIVITY_KEY]: log }).catch((error: unknown) => console.warn('activity log not saved:', error));
  flushing = null;
  if (pending.length) flushing = flush();
}

let shown = { text: '', color: '' };

export async function showBadge(connected?: boolean): Promise<void> {
  const text = running ? String(running) : connected === false ? '' : lastError ? '!' : '';
  const color = running ? '#bf8700' : lastError ? '#cf222e' : '#1a7f37';
  // Each badge call is a trip to the browser process; most commands change nothing.
  if (text === shown.text && color === shown.color) return;
  shown = { text, color };
  await chrome.action.setBadgeText({ text }).catch(() => undefined);
  await chrome.action.setBadgeBackgroundColor({ color }).catch(() => undefined);
}
