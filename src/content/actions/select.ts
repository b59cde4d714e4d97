/**
 * Choosing options of a native <select> (single or multiple). Custom
 * drop-downs (role=listbox/combobox made of divs) are clicked instead: the
 * service worker opens them and clicks the options found here.
 */
import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { refForElement } from '../snapshot/refs.ts';
import { getName } from '../snapshot/names.ts';
import { getRole } from '../snapshot/roles.ts';
import { resolveSpec } from '../target.ts';
import { isVisible } from '../snapshot/visibility.ts';
import { drawnInstead } from '../snapshot/replaced.ts';
import { clip, describe, normalize } from './describe.ts';
import { locate } from './locate.ts';
import { nextFrame } from './motion.ts';
import { classSaysSelected, optionSelected, popupOf, visibleOptions } from './popup.ts';
import { setNativeValue } from './fill.ts';
import { dispatchInputAndChange } from './input-timers.ts';
import { armTextShown } from './text-shown.ts';

const MAX_LISTED = 20;

export async function selectOption(request: Extract<ContentRequest, { type: 'selectOption' }>): Promise<ContentResults['selectOption']> {
  const { target, values, timeoutMs } = request;
  const located = await locate(target, { visible: true, enabled: true, retarget: true, timeoutMs });
  if (located.element instanceof HTMLInputElement && located.element.list) return pickSuggestion(located.element, located.element.list, values, located.description);
  // The drop-down a library draws in place of the <select> it hid: the page takes the choice
  // there, and a value set on the hidden <select> would not show nor reach the library's handlers.
  const drawn = located.element instanceof HTMLSelectElement ? drawnInstead(located.element) : null;
  const element = drawn ?? located.element;
  const custom = customDropDown(element);
  if (custom) {
    // A label (Tom Select's) stands for its control; the worker opens and reads the one found here.
    const retargeted = element !== resolveSpec(target).element ? { target: refForElement(element, request.refPrefix) } : {};
    const multiple = drawn && (located.element as HTMLSelectElement).multiple ? { multiple: true as const } : {};
    const description = drawn ? `${located.description}, drawn by the page as ${describe(drawn)}` : located.description;
    const box = custom === 'closed' ? shownBoxAround(element) : null;
    const opener = box ? { opener: refForElement(box, request.refPrefix) } : {};
    return { custom, description, ...retargeted, ...opener, ...multiple };
  }
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
  // What the choice writes elsewhere (a total, a shipping line): the worker asks after its handlers' timers.
  armTextShown();
  if (select.multiple) for (const option of options) option.selected = wanted.has(option);
  else if (chosen[0]) chosen[0].selected = true;
  else select.selectedIndex = -1;
  dispatchInputAndChange(select);
  // Its handler may put the choice back, or make another: said, else the report would name what was asked.
  const now = Array.from(select.selectedOptions);
  const pageChose = now.length !== wanted.size || now.some((option) => !wanted.has(option)) ? { pageChose: now.map((option) => option.label) } : {};
  return { selected: now.map((o) => o.value), ...pageChose, description: located.description };
}

/**
 * A combobox field put out of sight while it shows a choice (Tom Select moves its input 10,000 px
 * to the left): the box around it that the page draws and takes the click on, to open it.
 */
function shownBoxAround(combobox: Element): Element | null {
  const box = combobox.getBoundingClientRect();
  // Off the page: no scrolling brings it into view.
  if (!(box.right < 0 || box.bottom < 0 || box.left >= combobox.ownerDocument.documentElement.scrollWidth)) return null;
  for (let at = combobox.parentElement, i = 0; at && i < 3; at = at.parentElement, i++) {
    const around = at.getBoundingClientRect();
    if (isVisible(at) && around.right > 0 && around.bottom > 0 && getComputedStyle(at).cursor === 'pointer') return at;
  }
  return null;
}

/**
 * A text field with a <datalist> (`<input list=…>`): its suggestions show
 * only while someone types, and none can be clicked through the page, so
 * the one named is put in the field as a pick from the list would.
 */
function pickSuggestion(input: HTMLInputElement, list: HTMLDataListElement, values: string[], description: string): ContentResults['selectOption'] {
  if (values.length !== 1) throw new AgentError('INVALID_PARAMS', `${description} takes one value, but ${values.length} were given. Pass one value.`);
  const options = Array.from(list.options);
  const option = matchOption(options, values[0]);
  if (!option) {
    throw new AgentError('ELEMENT_NOT_FOUND', `${description} suggests no "${values[0]}". ${listOptions(options, values[0])}. It takes other text too: browser_fill puts any in.`);
  }
  setNativeValue(input, option.value);
  return { selected: [option.value], description };
}

/**
 * A drop-down made of divs (role combobox or listbox, or a button with a
 * listbox popup): 'shown' when its options are on screen, 'closed' when it
 * must be clicked open first; null for anything else.
 */
function customDropDown(el: Element): 'shown' | 'closed' | null {
  if (el instanceof HTMLSelectElement || el.closest('select')) return null;
  const role = getRole(el);
  if (role === 'listbox') return 'shown';
  if (role !== 'combobox' && el.getAttribute('aria-haspopup') !== 'listbox') return null;
  return visibleOptions(popupOf(el), el).length ? 'shown' : 'closed';
}

/**
 * The options of a custom drop-down to click, by label (as shown, then
 * ignoring case) or value attribute, with refs; waits for the popup to show
 * them (it was just clicked open), up to `waitMs`.
 */
