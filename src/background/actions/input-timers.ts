/**
 * What input sets off a moment later: the timers the page's key, pointer and
 * focus handlers set (a search box's debounce, a tooltip's delay), reported by
 * the page-world tracker (page-scripts/input-timers.ts). Waited for inside the
 * action, so the requests they start count as the action's (effects.ts).
 */
import type { Announcement } from '../../shared/content-messages.ts';
import type { TimerKind } from '../../shared/page-trackers.ts';
import { tryFrame } from '../frames.ts';
import { asksAfterInput, type Stuck } from '../unresponsive.ts';

/** How long those timers may run before the action ends without them: debounces and tooltip delays are 100–500 ms. */
const INPUT_TIMERS_MS = 1000;

/**
 * Until the timers the page's input handlers set have run (and what they set
 * again), at most INPUT_TIMERS_MS. True when the page's tracker could tell:
 * then nothing the input set off is still to start. kind 'click': those of a
 * click's (or a router's) handlers, not a tooltip's its pointer set off; 'drop':
 * those and a release's; 'scroll': a scroll handler's (an infinite list that
 * loads once the scrolling pauses); none: any input's (page-scripts/input-timers.ts).
 */
export async function afterInputTimers(tabId: number, frameId: number, kind?: TimerKind): Promise<boolean> {
  return (await inputTimers(tabId, frameId, kind))?.tracked ?? false;
}

/** afterInputTimers, with how long it waited (more than 0 when the page had such timers to run) and how long ago the page last started a request. */
export async function inputTimers(tabId: number, frameId: number, kind?: TimerKind): Promise<{ tracked: boolean; waitedMs: number; requestedMsAgo?: number } | undefined> {
  const asked = await asksAfterInput(tabId, frameId, tryFrame(tabId, frameId, { type: 'inputTimers', maxMs: INPUT_TIMERS_MS, ...(kind ? { kind } : {}) }));
  // One of them blocked the page as it ran: the action's own round trip through the page says so next.
  return 'stuck' in asked ? undefined : asked.value;
}

/**
 * afterInputTimers(kind 'click') after a click: then whether those timers opened a dialog (a modal shown once its
 * backdrop faded in) or closed one, or moved the focus into a field, and what the page has announced since the click
 * (undefined: the frame did not answer).
 */
export async function afterClickTimers(tabId: number, frameId: number): Promise<{ dialogOpened: boolean; dialogClosed?: string; focusMoved: boolean; announced?: Announcement[] } | { stuck: Stuck }> {
  // One of them may block the page as it runs (a handler's setTimeout(work, 0) that never ends): the click is done then.
  const asked = await asksAfterInput(tabId, frameId, tryFrame(tabId, frameId, { type: 'inputTimers', maxMs: INPUT_TIMERS_MS, kind: 'click', dialogs: true }));
  if ('stuck' in asked) return asked;
  const result = asked.value;
  return {
    dialogOpened: !!result?.dialogOpened, ...(result?.dialogClosed ? { dialogClosed: result.dialogClosed } : {}), focusMoved: !!result?.focusMoved,
    ...(result?.announced ? { announced: result.announced } : {}),
  };
}
