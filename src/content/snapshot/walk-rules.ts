import { composedParent, getStyle } from './dom.ts';
import { contentVisibilityHides, isVisibleBox } from './visibility.ts';
import { drawnInvisible } from './replaced.ts';
import { getRole } from './roles.ts';

/**
 * What the tree walk decides per element, kept apart from the walk itself:
 * which roles get refs, which containers interactive mode keeps, and the
 * cheap tests for "clickable" and "in view".
 */

// Roles an agent acts on; elements with them get refs when visible.
export const CONTROL_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem', 'gridcell', 'scrollbar',
  'iframe',
]);
// Controls whose content is their label: a click anywhere inside works them (not a list's or a tree's items).
// And a slider, whose parts (a track, a rating's stars) are where a click sets its value.
export const LEAF_CONTROL_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'slider',
]);
// Kept in interactive mode even without refs below them: they tell the agent where it is.
export const CONTEXT_ROLES = new Set([
  'heading', 'banner', 'main', 'navigation', 'contentinfo', 'complementary', 'region', 'form', 'search',
  'dialog', 'alertdialog',
]);
// Kept in interactive mode even around a single ref: they say which row or menu it is in.
// Other containers (lists, cells, groups, paragraphs …) are kept only around two or more.
export const GROUPING_ROLES = new Set([
  'row', 'menu', 'menubar', 'tablist', 'listbox', 'tree', 'radiogroup', 'toolbar',
]);
// Their rows carry the context in interactive mode; the wrappers, and the cells around a row's
// buttons (Edit, Delete), add only indentation.
export const TABLE_WRAPPERS = new Set(['table', 'rowgroup', 'grid', 'treegrid', 'cell', 'gridcell', 'columnheader', 'rowheader']);

/**
 * A grid that draws only the rows in view (AG Grid, MUI's DataGrid) and says how many it has
 * (aria-rowcount): its snapshot says it shows some, or the agent takes the rows drawn for all the data.
 */
export function partlyDrawn(el: Element): { drawn: number; count: number } | null {
  const count = Number(el.getAttribute('aria-rowcount'));
  if (!(count > 0)) return null;
  const drawn = el.querySelectorAll('[role=row], tr').length;
  return drawn && count > drawn ? { drawn, count } : null;
}

// A generic element with one of these has a name to print, so it is not flattened.
const NAME_ATTRS = ['aria-label', 'aria-labelledby', 'title'];

export interface Viewport {
  width: number;
  height: number;
}

const ZERO_WIDTH = /[\u200b\u00ad]/;
// Whitespace other than a single space between words: most text has none, and is left as it is.
const UNCOLLAPSED = /[^\S ]| {2}|^ | $/;

/** Whitespace collapsed as rendering does; soft hyphens and zero-width spaces dropped. */
export function normalizeText(text: string): string {
  if (ZERO_WIDTH.test(text)) text = text.replace(/[\u200b\u00ad]/g, '');
  if (UNCOLLAPSED.test(text)) text = text.replace(/\s+/g, ' ').trim();
  return KEPT.test(text) ? unmark(text) : text;
}

// Stand-ins for the whitespace a <pre> or code block renders, which the collapsing above
// must leave alone; unmarked once the text is final (private-use code points, never in pages' text).
const KEPT_BREAK = '\ue000';
const KEPT_SPACE = '\ue001';
const KEPT_TAB = '\ue002';
const KEPT = /[\ue000-\ue002]/;
const BREAKS_KEPT = new Set(['pre', 'pre-wrap', 'pre-line', 'break-spaces']);
const SPACES_KEPT = new Set(['pre', 'pre-wrap', 'break-spaces']);

/** The white-space mode text in `parent` renders with; 'normal' for a shadow root's own children. */
export function whiteSpaceOf(parent: Node | null): string {
  return parent instanceof Element ? getStyle(parent).whiteSpace : 'normal';
}

/**
 * Text as its parent renders it (`mode`: the parent's white-space, whiteSpaceOf): a <pre>, code block or plain-text document
 * keeps its line breaks (and, but for pre-line, its spaces: indentation is
 * meaning in code), which collapsing would run into one line.
 */
export function keepWhiteSpace(data: string, mode: string): string {
  if (!BREAKS_KEPT.has(mode)) return data;
  if (!SPACES_KEPT.has(mode)) return data.replace(/[ \t]*\r?\n[ \t]*/g, KEPT_BREAK); // pre-line: spaces around a break go
  return data.replace(/\r?\n/g, KEPT_BREAK).replace(/ /g, KEPT_SPACE).replace(/\t/g, KEPT_TAB);
}

