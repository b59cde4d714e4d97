/**
 * Choosing options of a native <select> (single or multiple). Custom
 * drop-downs (role=listbox/combobox made of divs) are clicked instead.
 */
import type { ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { getRole } from '../snapshot/roles.ts';
import { clip, describe } from './describe.ts';
import { locate } from './locate.ts';

const MAX_LISTED = 20;

export async function selectOption(target: TargetSpec, values: string[], timeoutMs: number): Promise<ContentResults['selectOption']> {
  const located = await locate(target, { visible: true, enabled: true, retarget: true, timeoutMs });
  const select = selectOf(located.element);
  if (values.length > 1 && !select.multiple) {
    throw new AgentError('INVALID_PARAMS', `${describe(select)} allows only one choice, but ${values.length} values were given. Pass one value.`);
  }
  const options = Array.from(select.options);
  const chosen = values.map((value) => {
    const option = matchOption(options, value);
    if (!option) {
      throw new AgentError('ELEMENT_NOT_FOUND', `${describe(select)} has no option with value or label "${value}". ${listOptions(options, value)}.`);
    }
    if (option.disabled || (option.parentElement instanceof HTMLOptGroupElement && option.parentElement.disabled)) {
      throw new AgentError('NOT_ENABLED', `Option "${option.label}" of ${describe(select)} is disabled. Choose another one.`);
    }
    return option;
  });
  const wanted = new Set(chosen);
  if (select.multiple) for (const option of options) option.selected = wanted.has(option);
  else if (chosen[0]) chosen[0].selected = true;
  else select.selectedIndex = -1;
  // What a user's choice fires; frameworks (React onChange, Vue v-model) listen to these.
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: Array.from(select.selectedOptions).map((o) => o.value), description: located.description };
}

function selectOf(el: Element): HTMLSelectElement {
  if (el instanceof HTMLSelectElement) return el;
  if (el instanceof HTMLOptionElement && el.closest('select')) return el.closest('select')!;
  const role = getRole(el) ?? 'none';
  const hint = role === 'listbox' || role === 'combobox' || role === 'option'
    ? ' It is a custom drop-down: click it to open (browser_click), take a snapshot, then click the option by its ref.'
    : ' Target the <select> itself (take a snapshot and use the combobox/listbox ref).';
  throw new AgentError('INVALID_TARGET', `${describe(el)} (role ${role}) is not a <select>.${hint}`);
}

/** By value first, then by visible label/text (trimmed), then the label ignoring case. */
function matchOption(options: HTMLOptionElement[], value: string): HTMLOptionElement | undefined {
  const wanted = value.trim();
  return (
    options.find((o) => o.value === value) ??
    options.find((o) => o.label.trim() === wanted || o.text.trim() === wanted) ??
    options.find((o) => o.label.trim().toLowerCase() === wanted.toLowerCase())
  );
}

/** The options, those whose label or value contains the wanted text first (a long list is cut). */
function listOptions(options: HTMLOptionElement[], wanted: string): string {
  if (options.length === 0) return 'Available: none (the list is empty; it may still be loading)';
  const needle = wanted.trim().toLowerCase();
  const near = needle ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle)) : [];
  const quote = (o: HTMLOptionElement) => {
    const label = clip(o.label.trim(), 60);
    return o.value === label ? `"${label}"` : `"${clip(o.value, 60)}" (${label})`;
  };
  const some = (list: HTMLOptionElement[]) => list.slice(0, MAX_LISTED).map(quote).join(', ') + (list.length > MAX_LISTED ? ` and ${list.length - MAX_LISTED} more` : '');
  return `${near.length ? `Containing "${wanted.trim()}": ${some(near)}. ` : ''}Available: ${some(options)}`;
}
