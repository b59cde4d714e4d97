/**
 * What the page's live regions said that no report has told yet (content/announcements.ts): a
 * toast that came after the last action's report was made is told by the tab's next call.
 */
import type { Announcement } from '../../shared/content-messages.ts';
import { tryFrame } from '../frames.ts';
import { knownBlocked } from '../unresponsive.ts';
import { within } from '../timing.ts';

/** How long the page's answer may take once the call is otherwise done. */
const UNTOLD_MS = 200;

/**
 * Asks the main frame for what it announced before `before` (Date.now()) and no report has told;
 * the answer is awaited with `told()`, bounded: a page blocked before it came to the question keeps
 * the news for the next call. Nothing is asked of a page known to be blocked.
 */
export function askUntold(tabId: number, before: number): { told(): Promise<Announcement[] | undefined> } {
  const asked = knownBlocked(tabId) ? undefined : tryFrame(tabId, 0, { type: 'untold', before }).catch(() => undefined);
  return { told: async () => (asked && (await within(asked, UNTOLD_MS, undefined))) || undefined };
}