function unmark(text: string): string {
  return text.replace(/\ue001/g, ' ').replace(/\ue002/g, '\t').replace(/^\ue000+|\ue000+$/g, '').replace(/\ue000/g, '\n');
}

/**
 * Hides its children without hiding itself: a closed <details>, content-visibility:hidden
 * (hidden=until-found). `display`: the element's, when the caller has it.
 */
export function hidesContent(el: Element, display?: string): boolean {
  if (el.localName === 'details' && !(el as HTMLDetailsElement).open) return true;
  return contentVisibilityHides(el, display);
}

export function hasNameAttr(el: Element): boolean {
  if (!el.hasAttributes()) return false;
  for (const attr of NAME_ATTRS) if (el.hasAttribute(attr)) return true;
  return false;
}

/**
 * Cursors that say "act on me": pointer (click), grab and move (drag: a board's
 * card, a sortable list's item, a slider's handle, a map). A card on a board is
 * often only that; its handlers are the board's, on the document.
 */
export const ACTION_CURSORS = new Set(['pointer', 'grab', 'move']);

/**
 * A part of a control that takes clicks of its own (MUI's Chip is a button, the X drawn in it deletes it):
 * a pointer cursor that starts there (the caller knows) where the control shows none, on a box a third
 * of the control's or less, an icon or a glyph (×), not a word: a web component's radio that draws its
 * label with a pointer is one control. Its own ref, also when aria-hidden: the person sees it and clicks it.
 */
export function ownTargetIn(el: Element, style: CSSStyleDeclaration, control: Element): boolean {
  if (style.cursor !== 'pointer' || ACTION_CURSORS.has(getStyle(control).cursor) || !PARTED_ROLES.has(getRole(control) ?? '')) return false;
  if ((el.textContent ?? '').trim().length > 1) return false;
  const box = el.getBoundingClientRect();
  const whole = control.getBoundingClientRect();
  return box.width >= MIN_TARGET_PX && box.height >= MIN_TARGET_PX && box.width * box.height * 3 <= whole.width * whole.height;
}
const MIN_TARGET_PX = 8;
// Controls drawn with a part to click apart (a chip, a tab with its close X, an option with its remove X).
const PARTED_ROLES = new Set(['button', 'link', 'option', 'tab', 'menuitem']);

/**
 * A resize cursor (n-resize, col-resize): an edge to drag to size a box or a column, which its handlers
 * are for (a press starts the drag; jQuery UI's resizable notes which edge the pointer is on). Not a
 * thing to click or hover: a dialog's eight edges and each column's edge in a grid's header said nothing
 * but took a ref each.
 */
export const isResizeEdge = (cursor: string): boolean => cursor.endsWith('resize');

const TOGGLE_ROLES = new Set(['checkbox', 'switch', 'radio', 'menuitemcheckbox', 'menuitemradio']);

/**
 * Inside a checkbox, switch or radio, where a press anywhere works it: a handler on a part of it
 * (Ionic's toggle listens on its track, to drag the knob) makes no second thing to press. Unlike
 * a tab, which may hold a close button of its own.
 */
export function inToggle(leafControl: Element | null): boolean {
  return !!leafControl && TOGGLE_ROLES.has(getRole(leafControl) ?? '');
}

/** Not wider or not taller than this, a box is a strip: an edge, a divider. */
const STRIP_PX = 10;

/**
 * An empty strip that draws nothing (no background, border, shadow or generated content): no one
 * sees it to press it. Tabulator puts one in every cell, the edge that sizes its column (its resize
 * cursor only on :hover), and listens for presses on it: forty rows printed forty nameless refs.
 * An icon drawn by CSS draws something, and a transparent layer over a card to click is no strip.
 */
export function undrawnStrip(el: Element, style: CSSStyleDeclaration): boolean {
  if (!(el instanceof HTMLDivElement || el instanceof HTMLSpanElement) || el.hasChildNodes()) return false;
  const box = el.getBoundingClientRect();
  if (box.width > STRIP_PX && box.height > STRIP_PX) return false;
  if (style.backgroundImage !== 'none' || !transparent(style.backgroundColor) || style.boxShadow !== 'none') return false;
  if (['Top', 'Right', 'Bottom', 'Left'].some((side) => style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0)) return false;
  return (['::before', '::after'] as const).every((pseudo) => ['none', 'normal'].includes(getStyle(el, pseudo).content));
}

