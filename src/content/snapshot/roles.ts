/**
 * ARIA roles: the explicit `role` attribute, else the implicit role of HTML-AAM
 * (https://w3c.github.io/html-aam/#html-element-role-mappings).
 */
import { ariaAttribute } from './internals.ts';
import { composedParent, factsOf, getElementByIdInScope, hrefOf } from './dom.ts';

// Concrete roles of WAI-ARIA 1.2 (abstract roles such as `widget` or
// `landmark` must be ignored: https://w3c.github.io/aria/#abstract_roles).
const kValidRoles = new Set([
  'alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell',
  'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition', 'deletion',
  'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid', 'gridcell',
  'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'mark',
  'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup',
  'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider',
  'spinbutton', 'status', 'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist',
  'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem',
]);

/** Roles whose name may come from their content (https://w3c.github.io/aria/#namefromcontent). */
export const NAME_FROM_CONTENT_ROLES: ReadonlySet<string> = new Set([
  'button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox',
  'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem',
]);

// Global states and properties (https://w3c.github.io/aria/#global_states).
// Any of them on an element makes role=none/presentation void
// (https://w3c.github.io/aria/#conflict_resolution_presentation_none).
// aria-label/labelledby/roledescription are prohibited on some roles and do
// not count there.
const kGlobalAria = [
  'aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-details',
  'aria-dropeffect', 'aria-flowto', 'aria-grabbed', 'aria-hidden', 'aria-keyshortcuts', 'aria-live',
  'aria-owns', 'aria-relevant',
];
const kNamingProhibited = new Set([
  'caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'paragraph', 'presentation', 'strong',
  'subscript', 'superscript',
]);

