/**
 * The checked state of checkboxes, radios, switches and their ARIA kin, read
 * the way a user sees it, so browser_check can tell "already checked" from
 * "the click did nothing".
 */
import { ariaAttribute } from '../snapshot/internals.ts';
import type { ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { getRole } from '../snapshot/roles.ts';
import { resolveSpec } from '../target.ts';
import { lastLanded } from './last-click.ts';
import { describe } from './describe.ts';

type Checked = ContentResults['readChecked'];
type Kind = Checked['kind'];

const ARIA_KINDS = new Set<Kind>(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/**
 * `afterClick`: a page that renders from its own state (a todo list) often
 * replaces the control its change handler saw; the one clicked, now detached,
 * still holds the state the click gave it.
 */
export function readChecked(target: TargetSpec, afterClick: boolean): Checked {
  try {
    return checkedState(resolveSpec(target).element);
  } catch (error) {
    const clicked = afterClick ? lastLanded() : null;
    if (!clicked || clicked.isConnected) throw error;
    return { ...checkedState(clicked), replaced: true };
  }
}

export function checkedState(element: Element): Checked {
  const el = controlOf(element);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
    // A native switch (<input type=checkbox switch>, role=switch) is still a checkbox underneath.
    const kind: Kind = el.type === 'radio' ? 'radio' : getRole(el) === 'switch' ? 'switch' : 'checkbox';
    if (el.type === 'checkbox' && el.indeterminate) return { checked: 'mixed', kind, description: describe(el) };
    return { checked: el.checked, kind, description: describe(el) };
  }
  const role = getRole(el) ?? 'none';
  if (ARIA_KINDS.has(role as Kind)) {
    const aria = ariaAttribute(el, 'aria-checked');
    return { checked: aria === 'mixed' ? 'mixed' : aria === 'true', kind: role as Kind, description: describe(el) };
  }
  if (role === 'option') {
    const selected = el instanceof HTMLOptionElement ? el.selected : ariaAttribute(el, 'aria-selected') === 'true';
    return { checked: selected, kind: 'option', description: describe(el) };
  }
  throw new AgentError(
    'INVALID_TARGET',
    `${describe(el)} (role ${role}) has no checked state: only checkboxes, radios, switches, checkable menu items and options do. Take a snapshot and use the checkbox's own ref.`,
  );
}

/**
 * What a toggle is after a click, as its report says it ("checked", "not pressed"); undefined for
 * anything else. Options are left out: picking one is said by what the drop-down shows.
 */
export function toggledState(element: Element): string | undefined {
  const pressed = ariaAttribute(element, 'aria-pressed');
  if (pressed !== null && getRole(element) === 'button') return pressed === 'mixed' ? 'mixed' : pressed === 'true' ? 'pressed' : 'not pressed';
  let state: Checked;
  try {
    state = checkedState(element);
  } catch {
    return undefined;
  }
  if (state.kind === 'option') return undefined;
  return state.checked === 'mixed' ? 'mixed' : state.checked ? 'checked' : 'not checked';
}

/** A label (wrapping or `for`) stands for its control. */
function controlOf(el: Element): Element {
  if (el instanceof HTMLLabelElement && el.control) return el.control;
  return el;
}
