/**
 * The choice a combobox's empty field has drawn over it. react-select keeps its field empty and
 * lays the chosen option over it in an element of its own (its "single value"), which neither the
 * field's name nor its value says: an interactive snapshot, which prints no text, said nothing of
 * what was chosen.
 */
import { normalizeText } from './walk-rules.ts';
import { getName } from './names.ts';

/** Ancestors of the field looked in: its wrapper, and the box that holds the wrapper and the value. */
const LEVELS = 2;
const CONTROLS = 'input, select, textarea, button, a[href], [role=button], [tabindex]';

/**
 * The text of an element beside the field that covers its box, not the placeholder (which the
 * field names with aria-describedby, or whose class says so) and holding no control (a chip with
 * its remove button). Nor a label: most are drawn beside the field, and a floating one (MUI's, Material's)
 * lies over the field while it is empty.
 */
export function choiceDrawnOver(field: HTMLInputElement): string {
  if (field.value) return '';
  const box = field.getBoundingClientRect();
  if (!box.height) return '';
  const described = new Set((field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
  let at = field.parentElement;
  for (let level = 0; at && level < LEVELS; at = at.parentElement, level++) {
    for (const beside of at.children) {
      if (beside.contains(field) || described.has(beside.id) || /placeholder/i.test(beside.getAttribute('class') ?? '')) continue;
      if (beside.localName === 'label' || beside.querySelector('label')) continue;
      const r = beside.getBoundingClientRect();
      const over = r.left <= box.left + 1 && r.right >= box.right - 1 && r.top <= box.top + 1 && r.bottom >= box.bottom - 1;
      if (!over || beside.querySelector(CONTROLS)) continue;
      const text = normalizeText((beside as HTMLElement).innerText ?? '');
      // The name again is a label too: MUI's outline draws it in the legend of the fieldset around the field.
      if (text && text !== normalizeText(getName(field))) return text;
    }
  }
  return '';
}
