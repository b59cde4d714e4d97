/**
 * Element actions and queries in one frame (the content-script half of
 * browser_click, browser_fill, browser_get …; the service worker sends the
 * trusted input). Returns undefined for requests that are not ours.
 */
import { MARK_ATTRIBUTE as MARK, type ContentRequest, type ContentResults, type TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { matchNote, resolveSpec, withElementHint } from '../target.ts';
import { clearWayFor, flashTarget, hideFeedbackForScreenshot, showAgentIndicator } from '../feedback.ts';
import { readChecked } from './checked.ts';
import { openedPopup } from './suggestions.ts';
import { noteShown, revealed } from './revealed.ts';
import { dialogChangesSettled, noteDialogs, openedDialog } from './dialogs.ts';
import { settledIn } from './animated.ts';
import { focusMovedToField, noteFocus } from './focus-moved.ts';
import { learnForeignSheets } from '../foreign-sheets.ts';
import { dragAccepted, dropOutcome, watchDrop } from './drop.ts';
import { describe } from './describe.ts';
import { fieldValue, fillNative, focusTarget, prepareFill, prepareType } from './fill.ts';
import { steppedValue } from './stepped.ts';
import { segmentTexts } from './segments.ts';
import { elementAt, find, focusedLine, likeRemoved } from './find.ts';
import { locate } from './locate.ts';
import { afterInputTimers } from './input-timers.ts';
import { get, is } from './query.ts';
import { scroll } from './scroll.ts';
import { customOptions, isSelected, selectOption } from './select.ts';
import { textCondition, waitFor } from './wait.ts';
import { armGuard, guardOutcome } from './guard.ts';
import { announcedSinceLastClick } from './last-click.ts';
import { armTextShown, textShown } from './text-shown.ts';
import { answered } from './form-answer.ts';
import { drawn, letGo } from './frame-press.ts';
import { isFrameElement } from '../frame-elements.ts';
import { enterNotSent, formOfFocusedField, invalidFieldsSince, markedInForm, messagesIn } from './validation.ts';
import { looseErrorsAfterKeys, noteLooseErrorsOfKeys } from './field-errors.ts';
import { deepActiveElement } from '../snapshot/dom.ts';
import { suggestReplacementsWith } from '../snapshot/refs.ts';

// A stale ref's error names the element a re-render put in its place.
suggestReplacementsWith(likeRemoved);

/** Requests that act on an element: the person watching sees it outlined. */
const ACTING = new Set(['locate', 'domClick', 'focus', 'prepareFill', 'setNativeValue', 'prepareType', 'selectOption']);

export function handleAction(request: ContentRequest): Promise<unknown> | undefined {
  const run = dispatch(request);
  if (!run) return undefined;
  const target = 'target' in request ? request.target : undefined;
  return (async () => {
    const acted = ACTING.has(request.type) && target ? prepareFeedback(target) : null;
    try {
      return await run();
    } catch (error) {
      throw withElementHint(error, target);
    } finally {
      // A task later: after the answer has gone back to the service worker.
      if (acted) setTimeout(() => flashTarget(acted), 0);
    }
  })();
}

type Run = () => unknown;

function dispatch(request: ContentRequest): Run | undefined {
  switch (request.type) {
    case 'reveal':
      return async (): Promise<ContentResults['reveal']> => ({ box: (await locate(request.target, { visible: true, scroll: true, timeoutMs: request.timeoutMs })).box });
    case 'locate':
      return async (): Promise<ContentResults['locate']> => {
        const { element, pressOn, ...located } = await locate(request.target, request.options);
        if (request.options.readText) armTextShown();
        if (request.guard) letGo();
        // A press on a frame goes to the frame's own document, which this one never sees:
        // the hit test just made is all the guarding there is.
        if (request.guard && !isFrameElement(element)) {
          armGuard(element, pressOn);
          // What the click writes elsewhere, for its report (text-shown.ts).
          armTextShown();
          noteDialogs();
          noteFocus(element);
          // What a disclosure shows once clicked is listed like what a hover shows; so is a
          // menu whose button names no popup to look in (openedPopup finds nothing there),
          // and what any click asks for (an Edit button's inline form, a Try it out's Execute).
          if (located.discloses || located.opens || located.toggles || request.options.noteShown) noteShown(element);
        } else if (request.options.noteShown) {
          // A hover by selector may come before any snapshot learned the menus of a CDN's sheets.
          await learnForeignSheets();
          noteShown(element);
          armTextShown();
        }
        return located;
      };
    case 'guardOutcome':
      return () => guardOutcome(request.lift);
    case 'focused':
      return () => focusedLine(request);
    case 'inputTimers':
      return async () => {
        const waited = await afterInputTimers(request.maxMs, request.kind);
        if (!request.dialogs) return waited;
        const { opened, closed } = await dialogChangesSettled();
        const announced = announcedSinceLastClick();
        return {
          ...waited, ...(opened ? { dialogOpened: true as const } : {}), ...(closed ? { dialogClosed: closed } : {}),
          ...(focusMovedToField() ? { focusMoved: true as const } : {}), ...(announced ? { announced } : {}),
        };
      };
    case 'noteDialogs':
      return () => {
        if (request.text) armTextShown();
        if (request.shown) noteShown(request.shown.target ? resolveSpec(request.shown.target).element : deepActiveElement(document) ?? document.body);
        // Keys that may send what the field is in: its errors outside a form, as they are before them.
        noteLooseErrorsOfKeys(deepActiveElement(document));
        return { shown: noteDialogs() };
      };
    case 'dialogChanges':
      return async () => {
        const { opened, closed } = await dialogChangesSettled();
        return { ...(opened ? { opened: true as const } : {}), ...(closed ? { closed } : {}) };
      };
    case 'openedPopup':
      return () => openedPopup(request);
    case 'revealed':
      return () => revealed(request);
    case 'openedDialog':
      return () => openedDialog(request);
    case 'elementAt':
      return () => {
        // The pill takes clicks, and a screenshot does not show it: out of the way of a point the agent aims at.
        if (window === window.top) {
          showAgentIndicator(true);
          clearWayFor(new DOMRect(request.x, request.y, 1, 1));
        }
        return elementAt(request);
      };
    case 'fieldValue':
      return () => fieldValue(request);
    case 'invalidFields':
      return async () => {
        const form = formOfFocusedField(deepActiveElement(document));
        const since = performance.now() - request.withinMs;
        // Sent by the keys, the form is read once its page has checked it (form-answer.ts).
        if (form) await answered(form, Date.now() - request.withinMs);
        const notSent = enterNotSent(form, since);
        const messages = form ? messagesIn(form) : looseErrorsAfterKeys(Date.now() - request.withinMs);
        return { fields: invalidFieldsSince(since, form), marked: markedInForm(form), messages, ...(notSent ? { enterNotSent: notSent } : {}) };
      };
    case 'focus':
      return () => focusTarget(request.target, request.timeoutMs);
    case 'prepareFill':
      return () => prepareFill(request.target, request.value, request.timeoutMs);
    case 'setNativeValue':
      return () => fillNative(request.target, request.value);
    case 'steppedValue':
      return () => steppedValue(request);
    case 'segmentTexts':
      return () => segmentTexts(request);
    case 'prepareType':
      return () => prepareType(request.target, request.text, request.clear, request.timeoutMs);
    case 'watchDrop':
      return () => watchDrop(request.target);
    case 'dragAccepted':
      return () => dragAccepted();
    case 'dropOutcome':
      return () => dropOutcome();
    case 'textShown':
      return async (): Promise<ContentResults['textShown']> => {
        const text = await textShown();
        return text ? { text } : {};
      };
    case 'readChecked':
      return () => readChecked(request.target, request.afterClick ?? false);
    case 'selectOption':
      return () => selectOption(request);
    case 'isSelected':
      return () => isSelected(request.target);
    case 'hovered':
      return () => hovered(request.target);
    case 'dropSettled':
      return () => dropSettled(request.target, request.maxMs);
    case 'customOptions':
      return () => customOptions(request);
    case 'scroll':
      return () => scroll(request.target, request.deltaX ?? 0, request.deltaY ?? 0);
    case 'waitFor':
      return () => waitFor(request);
    case 'checkText':
      return () => ({ seen: textCondition(request.text, request.appear).check() });
    case 'get':
      return () => get(request);
    case 'is':
      return () => is(request);
    case 'find':
      return () => find(request);
    case 'mark':
      return () => mark(request.target, request.nonce);
    case 'feedback':
      return () => setFeedbackHidden(request.hidden);
    case 'domClick':
      return async (): Promise<ContentResults['domClick']> => {
        const { element, description } = await locate(request.target, request.options);
        (element as HTMLElement).click();
        return { description };
      };
    default:
      return undefined;
  }
}

/** The indicator, out of the target's way; returns the element to outline once the action is done. */
function prepareFeedback(target: TargetSpec): Element | null {
  try {
    if (window === window.top) showAgentIndicator(true);
    const element = resolveSpec(target).element;
    clearWayFor(element);
    return element;
  } catch {
    // The action reports resolution errors itself; feedback never fails it.
    return null;
  }
}

let restoreFeedback: (() => void) | null = null;

function setFeedbackHidden(hidden: boolean): ContentResults['feedback'] {
  if (hidden) restoreFeedback ??= hideFeedbackForScreenshot();
  else {
    restoreFeedback?.();
    restoreFeedback = null;
  }
  return { ok: true };
}

function mark(target: TargetSpec, nonce: string): ContentResults['mark'] {
  if (!nonce) throw new AgentError('INVALID_PARAMS', 'mark needs a nonce.');
  const resolved = resolveSpec(target);
  resolved.element.setAttribute(MARK, nonce);
  return { description: describe(resolved.element) + matchNote(resolved) };
}

/**
 * Whether the pointer is over the element, once the page has drawn what the pointer's arrival changed. Read
 * at once, `:hover` could still say yes where the pointer had landed: a menu hovered a moment before closes
 * as the pointer leaves it, what is under it moves up, and Chromium moves the hover off the element only
 * with the next frames (seen: 1 hover in 30 said the pointer was on "Fees", 80 ms later it was not, and its
 * tooltip never showed). A tab in the background draws no frames: drawn's waits are capped.
 */
async function hovered(target: TargetSpec): Promise<{ hovered: boolean }> {
  const el = resolveSpec(target).element;
  el.getBoundingClientRect(); // the layout the pointer's arrival caused, now, so the frames below carry its hover update
  await drawn();
  return { hovered: el.matches(':hover') };
}

/**
 * A drag library that animates the dropped element into its slot (react-beautiful-dnd, hello-pangea/dnd)
 * reorders the list and announces the move ("You have moved Task A from position 1 to position 3") only
 * once that animation ends: waited for, then a task more, as its transitionend handlers run after the
 * animation's finished promise. The element gone (a list drawn anew on the drop): nothing to wait for.
 */
async function dropSettled(target: TargetSpec, maxMs: number): Promise<null> {
  let el: Element;
  try {
    el = resolveSpec(target).element;
  } catch {
    return null;
  }
  await settledIn(el, maxMs, () => true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return null;
}
