/**
 * browser_wait_for text / textGone across all of a tab's frames: text in an
 * iframe (a payment form, an embedded widget) is on the page for the person
 * looking at it, and it is in the snapshot, so it counts. With one frame its
 * content script waits itself and sees each change at once; with several,
 * the worker looks into every frame every 50 ms. Frames that appear during
 * the wait are looked into too.
 */
import { AgentError } from '../../shared/errors.ts';
import { allFrames } from '../frame-map.ts';
import { sendToFrame, tryFrame } from '../frames.ts';
import { sleep } from '../timing.ts';
import { busyFrameCount, isKnownBusy, unlessBusy } from '../busy-frames.ts';
import { throughNavigations } from './through-navigations.ts';

const POLL_MS = 50;
/** A one-frame wait is cut into slices this long, so that a frame added meanwhile is noticed. */
const SLICE_MS = 1000;

interface TextCondition {
  text: string;
  appear: boolean;
}

export async function waitForText(tabId: number, text: string | undefined, textGone: string | undefined, deadline: number, signal: AbortSignal): Promise<string> {
  const conditions: TextCondition[] = [];
  if (text !== undefined) conditions.push({ text, appear: true });
  if (textGone !== undefined) conditions.push({ text: textGone, appear: false });
  const what = conditions.map((c) => `text "${c.text}" to ${c.appear ? 'appear' : 'disappear'}`).join(' and ');
  const started = Date.now();
  let seen: string | null = null;
  for (let slice = 0; ; slice++) {
    const frames = await allFrames(tabId);
    if (frames.length === 1) {
      try {
        // The text may come on the next page (a sign-in's redirect): the wait goes on there.
        const sliceEnd = Math.min(deadline, Date.now() + SLICE_MS);
        const result = await throughNavigations(tabId, sliceEnd, signal, (timeoutMs, waitedMs) => sendToFrame(tabId, 0, { type: 'waitFor', text, textGone, state: 'visible', timeoutMs, waitedMs }));
        return slice === 0 ? result.detail : what;
      } catch (error) {
        if (!(error instanceof AgentError && (error.code === 'TIMEOUT' || error.code === 'NAV_ABORTED'))) throw error;
      }
    } else {
      seen = await look(tabId, frames, conditions);
      if (seen === null) return slice === 0 ? `${what} (it already had)` : what;
    }
    if (Date.now() >= deadline || signal.aborted) {
      // With several frames, what the look just made saw: frames listed and looked into again would
      // spend the time left to say so (a busy frame's silence is waited for each time).
      if (frames.length === 1) seen = await look(tabId, frames, conditions);
      if (seen === null) return what;
      const busy = frames.length > 1 ? await busyFrameCount(tabId) : 0;
      const where = frames.length > 1 ? ` (looked in all ${frames.length} frames${busy ? `; ${busy} of them did not answer, as a script keeps ${busy === 1 ? 'it' : 'them'} busy` : ''})` : '';
      throw new AgentError('TIMEOUT', `Waited ${Date.now() - started} ms for ${what}${where}; ${seen}. Wait longer (timeout), check the condition, or take a snapshot to see the page.`);
    }
    if (frames.length > 1) await sleep(POLL_MS);
  }
}

/**
 * null when every condition holds — text shown in some frame, gone text in
 * none — else what the first failing one saw. A frame that cannot answer
 * shows nothing.
 */
async function look(tabId: number, frames: number[], conditions: TextCondition[]): Promise<string | null> {
  for (const condition of conditions) {
    // A child frame whose page is blocked is not waited for: it shows nothing (busy-frames.ts). One known
    // so is not asked again here; allFrames(), each round, finds out when it answers again.
    const seen = await Promise.all(frames.map((frameId) => {
      if (frameId !== 0 && isKnownBusy(tabId, frameId)) return undefined;
      return unlessBusy(tabId, frameId, () => tryFrame(tabId, frameId, { type: 'checkText', ...condition })).then((r) => (r ? r.seen : undefined));
    }));
    if (condition.appear && !seen.includes(null)) return seen[0] ?? 'the page shows nothing';
    const shownIn = seen.findIndex((s) => typeof s === 'string');
    if (!condition.appear && shownIn >= 0) return `${seen[shownIn]}${frames[shownIn] ? ` (in frame ${frames[shownIn]})` : ''}`;
  }
  return null;
}
