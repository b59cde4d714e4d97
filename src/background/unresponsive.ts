/**
 * Pages whose main thread is blocked: a script stuck in a loop, or one long
 * synchronous task. Nothing in such a page answers — content scripts, CDP
 * commands that run in the renderer, input — so every command would wait out
 * its timeout, and a same-site navigation or reload never commits either
 * (measured, Chromium 156). Learned when a command times out, or the page
 * goes quiet right after an action's input, and a probe of the page gets no
 * answer; later commands probe again briefly and fail at once with
 * PAGE_UNRESPONSIVE; navigation leaves through about:blank
 * (commands/navigate.ts).
 */
import { AgentError } from '../shared/errors.ts';
import { openDialog } from './actions/dialogs.ts';
import { within } from './timing.ts';
import { anyChildFrameBusy, frameBusyError, isKnownBusy } from './busy-frames.ts';

/** Tab → when its page was last seen answering (roughly when it blocked). */
const blocked = new Map<number, number>();

/** How long a probe waits for the page's main thread. */
const PROBE_MS = 500;

export function watchResponsiveness(): void {
  chrome.webNavigation.onCommitted.addListener((details) => void (details.frameId === 0 && blocked.delete(details.tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => void blocked.delete(tabId));
}

/**
 * Whether the page's main thread answers within PROBE_MS: a CDP evaluate
 * when the debugger is on the tab, else a content-script ping.
 */
async function responds(tabId: number): Promise<boolean> {
  const answer = chrome.debugger
    .sendCommand({ tabId }, 'Runtime.evaluate', { expression: '0', silent: true })
    .catch(() => chrome.tabs.sendMessage(tabId, { type: 'ping' }, { frameId: 0 }))
    .then(() => true, () => true); // an error is an answer: not blocked, just not probe-able
  return within(answer, PROBE_MS, false);
}

/**
 * While a navigation is pending the browser holds commands to the page
 * (measured: a probe gets no answer while a slow server keeps the tab
 * loading), so silence then says nothing about the page; asked first, it
 * also spares the probe's wait.
 */
async function loading(tabId: number): Promise<boolean> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  return tab?.status === 'loading';
}

/** After a command timed out in the tab: the reason, when the page itself is blocked. */
export async function blockedAfterTimeout(tabId: number, timeoutMs: number): Promise<AgentError | null> {
  return (await isBlocked(tabId, timeoutMs)) ? unresponsiveError(tabId) : null;
}

/** Before a command that needs the page: fails at once if it is still blocked. */
export async function assertResponsive(tabId: number): Promise<void> {
  if (!blocked.has(tabId)) return;
  if (openDialog(tabId)) return; // the dialog's own error (or its answer) comes next
  if (await responds(tabId)) {
    blocked.delete(tabId);
    return;
  }
  throw unresponsiveError(tabId);
}

/**
 * Whether the page does not answer now; remembered (as silent for at least
 * `silentMs`) so that later commands learn it at once.
 */
export async function isBlocked(tabId: number, silentMs = PROBE_MS): Promise<boolean> {
  // A JavaScript dialog holds the main thread too, waiting for its answer: paused, not blocked.
  // Asked again after the probe, which a dialog opening meanwhile leaves unanswered.
  if (openDialog(tabId) || (await loading(tabId)) || (await responds(tabId)) || openDialog(tabId)) {
    blocked.delete(tabId);
    return false;
  }
  if (!blocked.has(tabId)) blocked.set(tabId, Date.now() - silentMs);
  return true;
}

/** Whether the page was last found blocked (and has not answered since): no need to wait for it to learn that. */
export function knownBlocked(tabId: number): boolean {
  return blocked.has(tabId);
}

/** How long after an action's input the page may take to answer before it is probed. */
const SETTLE_MS = 1000;

/**
 * An action's round trip through the page after its input, bounded: when
 * the page does not answer within a second (the input started a long
 * script), it is probed, each second while it lasts, and once blocked the
 * action ends ('busy': the input was delivered) rather than waiting out its
 * timeout. Later commands then learn it at once. With `frames`, a frame of
 * another site the trip waits on may be what is blocked ('frame-busy').
 */
export async function settleOrBusy<T>(tabId: number, trip: Promise<T>): Promise<{ value: T } | 'busy'>;
export async function settleOrBusy<T>(tabId: number, trip: Promise<T>, frames: boolean): Promise<{ value: T } | 'busy' | 'frame-busy'>;
export async function settleOrBusy<T>(tabId: number, trip: Promise<T>, frames = false): Promise<{ value: T } | 'busy' | 'frame-busy'> {
  // Probed each second until it settles, not once: a page that answered the first probe may block
  // the moment after (a timer its handler set), and the trip would then wait out the command's timeout.
  const settled = trip.then((value) => ({ value }));
  settled.catch(() => undefined); // given up on when busy: its late failure is no news
  const until = Date.now() + PROBE_WHILE_MS;
  do {
    const done = await within(settled, SETTLE_MS, null);
    if (done) return done;
    if (await isBlocked(tabId)) return 'busy';
    // A dialog holds the trip until it is answered (actions/dialogs.ts reports it).
    if (frames && !openDialog(tabId) && (await anyChildFrameBusy(tabId))) return 'frame-busy';
  } while (Date.now() < until);
  return settled;
}

/** How long a trip's missing answer is looked into (each second): a command given up on (timed out, cancelled) leaves this behind. */
const PROBE_WHILE_MS = 60_000;

/** What an action reports of the page its input stopped (a script it started is still running), or of the frame. */
export type Stuck = { unresponsive: true } | { frameUnresponsive: true };

/**
 * What an action asks of the page once its input is in (what it showed, where the focus went, a
 * box's state read back). A script the input started a moment after (a timer its handler set) may
 * block the page, or the frame of another site the input went into, before they are answered: they
 * then end with that to report, as the input was delivered, instead of waiting out the command's
 * timeout (measured: a click, keys, a hover, a check or a choice whose handler set such a timer failed
 * so every time, with PAGE_UNRESPONSIVE after the command's whole timeout).
 */
export async function asksAfterInput<T>(tabId: number, frameId: number, asks: Promise<T>): Promise<{ value: T } | { stuck: Stuck }> {
  const settled = await settleOrBusy(tabId, asks, frameId !== 0);
  if (settled === 'busy') return { stuck: { unresponsive: true } };
  if (settled === 'frame-busy') return { stuck: { frameUnresponsive: true } };
  return settled;
}

/** asksAfterInput for parts of an action's report: what they found, else that the page (or the frame) stopped answering. */
export async function reportAfterInput<T extends object>(tabId: number, frameId: number, asks: Promise<T>): Promise<T | Stuck> {
  const asked = await asksAfterInput(tabId, frameId, asks);
  return 'stuck' in asked ? asked.stuck : asked.value;
}

/**
 * Input that reached the page, whose handler then blocked it: the input
 * call gets no acknowledgement, ever. Unlike a command refused up front,
 * this input was delivered; a click reports it done (guarded.ts).
 */
export class InputStuck extends AgentError {
  /** inFrame: the page answers; a frame of another site it went to is what stopped (busy-frames.ts). */
  constructor(tabId: number, method: string, readonly inFrame = false) {
    super(
      'PAGE_UNRESPONSIVE',
      inFrame
        ? `A frame in tab ${tabId} stopped answering as input reached it (${method}): a handler it ran is stuck in a loop or a very long task, so the rest of the action was not done. The rest of the page still works; try the frame again later, or browser_reload the page.`
        : `The page in tab ${tabId} stopped answering as input reached it (${method}): a handler it ran is stuck in a loop or a very long task, so the rest of the action was not done. Wait and try again, or leave the page with browser_navigate or browser_reload.`,
    );
  }

  /** What the action's report says of it: the page stopped answering, or the frame the input went into. */
  get effect(): Stuck {
    return this.inFrame ? { frameUnresponsive: true } : { unresponsive: true };
  }
}

/**
 * An Input.* CDP call, bounded: a page blocked by the handler it ran ends it with InputStuck instead of its
 * timeout. So does a frame of another site the input went to, which the browser waits on while the page
 * around it answers (a click there timed out).
 */
export async function deliverInput<T>(tabId: number, method: string, command: Promise<T>): Promise<T> {
  const settled = await settleOrBusy(tabId, command, true);
  if (settled === 'busy' || settled === 'frame-busy') throw new InputStuck(tabId, method, settled === 'frame-busy');
  return settled.value;
}

/**
 * After a command on a ref in a child frame timed out: the reason, when that frame was found blocked
 * (the timeout's stopWaits asked it, as it still had the command's request).
 */
export function frameBlockedAfterTimeout(tabId: number, frameId: number): AgentError | null {
  return frameId !== 0 && isKnownBusy(tabId, frameId) ? frameBusyError(tabId, frameId) : null;
}

function unresponsiveError(tabId: number): AgentError {
  const seconds = Math.max(1, Math.round((Date.now() - (blocked.get(tabId) ?? Date.now())) / 1000));
  return new AgentError(
    'PAGE_UNRESPONSIVE',
    `The page in tab ${tabId} is not responding: its main thread has been blocked for about ${seconds} s (a script stuck in a loop, or a very long task), so nothing in it can run. Wait and try again, or leave it with browser_navigate or browser_reload (the page is replaced and its state lost).`,
  );
}
