/**
 * A click that puts the focus in a text field other than the one clicked: an
 * Edit button's inline editor, a Reply's comment box, a search icon's search
 * field. The click's report then gives the field's line, with a ref to type
 * into, which the agent would otherwise take a snapshot to find.
 */
import { deepActiveElement } from '../snapshot/dom.ts';
import { isContentEditable, isTextInput } from './controls.ts';

let focusedBefore: WeakRef<Element> | null = null;
let clicked: WeakRef<Element> | null = null;
// The fields in the element clicked before the click: one drawn in it by the click is news.
let fieldsInClicked = new WeakSet<Element>();

/** Before the click on `target`: where the focus is. */
export function noteFocus(target: Element): void {
  const active = deepActiveElement(document);
  focusedBefore = active ? new WeakRef(active) : null;
  clicked = new WeakRef(target);
  fieldsInClicked = new WeakSet(target.querySelectorAll('input, textarea, [contenteditable]'));
}

/** Since the note, the focus went into a text field the click was not aimed at (nor its label at). */
export function focusMovedToField(): boolean {
  const active = deepActiveElement(document);
  const target = clicked?.deref();
  if (!active || !target || active === focusedBefore?.deref()) return false;
  if (!isTextInput(active) && !(isContentEditable(active) && active.localName !== 'body')) return false;
  // Its own field, or the field its label is for: where a click is expected to put the focus. Not
  // one the click drew in it: a grid's cell editor (Tabulator's), in place of the cell's text.
  const ownField = target.contains(active) && fieldsInClicked.has(active);
  if (ownField || active.contains(target) || (target instanceof HTMLLabelElement && target.control === active)) return false;
  focusedBefore = new WeakRef(active);
  return true;
}
