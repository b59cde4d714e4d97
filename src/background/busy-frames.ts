/**
 * Child frames of another site whose main thread is blocked (a script stuck
 * in a loop, a long task) while the page around them runs: such a frame
 * answers nothing, so whatever waits for each child frame to answer (a
 * snapshot, a search, wait_for) waited out its whole bound every time, and
 * showed the frame as an empty `- iframe` line. A frame that does not answer
 * a ping soon is taken as busy: not waited for, and marked
 * `[not-responding]` in a snapshot (commands/snapshot.ts). (A blocked frame
 * of the page's own site blocks the page too: unresponsive.ts.)
 */
import { AgentError } from '../shared/errors.ts';
import { requestFrame } from './channel.ts';
import { within } from './timing.ts';

/** Tab → frames found busy, until they answer or load another document. */
const busy = new Map<number, Set<number>>();

/**
 * How long a frame may take to answer before it counts as busy: a frame that
 * runs answers in a millisecond or two, or a few dozen on a loaded machine.
 */
export const PROBE_MS = 500;
/** A frame found busy before gets less: it has kept each command waiting. */
const KNOWN_BUSY_MS = 100;

export function watchBusyFrames(): void {
  chrome.webNavigation.onCommitted.addListener(({ tabId, frameId }) => {
    if (frameId === 0) busy.delete(tabId);
    else busy.get(tabId)?.delete(frameId);
  });
  chrome.tabs.onRemoved.addListener((tabId) => void busy.delete(tabId));
}

/**
 * A request a running frame answers at once (a ping, a look at its text),
 * not waited for past the bound: undefined from a busy frame, as from one
 * that cannot answer; else its answer, or its error. An answer of any kind,
 * an error too, says the frame runs (a frame without a content script is not busy).
 */
export async function unlessBusy<T>(tabId: number, frameId: number, ask: () => Promise<T | undefined>): Promise<T | undefined> {
  // The top frame's silence is the page's, which unresponsive.ts tells apart.
  if (frameId === 0) return ask();
  const known = busy.get(tabId)?.has(frameId) ?? false;
  const asked = ask();
  const answered = await within(asked.then(() => true, () => true), known ? KNOWN_BUSY_MS : PROBE_MS, false);
  noteBusy(tabId, frameId, !answered);
  if (answered) return asked;
  asked.catch(() => undefined); // given up on: its late failure is no news
  return undefined;
}

/** A frame found busy (or answering again) some other way: a request it did not start on in time (frames.ts). */
export function noteBusy(tabId: number, frameId: number, isBusy: boolean): void {
  const frames = busy.get(tabId) ?? new Set<number>();
  if (isBusy) frames.add(frameId);
  else frames.delete(frameId);
  if (frames.size) busy.set(tabId, frames);
  else busy.delete(tabId);
}

/** Whether the frame's main thread does not answer. */
export async function isFrameBusy(tabId: number, frameId: number): Promise<boolean> {
  return (await unlessBusy(tabId, frameId, () => requestFrame(tabId, frameId, { type: 'ping' }).then(() => true, () => true))) === undefined;
}

/** How many of the tab's frames were last found busy and have not answered since. */
export async function busyFrameCount(tabId: number): Promise<number> {
  const known = busy.get(tabId);
  if (!known?.size) return 0;
  // A frame the page removed meanwhile is no longer one of its frames.
  const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
  return frames?.filter((frame) => known.has(frame.frameId)).length ?? 0;
}

/** Whether a child frame found busy has not answered since. */
export function isKnownBusy(tabId: number, frameId: number): boolean {
  return busy.get(tabId)?.has(frameId) ?? false;
}

/** Whether one of the tab's child frames does not answer now (each is asked; those silent are kept as busy). */
export async function anyChildFrameBusy(tabId: number): Promise<boolean> {
  const frames = (await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null)) ?? [];
  return (await Promise.all(frames.filter((frame) => frame.frameId !== 0).map((frame) => isFrameBusy(tabId, frame.frameId)))).includes(true);
}

export function frameBusyError(tabId: number, frameId: number): AgentError {
  return new AgentError(
    'PAGE_UNRESPONSIVE',
    `Frame ${frameId} of tab ${tabId} is not responding: a script in it is stuck in a loop or a very long task, so nothing in it can be read or acted on now. The rest of the page still works (a snapshot marks the frame [not-responding]); try the frame again later, or browser_reload the page.`,
  );
}
