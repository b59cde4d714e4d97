/**
 * A ref whose element now says something else than what it was printed with: the page reused the
 * element for another thing. Element Plus's calendar draws each month's days in the same cells, so
 * after "Next month" the ref printed as day 29 is day 25's; a list keyed by index shows another row
 * in the same element after a sort. The ref still finds its element, and an action on it would act on
 * what the agent did not mean: refused, as a stale ref is, and never a click somewhere else.
 */
import { AgentError } from '../../shared/errors.ts';
import { printedNameOf, recordPrinted } from '../snapshot/refs.ts';
import { clip } from './describe.ts';
import { roleAndName } from './find.ts';

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);

// The element the last action was aimed at: what it says by the next action (Play, then Pause) is that action's doing.
let actedOn: WeakRef<Element> | null = null;

/** Throws STALE_REF when `el`, found by `ref`, says something unlike what its ref was last printed with. */
export function assertSaysWhatItSaid(ref: string, el: Element): void {
  settleActedOn();
  const was = printedNameOf(el);
  if (!was) return;
  const { role, name: now } = roleAndName(el);
  // A field is the field whatever names it: a search box's placeholder that turns through examples ("Try shoes", "Try hats").
  if (!now || FIELD_ROLES.has(role) || alike(was, now)) return;
  throw new AgentError('STALE_REF', `Ref ${ref} was printed as "${clip(was, 80)}", and its element now says "${clip(now, 80)}": the page has drawn something else in it (a calendar's next month in the same cells, a list sorted in place). Nothing was done. Take a new snapshot (browser_snapshot) and use the ref it gives for what you mean.`);
}

/** An action is aimed at `el`: what it then says is known to the agent, who caused it. */
export function notedActedOn(el: Element): void {
  settleActedOn();
  actedOn = new WeakRef(el);
}

/** The element the last action was aimed at stands, from now on, for what it says now. */
function settleActedOn(): void {
  const last = actedOn?.deref();
  actedOn = null;
  if (last?.isConnected) recordPrinted(last, roleAndName(last).name);
}

/**
 * Names that say the same thing, or nearly: half the words of the shorter at least in the other ("Cart (0)",
 * then "Cart (1)"; "Add to cart", then "Added to cart"). Not "29" and "25", nor "Edit" and "Save".
 */
function alike(a: string, b: string): boolean {
  const words = (text: string) => new Set(text.toLowerCase().replace(/…$/, '').match(/[\p{L}\p{N}]+/gu) ?? []);
  const [x, y] = [words(a), words(b)];
  if (!x.size || !y.size) return true;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared++;
  return shared * 2 >= Math.min(x.size, y.size);
}
