/**
 * The last check before a trusted click: between the hit test and the input
 * arriving the page can re-render, move or cover the element. Armed when the
 * element is located for a click; the first press that arrives must land on
 * it. If it does not, that press and the rest of the click are stopped before
 * the page's listeners on the document and its elements see them (ours listen
 * on the window, in the capturing phase), and the worker reports that nothing
 * was clicked — as Playwright's hit-target check does.
 */
import type { ContentResults } from '../../shared/content-messages.ts';
import { describe } from './describe.ts';
import { deepElementFromPoint } from '../snapshot/dom.ts';
import { composedContains, reaches } from './hit.ts';
import { formSubmittedBy, invalidFieldsSince, newlyMarkedInvalid, noteMarkedInvalid, watchFieldsOf } from './validation.ts';
import { noteLooseErrors } from './field-errors.ts';
import { announcedSince } from '../announcements.ts';
import { noteLanded } from './last-click.ts';
import { dialogAnimating, dialogChanges } from './dialogs.ts';
import { focusMovedToField } from './focus-moved.ts';
import { dueIn } from './input-timers.ts';
import { toggledState } from './checked.ts';
import { onWindow } from '../window-listeners.ts';
import { isDownloadLink } from './download-link.ts';

interface Guard {
  element: Element;
  /** Where the press goes for it (a hidden toggle's drawn switch): a press there is the element's. */
  pressOn?: Element;
  state: 'waiting' | 'hit' | 'missed';
  /** What the press landed on instead. */
  missed?: Element;
  /** The click reached a download link (`<a download>`): its default action starts a download, which the browser announces a moment later. */
  downloadClick?: Event;
  /** performance.now() when armed: fields found invalid after it were checked because of this click. */
  armedAt: number;
  /** Date.now() when armed: what live regions said since came from this click. */
  armedWall: number;
  timer: ReturnType<typeof setTimeout>;
}

/** Events of one click, from the press on; the press decides. A tap's touches come between its pointer events. */
export const CLICK_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu', 'touchstart', 'touchend'];
/**
 * A guard the worker never came back for (its click failed, the worker
 * restarted) lets go after this, so a person's own click soon after is not
 * taken for a stray one.
 */
const ARMED_MS = 2000;

let guard: Guard | null = null;
for (const type of CLICK_EVENTS) onWindow(type, check, true);

function check(event: Event): void {
  if (!guard || !event.isTrusted) return;
  if (guard.state === 'waiting') {
    if (event.type !== 'pointerdown' && event.type !== 'mousedown') return;
    const target = landedOn(event, guard.element);
    pressed?.();
    if (target instanceof Node && (reaches(guard.element, target) || (guard.pressOn && composedContains(guard.pressOn, target)))) {
      guard.state = 'hit';
      return;
    }
    guard.state = 'missed';
    guard.missed = target instanceof Element ? target : (target as Node | null)?.parentElement ?? undefined;
  }
  if (guard.state === 'missed') {
    event.preventDefault();
    event.stopImmediatePropagation();
  } else if (event.type === 'click' && event.composedPath().some(isDownloadLink)) {
    guard.downloadClick = event;
  }
}

/**
 * What a press landed on, when `expected` is what it should land on. Inside a closed
 * shadow root the path starts at its host: looked through, as the hit test did.
 */
export function landedOn(event: Event, expected: Element): EventTarget | undefined {
  const target = event.composedPath()[0];
  if (target instanceof Element && target !== expected && composedContains(target, expected)) {
    const { clientX, clientY } = event as MouseEvent;
    return deepElementFromPoint(clientX, clientY) ?? target;
  }
  return target;
}

export function armGuard(element: Element, pressOn?: Element): void {
  if (guard) clearTimeout(guard.timer);
  const armed: Guard = {
    element,
    ...(pressOn ? { pressOn } : {}),
    state: 'waiting',
    armedAt: performance.now(),
    armedWall: Date.now(),
    timer: setTimeout(() => guard === armed && (guard = null), ARMED_MS),
  };
  guard = armed;
  noteMarkedInvalid();
  noteLooseErrors(element, armed.armedWall);
  watchFieldsOf(formSubmittedBy(element));
}

/**
 * How long the worker's question may wait for the press. Input to a frame in a process of its own
 * is routed there by the browser, and its acknowledgement can come back before the frame has
 * handled it, so the question can arrive first (seen about once in 300 full test runs' clicks).
 */
const PRESS_WAIT_MS = 300;
let pressed: (() => void) | null = null;

/** How the guarded click went, and the guard is lifted. lift: no click was sent, nothing to wait for. */
export async function guardOutcome(lift = false): Promise<ContentResults['guardOutcome']> {
  if (lift) guard = null;
  if (guard?.state === 'waiting') {
    await new Promise<void>((resolve) => {
      pressed = resolve;
      setTimeout(resolve, PRESS_WAIT_MS);
    });
    pressed = null;
  }
  const current = guard;
  if (current?.state === 'waiting') {
    // Told "no press arrived": one that comes after all is stopped, so that stays true (and a retry
    // does not click twice). The guard lets go ARMED_MS after it was armed, as it would have.
    current.state = 'missed';
    return { outcome: 'none' };
  }
  guard = null;
  if (!current) return { outcome: 'unarmed' };
  clearTimeout(current.timer);
  // Read now, after the page's listeners had their turn: one of them may have cancelled the download.
  const download = !!current.downloadClick && !current.downloadClick.defaultPrevented;
  if (current.state === 'hit') {
    noteLanded(current.element, current.armedWall);
    // A submit button of a form with invalid fields: the browser did not send it.
    const invalid = invalidFieldsSince(current.armedAt, formSubmittedBy(current.element));
    // Brought back with the outcome, so the worker need not ask again (effects.ts).
    const announced = announcedSince(current.armedWall);
    const { opened: dialog, closed } = dialogChanges();
    const focusMoved = focusMovedToField();
    const marked = newlyMarkedInvalid(formSubmittedBy(current.element));
    // Asked here, in the trip the click makes anyway: a click that set no timer pays nothing for it.
    // A dialog's exit animation is waited for as a timer is: the dialog goes at its end (SweetAlert2's).
    const timersDue = dueIn('click') || (dialogAnimating() ? 1 : 0);
    // Read from the element clicked, in the page or not: a list drawn anew on a change replaces it.
    const toggled = toggledState(current.element);
    return {
      outcome: 'hit', announced, ...(download ? { download } : {}), ...(invalid.length ? { invalid } : {}),
      ...(marked.length ? { marked } : {}), ...(dialog ? { dialogOpened: dialog } : {}), ...(closed ? { dialogClosed: closed } : {}),
      ...(focusMoved ? { focusMoved } : {}), ...(timersDue > 0 ? { timersDue } : {}), ...(toggled ? { toggled } : {}),
    };
  }
  return {
    outcome: 'missed',
    landedOn: current.missed ? describe(current.missed) : 'nothing',
    target: describe(current.element),
    replaced: !current.element.isConnected,
  };
}
