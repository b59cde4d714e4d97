/**
 * browser_find in one frame: elements by role, accessible name and/or
 * visible text, each with a ref — a search instead of a whole snapshot.
 * Also the focused element's line, which a key press reports, and the line
 * of the element at a point, which coordinate input reports.
 */
import type { ContentRequest, ContentResults, FoundElement } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { composedChildren, composedParent, deepElementFromPoint, withStyleCache, queryDeep } from '../snapshot/dom.ts';
import { offsetOf } from '../frame-aim.ts';
import { isFrameElement, type FrameElement } from '../frame-elements.ts';
import { refForElement } from '../snapshot/index.ts';
import { recordPrinted } from '../snapshot/refs.ts';
import { hintFor } from '../snapshot/hints.ts';
import { childFrames, nonceFor } from '../frame-nonces.ts';
import { getName } from '../snapshot/names.ts';
import { getRole } from '../snapshot/roles.ts';
import { focusedElement, stateSuffix, valueOf } from '../snapshot/states.ts';
import { yamlValue } from '../snapshot/format.ts';
import { isHiddenForAria, isVisible } from '../snapshot/visibility.ts';
import { undisplayedToggle } from '../snapshot/walk-rules.ts';
import { clip, normalize } from './describe.ts';
import { isDownloadLink } from './download-link.ts';

type FindRequest = Extract<ContentRequest, { type: 'find' }>;

// Text found inside one of these (a <span> in a <button>) is reported as the
// control: that is what an agent clicks.
const LIFT_ROLES = new Set([
  'button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'checkbox', 'radio', 'switch', 'treeitem',
]);
const LIFT_LEVELS = 5;
// Names only identify elements with a role; generics are only ever named by aria-label.
const UNNAMED_ROLES = new Set(['generic', 'paragraph', 'text', 'none', 'presentation']);
// Boxes whose tag says no more than "generic" does.
const PLAIN_TAGS = new Set(['div', 'span']);

export function find(request: FindRequest): ContentResults['find'] {
  const role = request.role?.trim().toLowerCase() || undefined;
  const name = request.name ? normalize(request.name).toLowerCase() : undefined;
  const text = request.text ? normalize(request.text).toLowerCase() : undefined;
  if (!role && !name && !text) throw new AgentError('INVALID_PARAMS', 'Give at least one of role, name or text to find elements by.');
  const root = document.body ?? document.documentElement;
  if (!root) return { matches: [], total: 0, frames: [] };
  return withStyleCache(() => {
    const found = role || !text ? byRole(root, role, name, text) : byText(root, text, name);
    const active = focusedElement(document);
    const limit = Math.max(0, Math.floor(request.limit));
    const matches = found.slice(0, limit).map((el) => toFound(el, request.refPrefix, active));
    const partial = found.length ? [] : partlyDrawn(request.refPrefix);
    // The child frames to search next, named here: the worker cannot list frames with blob: or javascript: URLs itself.
    return { matches, total: found.length, ...(partial.length ? { partial } : {}), frames: childFrames() };
  });
}

/**
 * Grids and tables that draw only the rows in view (MUI's DataGrid, AG Grid:
 * aria-rowcount says how many there are): a search finds nothing in the rest
 * until they are scrolled in. Each with its last drawn row, to scroll from.
 */
function partlyDrawn(refPrefix: string): string[] {
  return queryDeep('[aria-rowcount]').flatMap((table) => {
    const count = Number(table.getAttribute('aria-rowcount'));
    const rows = table.querySelectorAll('[role=row], tr');
    if (!(count > rows.length) || !rows.length || !isVisible(table)) return [];
    const last = lineFor(rows[rows.length - 1], refPrefix, false);
    return [`${lineFor(table, refPrefix, false)} draws ${rows.length} of its ${count} rows; its last drawn row is ${last}`];
  });
}

/**
 * The focused element's line (keys move focus: Tab, arrows in a menu), and
 * the option or item it points at with aria-activedescendant, where a
 * listbox or combobox keeps the "focus" that arrows move. Null on the page itself.
 */