const transparent = (color: string): boolean => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);

// A cursor is inherited: only the element where it starts is the one to act on.
export function parentHasPointer(el: Element): boolean {
  const parent = composedParent(el);
  return !!parent && ACTION_CURSORS.has(getStyle(parent).cursor);
}

export function isClickable(el: Element): boolean {
  // The onclick property is only seen in the page's own world: in the extension's
  // isolated world Blink hides handlers other worlds set, so there only the attribute counts.
  if ((el as HTMLElement).onclick) return true;
  if (el.hasAttributes()) {
    // Inline handlers: compiled only when first run, so the tracker never sees them set.
    if (el.hasAttribute('onclick') || el.hasAttribute('ondblclick') || el.hasAttribute('onmousedown')) return true;
    // Either end of a drag: browser_drag takes refs.
    if (el.getAttribute('draggable') === 'true' || el.hasAttribute('ondrop')) return true;
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && Number.parseInt(tabindex, 10) >= 0) return true;
    if (el.hasAttribute('contenteditable') && (el as HTMLElement).isContentEditable) return true;
  }
  // A details' summary toggles it; an editor frame's body (designMode) takes text.
  if (el.localName === 'summary') return el.parentElement?.localName === 'details';
  return el.localName === 'body' && (el as HTMLElement).isContentEditable;
}

/**
 * The surface of `control`, where a press is a press on the control: it draws
 * over (nearly) all of it, or holds all of its content (Material's tab: the
 * label slotted into an inner button, which has the ripple's handlers). Not a
 * part beside the label, as a tab's close button is.
 */
export function surfaceOf(el: Element, control: Element): boolean {
  const inner = el.getBoundingClientRect();
  const outer = control.getBoundingClientRect();
  const area = outer.width * outer.height;
  if (area > 0 && inner.width * inner.height >= 0.8 * area) return true;
  const content = Array.from(control.childNodes).filter((n) => n.nodeType === Node.ELEMENT_NODE || (n.nodeType === Node.TEXT_NODE && n.textContent?.trim()));
  return content.length > 0 && content.every((n) => {
    for (let p: Node | null = n; p; p = composedParent(p)) if (p === el) return true;
    return false;
  });
}

/**
 * A pointer cursor on a label of a control, or inside one (a toggle switch's
 * track), says only that a click there works the control, which has its own
 * ref (or is printed as the label that draws it): no second ref. Not so the
 * label of a control that is not shown at all (an upload button's label for
 * a hidden file input): the label is all there is to click.
 */
export function partOfLabel(el: Element): boolean {
  const label = el.closest('label');
  const control = label && (label.control ?? labelledBy(label));
  return !!control && (control.getClientRects().length > 0 || undisplayedToggle(label) !== null);
}

/**
 * A button or link drawn for screen readers alone, in a box of a pixel or clipped to nothing (the
 * visually-hidden pattern): React Aria's "Dismiss" buttons around its popups. A person cannot click it, and a click at
 * its pixel lands on what is drawn there (its popup's first option, after a 5 s wait for it to move).
 * A form field so hidden keeps its ref: its label draws it and takes its clicks (MUI's Rating's stars).
 */
export function screenReaderOnly(el: Element, role: string | null): boolean {
  if (role !== 'button' && role !== 'link') return false;
  if (tiny(el)) return true;
  // Or in a box so hidden around it (React Aria's VisuallyHidden wraps its button).
  for (let at: Element | null = el, level = 0; at && level < HIDDEN_BOX_LEVELS; at = composedParent(at), level++) {
    // Each style read costs: the overflow only of a box around the control, and only when nothing clips it away.
    const style = getStyle(at);
    if (CLIPPED_AWAY.test(style.clip) || INSET_AWAY.test(style.clipPath)) return true;
    if (at !== el && style.overflow !== 'visible' && tiny(at)) return true;
  }
  return false;
}
const CLIPPED_AWAY = /^rect\(0px,? 0px,? 0px,? 0px\)$/;
const INSET_AWAY = /^inset\((?:50|100)%\)$/;

/** A pixel wide or high or less, as laid out: not as transformed, since a dialog zooming in from scale 0 is not hidden. */
function tiny(el: Element): boolean {
  const { width, height } = el instanceof HTMLElement ? { width: el.offsetWidth, height: el.offsetHeight } : el.getBoundingClientRect();
  return width <= 1 || height <= 1;
}
const HIDDEN_BOX_LEVELS = 3;

