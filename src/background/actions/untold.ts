/**
 * What the page's live regions said that no report has told yet (content/announcements.ts): a
 * toast that came after the last action's report was made is told by the tab's next call. And what
 * the page wrote after a report that said its requests were still running (content/actions/text-shown.ts):
 * the answer's "12 results", told by the wait or the action that comes next. Asked of the main frame,
 * and of the frame the last action went into (a payment form's, an embedded app's).
 */
import type { Announcement, TextShownNews } from '../../shared/content-messages.ts';
import type { StartedRequests } from '../../shared/methods/common.ts';
import { tryFrame } from '../frames.ts';
import { knownBlocked } from '../unresponsive.ts';
import { isKnownBusy } from '../busy-frames.ts';
import { within } from '../timing.ts';

/** How long the page's answer may take once the call is otherwise done. */
const UNTOLD_MS = 200;

// Tabs whose last report left requests running: their next call asks what the answers wrote.
// (Lost with the worker: then that text is not told, as none was before.)
const expectingText = new Set<number>();
// Tab → the child frame its last action went into.
const actedIn = new Map<number, number>();

/**
 * The report of the tab's action in `frameId` is made: with its requests still running, what they bring
 * is asked by the next call.
 */
export function reportMade(tabId: number, requests: StartedRequests | undefined, frameId: number): void {
  if (requests?.list.some((r) => r.pending || r.receiving)) expectingText.add(tabId);
  else expectingText.delete(tabId);
  if (frameId) actedIn.set(tabId, frameId);
  else actedIn.delete(tabId);
}

/** The child frame the tab's last action went into, if it did. */
export function lastActionFrame(tabId: number): number | undefined {
  return actedIn.get(tabId);
}

/** Whether the tab's next call asks what the page wrote since the last report; asked once, by a wait or an action. */
export function takeLateText(tabId: number): boolean {
  return expectingText.delete(tabId);
}

/** The same for a snapshot, which leaves the question to the next wait or action: what the answer writes after it is news. */
export function expectsLateText(tabId: number): boolean {
  return expectingText.has(tabId);
}

export interface Untold {
  announced?: Announcement[];
  text?: TextShownNews;
}

/**
 * Asks the main frame, and the frame the last action went into, for what it announced before `before`
 * (Date.now()) and no report has told, and what it wrote when takeLateText says so; the answers are
 * awaited with `told()`, bounded: a page blocked before it came to the question keeps the announcements
 * for the next call. Nothing is asked of a page or frame known to be blocked.
 */
export function askUntold(tabId: number, before: number): { told(): Promise<Untold> } {
  const text = takeLateText(tabId);
  const child = actedIn.get(tabId);
  const frames = [...(knownBlocked(tabId) ? [] : [0]), ...(child !== undefined && !isKnownBusy(tabId, child) ? [child] : [])];
  const asked = frames.map((frameId) => tryFrame(tabId, frameId, { type: 'untold', before, text }).catch(() => undefined));
  return {
    told: async () => {
      const answers = (await Promise.all(asked.map((answer) => within(answer, UNTOLD_MS, undefined)))).filter((answer) => answer !== undefined);
      const announced = answers.flatMap((answer) => answer.announced);
      const texts = answers.flatMap((answer) => answer.text?.texts ?? []);
      const more = answers.reduce((sum, answer) => sum + (answer.text?.more ?? 0), 0) + Math.max(0, texts.length - MAX_PLACES);
      return { ...(announced.length ? { announced } : {}), ...(texts.length ? { text: { texts: texts.slice(0, MAX_PLACES), more } } : {}) };
    },
  };
}

/** Places of text told in one report, as an action's own (content/actions/text-shown.ts). */
const MAX_PLACES = 3;