export function focusedLine(request: Extract<ContentRequest, { type: 'focused' }>): ContentResults['focused'] {
  const active = focusedElement(document);
  // One the key hid (a dialog closed on Escape) keeps the focus until the browser next draws: it takes no keys.
  if (!active || !active.checkVisibility()) return { line: null };
  // Not marked [active]: the line says it is the focus. With what the field holds, as in a
  // snapshot: a key's effect on it (Backspace, ArrowUp in a number field) shows without one.
  const found = toFound(active, request.refPrefix, null);
  // A nameless one's line has its value already (textAfter).
  const value = found.name ? valueOf(active, found.role, true) : '';
  let line = value ? `${found.line}: ${yamlValue(clip(value, 100))}` : found.line;
  const id = active.getAttribute('aria-activedescendant');
  const root = active.getRootNode() as Document | ShadowRoot;
  const descendant = id ? root.getElementById(id) : null;
  if (descendant) line += `, on ${toFound(descendant, request.refPrefix, null).line}`;
  // Focus is inside a child frame: its nonce lets the service worker ask that frame next.
  const frameNonce = isFrameElement(active) ? nonceFor(active) : undefined;
  return { line, ...(frameNonce ? { frameNonce } : {}) };
}

/**
 * What a press at a viewport point lands on (coordinate input), lifted to the
 * control it acts on (the <button> around an icon's <span>), with a ref: the
 * agent learns what it hit without a snapshot. A frame there: the point in its
 * viewport, for the service worker to ask it next.
 */
export function elementAt(request: Extract<ContentRequest, { type: 'elementAt' }>): ContentResults['elementAt'] {
  const hit = deepElementFromPoint(request.x, request.y);
  if (!hit) return { line: null };
  if (isFrameElement(hit)) {
    const line = toFound(hit, request.refPrefix, null).line;
    const inside = pointInFrame(hit, request);
    return { line, ...(inside ? { frame: { nonce: nonceFor(hit), ...inside } } : {}) };
  }
  const line = withStyleCache(() => {
    const target = lift(hit);
    const found = toFound(target, request.refPrefix, null);
    // What coordinates are for has no role: "canvas [ref=e3]" says what was hit, "generic" would not.
    return found.role === 'generic' && !PLAIN_TAGS.has(target.localName) ? target.localName + found.line.slice('generic'.length) : found.line;
  });
  const download = composedAncestors(hit).some(isDownloadLink);
  return { line, ...(download ? { download } : {}) };
}

/** The point in the frame's own viewport; null where it cannot be mapped (a rotated frame): the frame's line is then the answer. */
function pointInFrame(frame: FrameElement, point: { x: number; y: number }): { x: number; y: number } | null {
  try {
    const offset = offsetOf(frame, undefined, false);
    return { x: (point.x - offset.x) / offset.scaleX, y: (point.y - offset.y) / offset.scaleY };
  } catch {
    return null;
  }
}

function composedAncestors(el: Element): Element[] {
  const chain: Element[] = [];
  for (let e: Element | null = el; e; e = composedParent(e)) chain.push(e);
  return chain;
}

/** An element's line as the snapshot would print it, with a ref; withText: a nameless element's text after it. */
export function lineFor(el: Element, refPrefix: string, withText = true): string {
  return toFound(el, refPrefix, null, withText).line;
}

function toFound(el: Element, refPrefix: string, active: Element | null, withText = true): FoundElement {
  const role = getRole(el) ?? 'generic';
  const name = nameOf(el);
  const ref = refForElement(el, refPrefix);
  recordPrinted(el, name);
  let line = role;
  if (name) line += ` ${JSON.stringify(clip(name, 100))}`;
  line += `${stateSuffix(el, role, active)} [ref=${ref}]`;
  if (!name) {
    line += hintFor(el);
    if (withText) line += textAfter(el, role);
  }
  return { ref, role, name, line };
}

/**
 * What follows a nameless element's colon: a field's value, as the snapshot prints it (a
 * <select>'s text is every option's; a <textarea>'s is what it held when the page loaded),
 * or else its text.
 */
function textAfter(el: Element, role: string): string {
  const value = valueOf(el, role, true);
  if (value || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) return value ? `: ${yamlValue(clip(value, 60))}` : '';
  const text = clip(innerText(el), 60);
  return text ? `: ${text}` : '';
}

/**
 * The one element the page shows now with this role and name, as a line with
 * its ref: what a page that re-rendered put where a stale ref's element was.
 * Null when there is none, or more than one (then only a snapshot can tell).
 */