export function hasGlobalAriaAttribute(el: Element, role: string): boolean {
  if (!el.hasAttributes()) return false;
  for (const attr of kGlobalAria) if (el.hasAttribute(attr)) return true;
  if (!kNamingProhibited.has(role) && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'))) return true;
  return role !== 'generic' && el.hasAttribute('aria-roledescription');
}

function hasTabIndex(el: Element): boolean {
  const value = el.getAttribute('tabindex');
  return value !== null && value.trim() !== '' && !Number.isNaN(Number(value));
}

function isNativelyDisabled(el: Element): boolean {
  return el.matches(':disabled');
}

export function isFocusable(el: Element): boolean {
  if (hasTabIndex(el)) return true;
  switch (el.localName) {
    case 'button': case 'select': case 'textarea': case 'input':
      return !isNativelyDisabled(el) && !(el.localName === 'input' && (el as HTMLInputElement).type === 'hidden');
    case 'a': case 'area':
      return el.hasAttribute('href');
    case 'details':
      return true;
    case 'summary':
      return el.parentElement?.localName === 'details';
  }
  return (el as HTMLElement).isContentEditable === true && el.getAttribute('contenteditable') !== null;
}

/** First valid, non-abstract token of `role` (https://w3c.github.io/aria/#document-handling_author-errors_roles). */
export function getExplicitRole(el: Element): string | null {
  const attr = ariaAttribute(el, 'role');
  if (!attr) return null;
  for (const token of attr.split(/\s+/)) {
    const role = token.toLowerCase();
    if (kValidRoles.has(role)) return role;
    // ARIA 1.3 synonym, mapped by Chromium.
    if (role === 'image') return 'img';
  }
  return null;
}

/** Closest composed ancestor matching `test`, crossing shadow boundaries. */
function closestComposed(el: Element, test: (e: Element) => boolean): Element | null {
  for (let p = composedParent(el); p; p = composedParent(p)) if (test(p)) return p;
  return null;
}

// header/footer are landmarks only when scoped to the body
// (https://w3c.github.io/html-aam/#el-header, #el-footer).
const kSectioningNames = new Set(['article', 'aside', 'main', 'nav', 'section']);
const kSectioningRoles = new Set(['article', 'complementary', 'main', 'navigation', 'region']);
function isInSectioningContent(el: Element): boolean {
  return !!closestComposed(el, (p) => {
    const explicit = p.getAttribute('role');
    if (explicit === null) return kSectioningNames.has(p.localName);
    return kSectioningRoles.has(getExplicitRole(p) ?? '');
  });
}

function hasAuthorName(el: Element): boolean {
  return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
}

const kInputRoles: Record<string, string> = {
  button: 'button', checkbox: 'checkbox', image: 'button', number: 'spinbutton', radio: 'radio',
  range: 'slider', reset: 'button', submit: 'button', file: 'button',
};

function inputRole(el: HTMLInputElement): string {
  const type = el.type;
  if (type === 'hidden') return '';
  if (type === 'search' || type === 'text' || type === 'email' || type === 'tel' || type === 'url') {
    // https://w3c.github.io/html-aam/#el-input-text-list: a list attribute
    // pointing at a <datalist> turns the field into a combobox.
    const listId = el.getAttribute('list');
    const list = listId ? getElementByIdInScope(el, listId) : null;
    if (list?.localName === 'datalist') return 'combobox';
    return type === 'search' ? 'searchbox' : 'textbox';
  }
  return kInputRoles[type] ?? 'textbox';
}

function tableOf(el: Element): HTMLTableElement | null {
  return closestComposed(el, (p) => p.localName === 'table') as HTMLTableElement | null;
}

function isGridTable(table: Element | null): boolean {
  const role = table ? getExplicitRole(table) : null;
  return role === 'grid' || role === 'treegrid';
}

/**
 * <th> without a usable scope: a header of its row when the row also holds
 * data cells, of its column when the row is all headers (html-aam "auto"
 * scope, resolved the way axe-core and Chromium do).
 */
function thRole(el: Element): string {
  const scope = (el.getAttribute('scope') ?? '').toLowerCase();
  if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
  if (scope === 'col' || scope === 'colgroup') return 'columnheader';
  const row = el.parentElement;
  if (row?.localName === 'tr') {
    let cells = 0;
    for (let c = row.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName === 'td') return 'rowheader';
      if (c.localName === 'th') cells++;
    }
    const table = tableOf(el);
    if (cells > 1 || (table && table.rows.length > 1)) return 'columnheader';
    return isGridTable(table) ? 'gridcell' : '';
  }
  return isGridTable(tableOf(el)) ? 'gridcell' : 'cell';
}