export async function customOptions(request: Extract<ContentRequest, { type: 'customOptions' }>): Promise<ContentResults['customOptions']> {
  const el = resolveSpec(request.target).element;
  const popup = () => (getRole(el) === 'listbox' ? el : popupOf(el));
  const start = performance.now();
  let options = visibleOptions(popup(), el);
  while (!options.length && performance.now() - start < request.waitMs) {
    await nextFrame();
    options = visibleOptions(popup(), el);
  }
  if (!options.length) {
    const unnamed = getRole(el) !== 'listbox' && !popupOf(el);
    throw new AgentError(
      'ELEMENT_NOT_FOUND',
      `${describe(el)} showed no options${unnamed ? ' (it names no popup with aria-controls)' : ''}. Take a snapshot to see where its options are (for a field, type into it first), then click one by its ref.`,
    );
  }
  const list = popup();
  const listSays = list?.getAttribute('aria-multiselectable') === 'true';
  // A library's drop-down for a <select multiple> takes several, whether its list says so or not (Choices').
  const multiple = request.multiple || listSays;
  if (request.values.length > 1 && !multiple) {
    throw new AgentError('INVALID_PARAMS', `${describe(el)} is a custom drop-down that takes one choice (its list is not aria-multiselectable): pick one value per call.`);
  }
  const labels = options.map((o) => normalize(getName(o) || (o.textContent ?? '')));
  const chosen = request.values.map((value) => {
    const wanted = value.trim();
    const i = [labels.indexOf(wanted), labels.findIndex((l) => l.toLowerCase() === wanted.toLowerCase()), options.findIndex((o) => (o.getAttribute('data-value') ?? o.getAttribute('value')) === value)].find((n) => n >= 0);
    if (i === undefined) {
      const near = labels.filter((l) => l.toLowerCase().includes(wanted.toLowerCase()));
      const quote = (list: string[]) => list.slice(0, MAX_LISTED).map((l) => `"${clip(l, 60)}"`).join(', ') + (list.length > MAX_LISTED ? ` and ${list.length - MAX_LISTED} more` : '');
      // A list that draws its options as it scrolls (Ant Design's) may have it undrawn: a field that takes text narrows it.
      const narrow = !near.length && el instanceof HTMLInputElement && !el.readOnly ? ` It may be further down a list that draws its options as it scrolls: type part of it into the field (browser_type) to narrow the list, then click the option.` : '';
      throw new AgentError('ELEMENT_NOT_FOUND', `${describe(el)} has no option "${value}". ${near.length ? `Containing "${wanted}": ${quote(near)}. ` : ''}Shown: ${quote(labels)}.${narrow}`);
    }
    if (options[i].getAttribute('aria-disabled') === 'true') throw new AgentError('NOT_ENABLED', `Option "${labels[i]}" of ${describe(el)} is disabled. Choose another one.`);
    return i;
  });
  return {
    refs: chosen.map((i) => refForElement(options[i], request.refPrefix)),
    labels: chosen.map((i) => labels[i]),
    selected: chosen.map((i) => (listSays && optionSelected(options[i])) || classSaysSelected(options[i])),
    wasSelected: chosen.map((i) => optionSelected(options[i])),
    ...(multiple ? { multiple: true as const } : {}),
  };
}

function selectOf(el: Element): HTMLSelectElement {
  if (el instanceof HTMLSelectElement) return el;
  if (el instanceof HTMLOptionElement && el.closest('select')) return el.closest('select')!;
  const role = getRole(el) ?? 'none';
  const hint = role === 'option'
    ? ' It is an option of a custom drop-down: click it (browser_click), or give the drop-down itself.'
    : ' Target the <select> or the drop-down itself (take a snapshot and use the combobox/listbox ref).';
  throw new AgentError('INVALID_TARGET', `${describe(el)} (role ${role}) is not a <select>.${hint}`);
}

/** By value first, then by visible label/text (trimmed), then the label ignoring case. */
function matchOption(options: HTMLOptionElement[], value: string): HTMLOptionElement | undefined {
  const wanted = value.trim();
  return (
    options.find((o) => o.value === value) ??
    options.find((o) => o.label.trim() === wanted || o.text.trim() === wanted) ??
    options.find((o) => labelOf(o).toLowerCase() === wanted.toLowerCase())
  );
}

/** The options, those whose label or value contains the wanted text first (a long list is cut). */
/** What an option shows: its label, or its value where it has none (a datalist's `<option value=…>`). */
const labelOf = (o: HTMLOptionElement): string => o.label.trim() || o.value;

function listOptions(options: HTMLOptionElement[], wanted: string): string {
  if (options.length === 0) return 'Available: none (the list is empty; it may still be loading)';
  const needle = wanted.trim().toLowerCase();
  const near = needle ? options.filter((o) => labelOf(o).toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle)) : [];
  const quote = (o: HTMLOptionElement) => {
    const label = clip(labelOf(o), 60);
    return o.value === label ? `"${label}"` : `"${clip(o.value, 60)}" (${label})`;
  };
  const some = (list: HTMLOptionElement[]) => list.slice(0, MAX_LISTED).map(quote).join(', ') + (list.length > MAX_LISTED ? ` and ${list.length - MAX_LISTED} more` : '');
  return `${near.length ? `Containing "${wanted.trim()}": ${some(near)}. ` : ''}Available: ${some(options)}`;
}

/** Whether the option is aria-selected now; null when it is gone (its list closed). */
export function isSelected(target: TargetSpec): ContentResults['isSelected'] {
  try {
    const el = resolveSpec(target).element;
    return { selected: el.isConnected ? optionSelected(el) : null };
  } catch {
    return { selected: null };
  }
}
