/**
 * Trusted clicks confirmed by the guard the content script arms when it
 * locates the element (content/actions/guard.ts). A press that landed on
 * something else — the page re-rendered, moved or covered the element in the
 * moment between the hit test and the input — was stopped there, so the click
 * is tried again at the element's new place, or reported; never "Clicked"
 * while something else got the click.
 */
import type { Announcement, LocateOptions, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { tryFrame } from '../frames.ts';
import { framePressCaught, framesDrawn } from '../frame-map.ts';
import { InputStuck, settleOrBusy } from '../unresponsive.ts';
import type { CommandContext } from '../router.ts';
import { roundTripThroughPage, withEffects, type Effects } from './effects.ts';
import { frameOf, pointFor, type Point } from './target.ts';
import { refusedFields } from './validation.ts';
import { afterClickTimers } from './input-timers.ts';
import { inMinimizedWindow, withFrontOnDemand } from '../in-front.ts';

const ATTEMPTS = 3;
/** Tries while the press goes to the <iframe> of a frame not drawn yet, each after its frames have drawn. */
const UNDRAWN_ATTEMPTS = 5;

/** The press landed on the <iframe> around a frame not drawn yet, and was stopped there (content/actions/frame-press.ts). */
class NotDrawn extends Error {}

/** toggled: what the toggle clicked is now ("checked", "not pressed"). */
export interface Clicked {
  point: Point;
  effects: Effects;
  dialogOpened: boolean;
  focusMoved: boolean;
  toggled?: string;
}

class Missed extends Error {
  constructor(readonly landedOn: string, readonly target: string, readonly replaced: boolean) {
    super(`landed on ${landedOn}`);
  }
}

export async function guardedClick(
  tabId: number,
  spec: TargetSpec,
  options: LocateOptions,
  ctx: CommandContext,
  click: (point: Point) => Promise<void>,
): Promise<Clicked> {
  return withFrontOnDemand(tabId, (toFront) => clickUntilLanded(tabId, spec, options, ctx, click, toFront));
}

async function clickUntilLanded(
  tabId: number,
  spec: TargetSpec,
  options: LocateOptions,
  ctx: CommandContext,
  click: (point: Point) => Promise<void>,
  toFront: () => Promise<boolean>,
): Promise<Clicked> {
  const frameId = frameOf(spec);
  let undrawn = 0;
  for (let attempt = 1; ; attempt++) {
    let point: Point;
    try {
      point = await pointFor(tabId, spec, options, true);
      // Timed out or cancelled while the element was waited for, or before a try again: the tab's
      // next command may be running already, and must not get a press of ours.
      ctx.signal.throwIfAborted();
    } catch (error) {
      // Located in its frame, then refused by the frames around it: lift the guard it armed.
      if (frameId !== 0) void tryFrame(tabId, frameId, { type: 'guardOutcome', lift: true }).catch(() => undefined);
      throw error;
    }
    // The press arrived and its handler blocked the page, or the frame of another site it went into.
    let stuck: Pick<Effects, 'unresponsive' | 'frameUnresponsive'> = {};
    let downloadClicked = false;
    let invalidFields: Effects['invalidFields'];
    let markedInvalid: Effects['invalidFields'];
    let announced: Announcement[] | undefined;
    // What the clicked frame said, when it is a child frame (a payment form's "Card number is incomplete").
    let frameAnnounced: Announcement[] = [];
    let dialogOpened = false;
    let closedDialog: string | undefined;
    let focusMoved = false;
    let toggled: string | undefined;
    try {
      const { effects } = await withEffects(
        tabId,
        ctx.signal,
        async () => {
          try {
            await click(point);
          } catch (error) {
            // Its handler blocked the page, or its frame: the click arrived, and the guard cannot answer.
            if (!(error instanceof InputStuck)) throw error;
            stuck = error.effect;
            return;
          }
          // Acknowledged by the frame that got it: the page around a frame not drawn yet has it already.
          if (frameId !== 0 && (await framePressCaught(tabId, frameId))) {
            // Lifted before the next try arms it again.
            await tryFrame(tabId, frameId, { type: 'guardOutcome', lift: true }).catch(() => undefined);
            throw new NotDrawn();
          }
          // Also the round trips through the page after the input (withEffects' settled). Not
          // waiting for a content script: a press that navigated away or opened a dialog arrived.
          // Alongside the guard's answer, one through CDP: the navigation a submitted form
          // requests is announced before its answer (effects.ts).
          const pageTrip = roundTripThroughPage(tabId);
          const settled = await settleOrBusy(tabId, tryFrame(tabId, frameId, { type: 'guardOutcome' }).catch(() => undefined));
          // The press started a script that blocks the page: it arrived, and the guard cannot answer.
          if (settled === 'busy') {
            stuck = { unresponsive: true };
            return;
          }
          const result = settled.value;
          if (result?.outcome === 'missed') throw new Missed(result.landedOn, result.target, result.replaced);
          if (result?.outcome === 'none') {
            if (frameId !== 0 && (await framePressCaught(tabId, frameId))) throw new NotDrawn();
            throw new AgentError('EXECUTION_ERROR', `The click at (${Math.round(point.x)}, ${Math.round(point.y)}) did not reach ${point.description}: no press arrived in its page. Take a screenshot to see what is there, then try again.`);
          }
          if (result?.outcome === 'hit') {
            if (result.download) downloadClicked = true;
            invalidFields = refusedFields(result.invalid, frameId);
            markedInvalid = refusedFields(result.marked, frameId);
            if (frameId === 0) announced = result.announced;
            else frameAnnounced = result.announced;
            dialogOpened = !!result.dialogOpened;
            closedDialog = result.dialogClosed;
            focusMoved = !!result.focusMoved;
            toggled = result.toggled;
            // What the handler does a moment later (a timer it set), and the requests that starts, are the click's.
            if (result.timersDue) {
              const later = await afterClickTimers(tabId, frameId);
              if ('stuck' in later) {
                stuck = later.stuck;
                return;
              }
              // What those timers announced ("Saving…", then "Saved"): the guard's answer came before they ran.
              if (later.announced && frameId === 0) announced = later.announced;
              else if (later.announced) frameAnnounced = later.announced;
              if (later.dialogOpened) dialogOpened = true;
              closedDialog ??= later.dialogClosed;
              if (later.focusMoved) focusMoved = true;
            }
          }
          if ((await settleOrBusy(tabId, pageTrip)) === 'busy') stuck = { unresponsive: true };
        },
        { frameId, fileChoosers: true, settled: true, downloadExpected: () => downloadClicked, announced: () => announced },
      );
      const refused = invalidFields && !effects.navigatedTo ? { invalidFields } : {};
      const marked = markedInvalid && !effects.navigatedTo ? { markedInvalid } : {};
      const heard = [...frameAnnounced, ...(effects.announced ?? [])];
      const said = heard.length && !effects.navigatedTo ? { announced: heard } : {};
      const closed = closedDialog && !effects.navigatedTo ? { closedDialog } : {};
      return { point, effects: { ...effects, ...stuck, ...refused, ...marked, ...said, ...closed }, dialogOpened, focusMoved, ...(toggled ? { toggled } : {}) };
    } catch (error) {
      if (error instanceof NotDrawn) {
        const where = `The click at (${Math.round(point.x)}, ${Math.round(point.y)}) did not reach ${point.description}: the browser sent`;
        // Behind another tab the frame is not drawn where it is now, however long the click waits: to the front, not counted as a try.
        const brought = await toFront();
        const { hidden } = await framesDrawn(tabId, frameId);
        if (brought) {
          attempt--;
          continue;
        }
        if (hidden || (await inMinimizedWindow(tabId))) {
          throw new AgentError('EXECUTION_ERROR', `${where} the press to the frame's <iframe> in the page around it, where it was stopped: the browser does not draw the tab (its window is minimized or hidden), and routes no input into a frame of another site it has not drawn. Bring the window up and try again.`);
        }
        if (++undrawn >= UNDRAWN_ATTEMPTS) {
          throw new AgentError('EXECUTION_ERROR', `${where} each press to the frame's <iframe> in the page around it, where it was stopped (${undrawn} tries): it does so until the frame has been drawn. Take a screenshot to see whether the frame shows, then try again.`);
        }
        attempt--;
        continue;
      }
      if (!(error instanceof Missed)) throw error;
      if (error.replaced && spec.ref) {
        throw new AgentError('STALE_REF', `${error.target} was replaced just as it was clicked (the page re-rendered it), so the press that landed on ${error.landedOn} was stopped and nothing was clicked. Take a new snapshot and use the new ref.`);
      }
      if (attempt >= ATTEMPTS) {
        throw new AgentError('COVERED', `Each time the click arrived, ${error.landedOn} was where ${error.target} had been (it moves, or something covers it at that moment); the presses were stopped and nothing was clicked (${attempt} tries). Wait for the page to settle and retry.`);
      }
    }
  }
}