/** The implicit role per HTML-AAM; '' = no corresponding role. */
function implicitRole(el: Element): string {
  const name = el.localName;
  switch (name) {
    case 'a': case 'area': return hrefOf(el) !== null ? 'link' : (name === 'a' ? 'generic' : '');
    case 'article': return 'article';
    case 'aside': return 'complementary';
    case 'blockquote': return 'blockquote';
    case 'button': return 'button';
    case 'caption': return 'caption';
    case 'code': return 'code';
    case 'datalist': return 'listbox';
    case 'dd': return 'definition';
    case 'del': case 's': return 'deletion';
    case 'details': return 'group';
    case 'dfn': case 'dt': return 'term';
    case 'dialog': return 'dialog';
    case 'em': return 'emphasis';
    case 'fieldset': case 'optgroup': return 'group';
    case 'figure': return 'figure';
    case 'footer': return isInSectioningContent(el) ? 'generic' : 'contentinfo';
    case 'header': return isInSectioningContent(el) ? 'generic' : 'banner';
    case 'form': return hasAuthorName(el) ? 'form' : 'generic';
    case 'section': return hasAuthorName(el) ? 'region' : 'generic';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'hr': return 'separator';
    case 'html': return 'document';
    case 'img': {
      // alt="" marks a decorative image unless something makes it matter
      // (https://w3c.github.io/html-aam/#el-img-empty-alt).
      if (el.getAttribute('alt') === '' && !el.getAttribute('title') && !hasGlobalAriaAttribute(el, 'img') && !hasTabIndex(el)) return 'presentation';
      return 'img';
    }
    case 'input': return inputRole(el as HTMLInputElement);
    case 'ins': return 'insertion';
    case 'li': return 'listitem';
    case 'main': return 'main';
    case 'mark': return 'mark';
    case 'math': return 'math';
    case 'menu': case 'ol': case 'ul': return 'list';
    case 'meter': return 'meter';
    case 'nav': return 'navigation';
    case 'option': return 'option';
    case 'output': return 'status';
    case 'p': return 'paragraph';
    case 'progress': return 'progressbar';
    case 'search': return 'search';
    case 'select': return el.hasAttribute('multiple') || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
    case 'strong': return 'strong';
    case 'sub': return 'subscript';
    case 'sup': return 'superscript';
    // Chromium reports <svg> as an image; Firefox's "graphics-document" is not in ARIA.
    case 'svg': return 'img';
    case 'table': return 'table';
    case 'tbody': case 'thead': case 'tfoot': return 'rowgroup';
    case 'td': return isGridTable(tableOf(el)) ? 'gridcell' : 'cell';
    case 'th': return thRole(el);
    case 'textarea': return 'textbox';
    case 'time': return 'time';
    case 'tr': return 'row';
    case 'address': case 'hgroup': return 'group';
    case 'b': case 'bdi': case 'bdo': case 'body': case 'data': case 'div': case 'i': case 'pre': case 'q':
    case 'samp': case 'small': case 'span': case 'u':
      return 'generic';
  }
  return '';
}

// Required-owner chains that inherit role=none from their owner
// (https://w3c.github.io/aria/#presentational-role-inheritance).
const kPresentationParents: Record<string, readonly string[]> = {
  dd: ['dl', 'div'], div: ['dl'], dt: ['dl', 'div'], li: ['ol', 'ul'], tbody: ['table'], td: ['tr'],
  tfoot: ['table'], th: ['tr'], thead: ['table'], tr: ['thead', 'tbody', 'tfoot', 'table'],
};

/**
 * none/presentation of the owner (table, list, dl …) passes down to the
 * elements it requires. The parent's role is memoised per pass and already
 * carries what it inherited, so one level suffices.
 */
function inheritedPresentation(el: Element): string | null {
  const parents = kPresentationParents[el.localName];
  const parent = el.parentElement;
  if (!parents || !parent || !parents.includes(parent.localName)) return null;
  const role = computeRole(parent);
  return role === 'none' || role === 'presentation' ? role : null;
}

function presentationOverridden(el: Element, implicit: string): boolean {
  return isFocusable(el) || hasGlobalAriaAttribute(el, implicit);
}

/**
 * The role as computed (memoised per pass), including 'none'/'presentation' and implicit
 * 'generic'; '' when the element has no corresponding role.
 */
export function computeRole(el: Element): string {
  const record = factsOf(el);
  if (record?.role !== undefined) return record.role;
  const role = computeRoleUncached(el);
  if (record) record.role = role;
  return role;
}

function computeRoleUncached(el: Element): string {
  const explicit = getExplicitRole(el);
  if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
  const implicit = implicitRole(el);
  if (explicit) {
    // role=none is ignored on focusable elements and elements with global
    // ARIA attributes (https://w3c.github.io/aria/#conflict_resolution_presentation_none).
    return presentationOverridden(el, implicit) ? implicit : explicit;
  }
  if (!implicit) return implicit;
  return inheritedPresentation(el) ?? implicit;
}

export function isPresentational(el: Element): boolean {
  const role = computeRole(el);
  return role === 'none' || role === 'presentation';
}

/**
 * The element's ARIA role: 'generic' for non-semantic containers, null for
 * none/presentation and for elements without a mapping.
 */
export function getRole(el: Element): string | null {
  const role = computeRole(el);
  return role === '' || role === 'none' || role === 'presentation' ? null : role;
}
