/**
 * The errors a page shows by its fields (validation.ts finds them) after input that may have
 * checked them: a click on a button of a form or, outside any form, of the box of fields around
 * it, and Enter in such a box's field.
 */
import type { InvalidField } from '../../shared/content-messages.ts';
import { nextFrame } from './motion.ts';
import { answered } from './form-answer.ts';
import { asInvalidField, errorsShownIn, FIELDS, formOfFocusedField, formSubmittedBy, messagesIn } from './validation.ts';

/**
 * After a click on `el`: the errors its form shows by its fields, when it is a button of the form: one that
 * sends it, or another (Naive UI's validate() on a button of type "button"). Said again while they are
 * shown: silence after a second Validate, one field fixed and another not, would read as all fixed.
 */
export async function messagesAfterClick(el: Element, since: number): Promise<InvalidField[]> {
  const button = el.closest(BUTTONS);
  const form = button && formOfButton(button);
  const box = form ?? (button && looseBoxOf(button));
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
  if (!form) return looseErrorsSince(box, since);
  // Sent by the click, the form is read once its page has checked it (form-answer.ts).
  await answered(form, since);
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
 * The nearest box around `el`, at most `levels` up, that holds fields (`fields`, a selector): what a
 * button outside any form acts for, as single-page apps draw their forms (a sign-up box with no
 * <form>). Null when that box holds more than `most` fields.
 */
export function boxOfFields(el: Element, fields = FIELDS, most = Infinity, levels = Infinity): Element | null {
  let at = el.parentElement;
  for (let level = 0; at && level < levels; level++, at = at.parentElement) {
    if (at.querySelector(fields)) return at.querySelectorAll(fields).length <= most ? at : null;
  }
  return null;
}

const looseBoxOf = (button: Element) => boxOfFields(button, FIELDS, MAX_LOOSE_FIELDS, LOOSE_LEVELS);

/** The errors the box of fields around the button being clicked, outside any form, showed as the click was aimed (at). */
let looseBefore: { box: Element; at: number; shown: Map<Element, string> } | null = null;

/** Before a click aimed at `at` (its guard's Date.now()): what the fields around its button, if it is outside any form, show. */
export function noteLooseErrors(el: Element, at: number): void {
  const button = el.closest(BUTTONS);
  const box = button && !formOfButton(button) ? looseBoxOf(button) : null;
  looseBefore = box && { box, at, shown: new Map(errorsShownIn(box).map(({ field, message }) => [field, message])) };
}

/**
 * Before Enter in a field no form holds (a sign-in box whose page sends it on Enter): what the box
 * around the field and a button shows, as for a click on that button.
 */
export function noteLooseErrorsOfKeys(focused: Element | null): void {
  const box = focused?.localName === 'input' && !formOfFocusedField(focused) && !focused.closest('form') ? looseBoxOfField(focused) : null;
  looseBefore = box && { box, at: Date.now(), shown: new Map(errorsShownIn(box).map(({ field, message }) => [field, message])) };
}

/** After keys sent at `since` (Date.now()): the errors of the box noted before them, when the keys changed them. */
export function looseErrorsAfterKeys(since: number): InvalidField[] {
  return looseBefore && looseBefore.at >= since ? looseErrorsSince(looseBefore.box, looseBefore.at) : [];
}

/** The box around a field no form holds that holds a button too, at most LOOSE_LEVELS up, of at most MAX_LOOSE_FIELDS fields. */
function looseBoxOfField(field: Element): Element | null {
  let at = field.parentElement;
  for (let level = 0; at && level < LOOSE_LEVELS; level++, at = at.parentElement) {
    if (at.querySelector(BUTTONS)) return at.querySelectorAll(FIELDS).length <= MAX_LOOSE_FIELDS ? at : null;
  }
  return null;
}

/**
 * After a click on a button outside any form (or Enter in a field of its box): the errors its box of
 * fields shows, as a form's, once they are not what it showed as the input was aimed (`aimedAt`; one
 * came, went or changed: the input checked them). Unchanged, they are not told again: nothing says
 * the input checks those fields, and a message shown all along would be told after every click near it.
 */
function looseErrorsSince(box: Element, aimedAt: number): InvalidField[] {
  // Noted for this input: a click no guard aimed (at a point) has nothing to be told from.
  const before = looseBefore?.box === box && looseBefore.at === aimedAt ? looseBefore.shown : null;
  if (!before) return [];
  const now = errorsShownIn(box);
  const changed = now.length !== before.size || now.some(({ field, message }) => before.get(field) !== message);
  return changed ? now.map(asInvalidField) : [];
}
const CONTROLS_AROUND = `${FIELDS}, button, [role=button], a[href]`;
/** How long a message's entrance or exit is waited for. */
const MESSAGE_MOTION_MS = 500;
