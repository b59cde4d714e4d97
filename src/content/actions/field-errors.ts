/**
 * The errors a page shows by its fields (validation.ts finds them) after input that may have
 * checked them: a click on a button of a form or, outside any form, of the box of fields around
 * it, and Enter in such a box's field.
 */
import type { InvalidField } from '../../shared/content-messages.ts';
import { nextFrame } from './motion.ts';
import { answered } from './form-answer.ts';
import { asInvalidField, errorsShownIn, FIELDS, formOfFocusedField, formSubmittedBy, markedWithoutMessage, messagesIn } from './validation.ts';
import { afterDomChange } from '../dom-change.ts';

/**
 * After a click on `el`: the errors its form shows by its fields, when it is a button of the form: one that
 * sends it, or another (Naive UI's validate() on a button of type "button"). Said again while they are
 * shown: silence after a second Validate, one field fixed and another not, would read as all fixed.
 */
export async function messagesAfterClick(el: Element, since: number): Promise<InvalidField[]> {
  const button = el.closest(BUTTONS);
  const form = button && formOfButton(button);
  // Outside a form, the box its guard noted as this click was aimed (at `since`): a click no guard aimed (at a point) has none.
  const loose = !form && looseBefore?.at === since ? looseBefore : null;
  const box = form ?? loose?.box;
  if (!box) return [];
  // A message fading in or out (Naive UI's, a Vue transition's) is read once it has: one leaving is gone then.
  // Not a field's border or a button's ripple: what moves holds text and no control.
  const moving = box.getAnimations({ subtree: true }).filter((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity && !!target && !target.matches(CONTROLS_AROUND)
      && !target.querySelector(CONTROLS_AROUND) && !!target.textContent?.trim();
  });
  if (moving.length) {
    await Promise.race([Promise.all(moving.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, MESSAGE_MOTION_MS))]);
    // The page takes the element out as its transition ends.
    await nextFrame();
  }
  if (!form) return loose ? changedErrors(loose) : [];
  // Sent by the click, the form is read once its page has checked it (form-answer.ts), and has drawn the messages
  // of the fields it marked (antd's, two frames after their aria-invalid): the report said it linked none.
  await answered(form, since);
  const until = performance.now() + MARKED_MESSAGE_MS;
  while (markedWithoutMessage(form) && performance.now() < until) {
    if (!(await afterDomChange(until - performance.now(), nextFrame, { attributes: false }))) break;
  }
  return messagesIn(form);
}
const BUTTONS = 'button, input[type=submit i], input[type=image i], [role=button]';

function formOfButton(button: Element): HTMLFormElement | null {
  const form = formSubmittedBy(button) ?? (button as HTMLButtonElement).form ?? button.closest('form');
  return form instanceof HTMLFormElement ? form : null;
}

/** A box of more fields than this is a page, not a form of its own. */
const MAX_LOOSE_FIELDS = 20;
/**
 * How far up from a button outside any form its fields are looked for: a form's box holds its
 * button a few levels down. Each level is a search of all below it, and a button with no field
 * near it (a page's toolbar) is clicked often: it stops here rather than at the document.
 */
const LOOSE_LEVELS = 6;

/**
 * The nearest box around `el`, at most `levels` up, that holds what `selector` matches: for a button
 * outside any form, the fields it acts for, as single-page apps draw their forms (a sign-up box with
 * no <form>); for such a field, the button that goes with it.
 */
function boxHolding(el: Element, selector: string, levels = Infinity): Element | null {
  let at = el.parentElement;
  for (let level = 0; at && level < levels; level++, at = at.parentElement) if (at.querySelector(selector)) return at;
  return null;
}

/** The nearest box around `el` that holds fields (`fields`, a selector): where a button outside any form finds its fields. */
export const boxOfFields = (el: Element, fields = FIELDS) => boxHolding(el, fields);

/** A box of fields a button or field outside any form acts for: null when it holds so many fields it is a page, not a form. */
const fewFields = (box: Element | null) => (box && box.querySelectorAll(FIELDS).length <= MAX_LOOSE_FIELDS ? box : null);

/** The errors the box of fields around the input about to be sent, outside any form, showed as it was aimed (at). */
let looseBefore: { box: Element; at: number; shown: Map<Element, string> } | null = null;

function noteBox(box: Element | null, at: number): void {
  looseBefore = box && { box, at, shown: new Map(errorsShownIn(box).map(({ field, message }) => [field, message])) };
}

/** Before a click aimed at `at` (its guard's Date.now()): what the fields around its button, if it is outside any form, show. */
export function noteLooseErrors(el: Element, at: number): void {
  const button = el.closest(BUTTONS);
  noteBox(button && !formOfButton(button) ? fewFields(boxHolding(button, FIELDS, LOOSE_LEVELS)) : null, at);
}

/**
 * Before Enter in a field no form holds (a sign-in box whose page sends it on Enter): what the box
 * around the field and a button shows, as for a click on that button.
 */
export function noteLooseErrorsOfKeys(focused: Element | null): void {
  const loose = focused?.localName === 'input' && !formOfFocusedField(focused) && !focused.closest('form');
  noteBox(loose ? fewFields(boxHolding(focused, BUTTONS, LOOSE_LEVELS)) : null, Date.now());
}

/** After keys sent at `since` (Date.now()): the errors of the box noted before them, when the keys changed them. */
export function looseErrorsAfterKeys(since: number): InvalidField[] {
  return looseBefore && looseBefore.at >= since ? changedErrors(looseBefore) : [];
}

/**
 * After a click on a button outside any form (or Enter in a field of its box): the errors its box of
 * fields shows, as a form's, once they are not what it showed as the input was aimed (one came, went
 * or changed: the input checked them). Unchanged, they are not told again: nothing says the input
 * checks those fields, and a message shown all along would be told after every click near it.
 */
function changedErrors(noted: { box: Element; shown: Map<Element, string> }): InvalidField[] {
  const now = errorsShownIn(noted.box);
  const changed = now.length !== noted.shown.size || now.some(({ field, message }) => noted.shown.get(field) !== message);
  return changed ? now.map(asInvalidField) : [];
}
const CONTROLS_AROUND = `${FIELDS}, button, [role=button], a[href]`;
/** How long the messages of fields the page marked invalid are waited for, once it has answered. */
const MARKED_MESSAGE_MS = 300;
/** How long a message's entrance or exit is waited for. */
const MESSAGE_MOTION_MS = 500;