/**
 * The label of a shown control that names it by aria-labelledby, not by `for`: React Aria's <Label> of a
 * Select or a date field is a <span> that focuses the control on a click. The control has
 * the ref; a second on its label printed `generic "Pet" [ref]` above `button "Pet" [ref]`.
 */
export function labelsShownControl(el: Element): boolean {
  if (!el.id) return false;
  const named = (el.getRootNode() as Document | ShadowRoot).querySelectorAll(`[aria-labelledby~="${CSS.escape(el.id)}"]`);
  return Array.from(named).some((control) => LABELLED_ROLES.has(getRole(control) ?? '') && control.getClientRects().length > 0);
}
// Controls, and the widgets made of them (Ark's RatingGroup label names its radiogroup). Not a region or a
// dialog: a heading that names a section may be what opens it.
const LABELLED_ROLES = new Set([...CONTROL_ROLES, 'radiogroup', 'listbox', 'grid', 'tree', 'treegrid', 'tablist', 'menu', 'menubar', 'toolbar']);

/**
 * The control a <label> names through aria-labelledby, not `for`: a web component's label over a
 * control that is no form field (Shoelace's select and radio group, whose labels focus them on click).
 */
function labelledBy(label: HTMLLabelElement): Element | null {
  if (!label.id) return null;
  return (label.getRootNode() as Document | ShadowRoot).querySelector(`[aria-labelledby~="${CSS.escape(label.id)}"]`);
}

/**
 * A pointer cursor beside a hidden checkbox or radio with a label, in the box that holds both:
 * the drawn look of that toggle (Element Plus' and Vuetify's switches: the hidden input and its
 * track), which is pressed for it. The input has the ref; a second one here would be the same switch.
 */
export function drawsHiddenToggle(el: Element): boolean {
  const box = el.parentElement;
  if (!box || el.localName === 'label' || box.childElementCount > TOGGLE_BOX_CHILDREN) return false;
  // The box holds that input and its look, nothing else to act on; a few elements in all, so a
  // long list of clickable rows costs one short look per row, not a walk of the list per row.
  const walker = box.ownerDocument.createTreeWalker(box, NodeFilter.SHOW_ELEMENT);
  let input: Element | null = null;
  for (let n = walker.nextNode(), seen = 0; n; n = walker.nextNode()) {
    if (++seen > TOGGLE_BOX_ELEMENTS) return false;
    if (!(n as Element).matches('input, button, select, textarea, a[href], label')) continue;
    if (input) return false;
    input = n as Element;
  }
  if (!(input instanceof HTMLInputElement) || (input.type !== 'checkbox' && input.type !== 'radio')) return false;
  return toggledByLabel(input) && drawnInvisible(input);
}

// A toggle's box: the hidden input, its track and thumb, an icon (Vuetify's has 6 elements).
const TOGGLE_BOX_CHILDREN = 4;
const TOGGLE_BOX_ELEMENTS = 12;

/**
 * A checkbox or radio drawn by its label instead (a CSS toggle switch: the
 * input shrunk to nothing or made transparent, the label styled). Clicks
 * reach it through the label, as a person's do, so it gets a ref.
 */
export function toggledByLabel(el: Element): boolean {
  if (!(el instanceof HTMLInputElement) || (el.type !== 'checkbox' && el.type !== 'radio')) return false;
  const labels = el.labels;
  return !!labels && Array.from(labels).some(isVisibleBox);
}

/** The checkbox or radio of a label that draws it, when the input itself is not rendered (display:none). */
export function undisplayedToggle(label: HTMLLabelElement): HTMLInputElement | null {
  const control = label.control;
  if (!(control instanceof HTMLInputElement) || (control.type !== 'checkbox' && control.type !== 'radio')) return null;
  return control.getClientRects().length === 0 && getStyle(control).display !== 'contents' ? control : null;
}

/** An <option> of a <select> shown as a drop-down (not a list box). */
export function inDropDown(el: Element): boolean {
  const select = el.closest('select');
  return !!select && !select.multiple && select.size <= 1;
}

export function intersects(el: Element, viewport: Viewport): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < viewport.width && r.top < viewport.height;
}

/** `text` starts with `name` as a whole (words that end where it does): "Set content— a.spec.ts:4" with "Set content". */
export function beginsWith(text: string, name: string): boolean {
  return text.startsWith(name) && (text.length === name.length || !/[\p{L}\p{N}]/u.test(text[name.length]));
}
