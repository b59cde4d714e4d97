/**
 * What a box's kids are, for whether the box is one of them (walk.ts): a box around one control, or
 * around refs alone, takes clicks for them and gets no ref of its own.
 */
import { getName } from './names.ts';
import { BREAK, type Kid, type SNode } from './tree.ts';
import { beginsWith, CONTROL_ROLES, normalizeText } from './walk-rules.ts';

/**
 * The kids are ref'd and nothing else (line breaks aside), but for their names drawn as their labels: controls,
 * or what takes clicks by a handler (Naive UI's Rate, its stars plain elements).
 */
export function onlyRefs(kids: Kid[]): boolean {
  const controls = kids.filter((kid): kid is SNode => typeof kid !== 'string' && kid !== BREAK && kid.refable);
  const names = controls.map((control) => normalizeText(getName(control.el)));
  return kids.every((kid) => {
    if (kid === BREAK || (typeof kid !== 'string' && controls.includes(kid))) return true;
    const text = typeof kid === 'string' ? normalizeText(kid) : null;
    return text === '' || (text !== null && names.some((name) => beginsWith(name, text)));
  });
}

/** The kids are one ref'd field, and what shows its value beside it. */
export function soleField(kids: Kid[]): boolean {
  const field = kids.find((kid): kid is SNode => typeof kid !== 'string' && kid !== BREAK && kid.refable);
  return !!field && FIELD_ROLES.has(field.role) && soleControl(kids);
}

// Fields whose box also shows their value or placeholder beside them.
const FIELD_ROLES = new Set(['combobox', 'textbox', 'searchbox']);

/**
 * The kids are one ref'd control and nothing else (line breaks aside). For a field, also what
 * shows its value (Ant Design's and Element Plus' Select: the choice or placeholder and an arrow
 * icon drawn beside the combobox in the box that takes the click): the caller knows no other ref is there.
 */
export function soleControl(kids: Kid[]): boolean {
  let control: SNode | null = null;
  let besides = false;
  let text: string | null = '';
  for (const kid of kids) {
    if (kid === BREAK || (typeof kid === 'string' && !kid.trim())) continue;
    if (typeof kid !== 'string' && kid.refable && CONTROL_ROLES.has(kid.role)) {
      if (control) return false;
      control = kid;
    } else {
      besides = true;
      text = typeof kid === 'string' && text !== null ? text + kid : null;
    }
  }
  if (!control) return false;
  // Beside it only its name, drawn as its label (Ionic's ion-item around an ion-select labelled "Theme",
  // whose name once chosen says the choice too: "Theme, Dark").
  return !besides || FIELD_ROLES.has(control.role) || (text !== null && beginsWith(normalizeText(getName(control.el)), normalizeText(text)));
}