export function likeRemoved(role: string, name: string, refPrefix: string): string | null {
  const like = elementLike(role, name);
  return like && toFound(like, refPrefix, null).line;
}

/** The role and name a line for `el` prints: what finds one like it once the page has replaced it (elementLike). */
export function roleAndName(el: Element): { role: string; name: string } {
  return withStyleCache(() => ({ role: getRole(el) ?? 'generic', name: nameOf(el) }));
}

/** The one element with this role and name now, or null (none, or several). */
export function elementLike(role: string, name: string): Element | null {
  const root = document.body ?? document.documentElement;
  if (!root) return null;
  return withStyleCache(() => {
    const wanted = normalize(name);
    const found = byRole(root, role, wanted.toLowerCase(), undefined).filter((el) => normalize(nameOf(el)) === wanted);
    return found.length === 1 ? found[0] : null;
  });
}

/** For `role=` selectors (selectors.ts): `name` lower case, a part of the accessible name. */
export function elementsByRole(role: string, name?: string): Element[] {
  const root = document.body ?? document.documentElement;
  return root ? withStyleCache(() => byRole(root, role, name, undefined)) : [];
}

/** For `text=` selectors (selectors.ts): `text` lower case, as browser_find finds it. */
export function elementsByText(text: string): Element[] {
  const root = document.body ?? document.documentElement;
  return root ? withStyleCache(() => byText(root, text, undefined)) : [];
}

function byRole(root: Element, role: string | undefined, name: string | undefined, text: string | undefined): Element[] {
  const found: Element[] = [];
  walk(root, (el) => {
    // A label drawn as the toggle of a checkbox that is not rendered stands for it, as in the snapshot.
    const subject = (el.localName === 'label' && undisplayedToggle(el as HTMLLabelElement)) || el;
    const r = getRole(subject);
    if (!r || (role ? r !== role : UNNAMED_ROLES.has(r))) return;
    if (isHiddenForAria(el)) return;
    if (name && !nameOf(subject).toLowerCase().includes(name)) return;
    if (text && !innerText(el).toLowerCase().includes(text)) return;
    found.push(subject);
  });
  return found;
}

/**
 * The innermost elements whose text contains `text` (a paragraph, not the
 * body around it), lifted to an enclosing control, visible text only.
 */
function byText(root: Element, text: string, name: string | undefined): Element[] {
  const deepest: Element[] = [];
  const visit = (el: Element): boolean => {
    let childMatched = false;
    for (const child of composedChildren(el)) {
      if (child.nodeType === Node.ELEMENT_NODE && visit(child as Element)) childMatched = true;
    }
    if (childMatched) return true;
    if (!normalize(el.textContent ?? '').toLowerCase().includes(text)) return false;
    deepest.push(el);
    return true;
  };
  visit(root);
  const seen = new Set<Element>();
  const found: Element[] = [];
  for (const el of deepest) {
    if (isHiddenForAria(el) || !innerText(el).toLowerCase().includes(text)) continue;
    const target = lift(el);
    if (seen.has(target)) continue;
    seen.add(target);
    if (name && !nameOf(target).toLowerCase().includes(name)) continue;
    found.push(target);
  }
  return found;
}

function lift(el: Element): Element {
  let e: Element | null = el;
  for (let i = 0; e && i <= LIFT_LEVELS; i++, e = composedParent(e)) {
    const role = getRole(e);
    if (role && LIFT_ROLES.has(role)) return e;
  }
  return el;
}

/**
 * The accessible name; for a checkbox that is not rendered but drawn by its
 * label, the label's text, as the snapshot names it (hidden elements have no name).
 */
function nameOf(el: Element): string {
  const name = getName(el);
  if (name || !(el instanceof HTMLInputElement) || el.getClientRects().length) return name;
  const label = Array.from(el.labels ?? []).find((l) => l.getClientRects().length);
  return label ? innerText(label) : '';
}

function walk(el: Element, visit: (el: Element) => void): void {
  visit(el);
  for (const child of composedChildren(el)) if (child.nodeType === Node.ELEMENT_NODE) walk(child as Element, visit);
}

/** The element's text as shown, white space collapsed. */
export function innerText(el: Element): string {
  return normalize((el as HTMLElement).innerText ?? el.textContent ?? '');
}
