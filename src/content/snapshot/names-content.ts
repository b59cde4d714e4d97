/**
 * Pieces of the accessible name computation (https://w3c.github.io/accname/)
 * that gather text: name from content (step 2F), embedded controls (step 2C)
 * and the <label>s of a control.
 */
import { PassCache, composedChildren, getIdRefs, getStyle, shadowRootOf } from './dom.ts';
import { pseudoContent } from './names-pseudo.ts';
import { computeRole } from './roles.ts';

/** State of one name computation as it recurses. */
export interface NameContext {
  /** Nodes already used in this computation: each contributes once (accname 2, "visited"). */
  visited: Set<Element>;
  /** Inside an aria-labelledby traversal (2B): labelledby is not followed again. */
  inLabelledBy: boolean;
  inDescribedBy: boolean;
  /** Inside a native <label>, <legend>, <caption>, <figcaption> … traversal. */
  inNativeLabel: boolean;
  /** The node that started the current reference traversal was hidden, so hidden nodes count (2A). */
  includeHidden: boolean;
  /** 'self' for the element being named, 'descendant' below it in name-from-content, 'none' in references. */
  target: 'self' | 'descendant' | 'none';
}

export type TextAlternative = (el: Element, ctx: NameContext) => string;

export function newContext(target: NameContext['target'], visited: Set<Element>, includeHidden: boolean): NameContext {
  return { visited, inLabelledBy: false, inDescribedBy: false, inNativeLabel: false, includeHidden, target };
}

/** Context for the children of the current node: the named element's children are "descendants". */
export function childContext(ctx: NameContext): NameContext {
  return ctx.target === 'self' ? { ...ctx, target: 'descendant' } : ctx;
}

/** Accname "flat string": whitespace runs collapse to one space, then trim. */
export function flatten(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Text of the element's children in composed order (accname 2F.iii), with
 * its ::before/::after. Inline children join without a space; other display
 * types (and <br>) are separated by spaces, as browsers do.
 * `skipOwnText`: the element itself is visibility:hidden, so only its
 * visible descendants count.
 */
export function accumulateContent(el: Element, ctx: NameContext, alt: TextAlternative, skipOwnText = false): string {
  let text = pseudoContent(el, '::before');
  const visit = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!skipOwnText) text += (node as Text).data;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const child = node as Element;
    const token = alt(child, ctx);
    if (child.localName === 'br' || getStyle(child).display !== 'inline') text += ' ' + token + ' ';
    else text += token;
  };
  if (el.shadowRoot || el.localName === 'slot' || shadowRootOf(el)) {
    for (const child of composedChildren(el)) visit(child);
  } else {
    // The common case, without allocating a child array.
    for (let child = el.firstChild; child; child = child.nextSibling) visit(child);
  }
  for (const owned of getIdRefs(el, 'aria-owns')) visit(owned);
  return text + pseudoContent(el, '::after');
}

/** Descendants of `root` plus what it aria-owns, in order. */
function ownedElements(root: Element): Element[] {
  const list = Array.from(root.querySelectorAll('*'));
  for (const ref of getIdRefs(root, 'aria-owns')) {
    list.push(ref);
    for (const el of ref.querySelectorAll('*')) list.push(el);
  }
  return list;
}

/** Selected options of a <select>, or of an ARIA listbox / combobox's listbox; null when there is no listbox. */
function selectedOptionsOf(el: Element, role: string): Element[] | null {
  if (el.localName === 'select') {
    const select = el as HTMLSelectElement;
    const selected = Array.from(select.selectedOptions);
    if (!selected.length && select.options.length) selected.push(select.options[0]);
    return selected;
  }
  const listbox = role === 'combobox' ? ownedElements(el).find((e) => computeRole(e) === 'listbox') : el;
  if (!listbox) return null;
  return ownedElements(listbox).filter((e) => e.getAttribute('aria-selected') === 'true' && computeRole(e) === 'option');
}

/**
 * Value of a control embedded in another element's label (accname 2C,
 * https://w3c.github.io/accname/#comp_embedded_control), or null when the
 * element is not such a control.
 */
export function embeddedControlValue(el: Element, role: string, ctx: NameContext, alt: TextAlternative): string | null {
  switch (role) {
    case 'textbox': case 'searchbox': {
      const name = el.localName;
      if (name === 'input' || name === 'textarea') return (el as HTMLInputElement).value;
      return el.textContent ?? '';
    }
    case 'combobox': case 'listbox': {
      const options = selectedOptionsOf(el, role);
      if (options?.length) return options.map((o) => alt(o, ctx)).join(' ');
      // Not in the spec, but what browsers and WPT expect: an editable
      // combobox shows its value, an ARIA combobox without a listbox its text.
      if (el.localName === 'input') return (el as HTMLInputElement).value;
      return options === null ? el.textContent ?? '' : '';
    }
    case 'progressbar': case 'scrollbar': case 'slider': case 'spinbutton': case 'meter': {
      const valueText = el.getAttribute('aria-valuetext');
      if (valueText !== null) return valueText;
      const valueNow = el.getAttribute('aria-valuenow');
      if (valueNow !== null) return valueNow;
      if (el.localName === 'input') return (el as HTMLInputElement).value;
      return el.getAttribute('value') ?? '';
    }
    case 'menu':
      // A menu inside a label contributes nothing (https://github.com/w3c/accname/issues/67).
      return '';
  }
  return null;
}

type Labelable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement | HTMLOutputElement;

const labelIndex = new PassCache<Node, Map<Element, HTMLLabelElement[]>>();

/**
 * Labels of a form control. `el.labels` rescans the whole tree scope on
 * every first access, which is quadratic over a large form; within a pass we
 * index each root's labels once instead.
 */
export function labelsOf(el: Element): HTMLLabelElement[] {
  // `in` checks the prototype without creating the live NodeList.
  if (!('labels' in el)) return [];
  if (el.localName === 'input' && (el as HTMLInputElement).type === 'hidden') return [];
  const own = labelsFor(el);
  if (own.length) return own;
  // The native control inside a form-associated custom element (Material's md-checkbox): the page's
  // <label> labels the host, which only the page's world knows as labelable; label.control tells.
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? labelsFor(root.host) : [];
}

function labelsFor(el: Element): HTMLLabelElement[] {
  const cache = labelIndex.get();
  if (!cache) {
    if ('labels' in el) return Array.from((el as Labelable).labels ?? []);
    return Array.from((el.getRootNode() as ParentNode).querySelectorAll?.('label') ?? []).filter((label) => label.control === el);
  }
  const root = el.getRootNode();
  let index = cache.get(root);
  if (!index) {
    index = new Map();
    const labels = (root as ParentNode).querySelectorAll?.('label') ?? [];
    for (const label of labels) {
      const control = label.control;
      if (!control) continue;
      const list = index.get(control);
      if (list) list.push(label);
      else index.set(control, [label]);
    }
    cache.set(root, index);
  }
  return index.get(el) ?? [];
}
