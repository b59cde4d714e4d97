/**
 * Shadow-DOM-aware tree helpers and the per-pass caches of the snapshot engine.
 *
 * A "pass" is one call of `withStyleCache(fn)`: the DOM is assumed not to
 * change while `fn` runs, so computed styles, hidden-ness, label indexes and
 * names may be memoised. Outside a pass nothing is cached, so single calls
 * from tests or actions always see the live DOM.
 */

type PseudoElement = '::before' | '::after';

// Namespace checks instead of instanceof: elements of another frame have
// another realm's HTMLElement.
const HTML_NS = 'http://www.w3.org/1999/xhtml';
export const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * The element's tag name when it is an HTML element, else ''. Cheaper than a row of instanceof tests,
 * each a look-up of the interface in the content script's world, which a snapshot ran for every line
 * it printed; and the same for an element of another realm.
 */
export function htmlTag(el: Element): string {
  return el.namespaceURI === HTML_NS ? el.localName : '';
}

/** Where a link goes: its href, or an SVG link's xlink:href (SVG 1.1, still common in icon sets and charts). */
export function hrefOf(el: Element): string | null {
  return el.getAttribute('href') ?? (el.namespaceURI === SVG_NS ? el.getAttributeNS(XLINK_NS, 'href') : null);
}

let passDepth = 0;

/**
 * What the current pass has learnt about one element. One record per element
 * (instead of a map per fact) keeps the per-element cost at one map lookup,
 * which matters on 50,000-element pages. `undefined` = not computed yet.
 */
export class ElementFacts {
  style: CSSStyleDeclaration | undefined = undefined;
  beforeStyle: CSSStyleDeclaration | undefined = undefined;
  afterStyle: CSSStyleDeclaration | undefined = undefined;
  shadowRoot: ShadowRoot | null | undefined = undefined;
  /** Excluded from the accessibility tree (visibility.ts). */
  hidden: boolean | undefined = undefined;
  /** Hidden with everything below it (display:none, aria-hidden, inert …). */
  subtreeHidden: boolean | undefined = undefined;
  /** All of its children are hidden (the above, or content-visibility:hidden). */
  contentsHidden: boolean | undefined = undefined;
  role: string | undefined = undefined;
  name: string | undefined = undefined;
  description: string | undefined = undefined;
  before: string | undefined = undefined;
  after: string | undefined = undefined;
}

let facts: Map<Element, ElementFacts> | null = null;
// The record asked for last: the walk asks for an element's a few times in a row (its style, its role,
// what it hides), and a map lookup each time was a few per cent of a big page's snapshot.
let lastElement: Element | null = null;
let lastRecord: ElementFacts | null = null;

/** The element's record for the current pass, or null outside a pass (compute, don't memoise). */
export function factsOf(el: Element): ElementFacts | null {
  if (!facts) return null;
  if (el === lastElement) return lastRecord;
  let record = facts.get(el);
  if (!record) {
    record = new ElementFacts();
    facts.set(el, record);
  }
  lastElement = el;
  lastRecord = record;
  return record;
}

const passCaches: PassCache<unknown, unknown>[] = [];

/**
 * A map that exists only during a pass. `get()` returns null outside a pass,
 * so callers compute without memoising. All pass caches are dropped when the
 * outermost pass ends, so no element is kept alive between snapshots.
 */
export class PassCache<K, V> {
  private map: Map<K, V> | null = null;

  constructor() {
    passCaches.push(this as PassCache<unknown, unknown>);
  }

  get(): Map<K, V> | null {
    if (passDepth === 0) return null;
    if (!this.map) this.map = new Map();
    return this.map;
  }

  clear(): void {
    this.map = null;
  }
}

/**
 * Runs `fn` as one snapshot pass: computed styles, hidden-ness, roles, names
 * and the label/pseudo-element indexes are memoised until it returns, so the
 * DOM must not change meanwhile. Nested calls join the outer pass.
 */
export function withStyleCache<T>(fn: () => T): T {
  if (passDepth++ === 0) {
    facts = new Map();
    lastElement = lastRecord = null;
  }
  try {
    return fn();
  } finally {
    if (--passDepth === 0) {
      facts = null;
      lastElement = lastRecord = null;
      shadowlessInPass = null;
      noClosedRootsInPass = false;
      for (const cache of passCaches) cache.clear();
    }
  }
}

/** True while a `withStyleCache` pass runs. */
export function inPass(): boolean {
  return passDepth > 0;
}

function computeStyle(el: Element, pseudo?: PseudoElement): CSSStyleDeclaration {
  // Elements of another same-origin frame must use that frame's window.
  const view = el.ownerDocument.defaultView ?? window;
  return view.getComputedStyle(el, pseudo);
}

/** Computed style of the element or one of its pseudo-elements; memoised per element during a pass. */
export function getStyle(el: Element, pseudo?: PseudoElement): CSSStyleDeclaration {
  const record = factsOf(el);
  if (!record) return computeStyle(el, pseudo);
  if (!pseudo) return (record.style ??= computeStyle(el));
  if (pseudo === '::before') return (record.beforeStyle ??= computeStyle(el, pseudo));
  return (record.afterStyle ??= computeStyle(el, pseudo));
}

interface ChromeDomApi {
  openOrClosedShadowRoot?: (element: HTMLElement) => ShadowRoot | null;
}

function chromeDom(): ChromeDomApi | undefined {
  // Content scripts have chrome.dom; plain pages (tests) have a `chrome`
  // object without it.
  return (globalThis as { chrome?: { dom?: ChromeDomApi } }).chrome?.dom;
}

// Only these elements (and valid custom elements) may call attachShadow():
// https://dom.spec.whatwg.org/#dom-element-attachshadow. Checking the name
// first spares an extension-API call per element on large pages.
const kShadowHostNames = new Set([
  'article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'main', 'nav', 'p', 'section', 'span',
]);

// Elements of this document known to have no shadow root, kept from one
// snapshot to the next while the page tracker's count of shadow-root calls
// stays the same: an element gets a shadow root only through such a call
// (or from the parser, so never while the document loads). Active only
// inside a snapshot pass that checked the count; weak, as removed elements go.
let shadowless = new WeakSet<Element>();
let shadowlessSince: number | null = null;
let shadowlessInPass: WeakSet<Element> | null = null;
// No element of this document has a closed shadow root: nothing attached one, and its HTML declared none.
let noClosedRootsInPass = false;

/**
 * Starts using the answers kept since `calls` (the tracker's count; null: no tracker that can tell).
 * undeclaredRoots: the document's HTML declares no shadow root (the service worker read it); with no
 * call either, not even the first snapshot of the document has to ask about each element.
 */
export function trustShadowlessSince(calls: number | null, doc: Document, undeclaredRoots = false): void {
  const usable = calls !== null && doc === document && doc.readyState !== 'loading';
  if (!usable || calls !== shadowlessSince) shadowless = new WeakSet();
  shadowlessSince = usable ? calls : null;
  shadowlessInPass = usable && passDepth > 0 ? shadowless : null;
  noClosedRootsInPass = usable && passDepth > 0 && calls === 0 && undeclaredRoots;
}

// Shadow roots met so far (weakly): what is in them can be looked up without walking the whole page.
const metRoots = new WeakSet<ShadowRoot>();
let rootsMet: WeakRef<ShadowRoot>[] = [];
// A page that keeps making and dropping components leaves dead refs behind: they are swept as the list doubles.
let sweepAt = 1000;

function meet(root: ShadowRoot): ShadowRoot {
  if (metRoots.has(root)) return root;
  metRoots.add(root);
  rootsMet.push(new WeakRef(root));
  if (rootsMet.length >= sweepAt) {
    rootsMet = rootsMet.filter((ref) => ref.deref());
    sweepAt = Math.max(1000, 2 * rootsMet.length);
  }
  return root;
}

/** The shadow roots in the page that a snapshot or search went through (a web component's dialog is in one). */
export function shadowRootsMet(): ShadowRoot[] {
  return rootsMet.flatMap((ref) => {
    const root = ref.deref();
    return root?.host.isConnected ? [root] : [];
  });
}

export function shadowRootOf(el: Element): ShadowRoot | null {
  const open = el.shadowRoot;
  if (open) return meet(open);
  // Nothing can have given this document's elements a closed one (trustShadowlessSince). A pass walks
  // only its own document, so the element's is not asked for: on a big page that lookup was a tenth of the walk.
  if (noClosedRootsInPass) return null;
  const api = chromeDom();
  if (!api?.openOrClosedShadowRoot || el.namespaceURI !== HTML_NS) return null;
  const name = el.localName;
  if (!kShadowHostNames.has(name) && !name.includes('-')) return null;
  // The extension API call costs far more than a map lookup; the walker and
  // the hidden-ancestor check both ask for the same hosts.
  const record = factsOf(el);
  if (record && record.shadowRoot !== undefined) return record.shadowRoot;
  const known = shadowlessInPass !== null && el.ownerDocument === document;
  if (known && shadowlessInPass!.has(el)) return null;
  let root: ShadowRoot | null = null;
  try {
    root = api.openOrClosedShadowRoot(el as HTMLElement) ?? null;
  } catch {
    root = null;
  }
  if (record) record.shadowRoot = root;
  if (known && !root) shadowlessInPass!.add(el);
  return root && meet(root);
}

/** elementFromPoint, descending through shadow roots (closed ones too, in a content script) to the innermost element. */
export function deepElementFromPoint(x: number, y: number, doc: Document = document): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let root = hit && shadowRootOf(hit); hit && root; root = shadowRootOf(hit)) {
    const inner = root.elementFromPoint(x, y);
    if (!inner || inner === hit) {
      // The host's own text, shown through a slot (a web component's label: <sl-button>Save</sl-button>),
      // is hit where that slot draws it: inside the shadow tree's <button>, not on the host.
      const text = doc.caretPositionFromPoint?.(x, y)?.offsetNode;
      const slot = text?.nodeType === Node.TEXT_NODE && text.parentNode === hit ? composedParent(text) : null;
      return slot && slot !== hit ? slot : hit;
    }
    hit = inner;
  }
  return hit;
}

/** The focused element, looking inside shadow roots (closed ones too) to the innermost. */
export function deepActiveElement(doc: Document = document): Element | null {
  let focused = doc.activeElement;
  for (let root = focused && shadowRootOf(focused); focused && root; root = shadowRootOf(focused)) {
    const inner = root.activeElement;
    if (!inner || inner === focused) break;
    focused = inner;
  }
  return focused;
}

function isSlot(node: Node): node is HTMLSlotElement {
  return (node as Element).localName === 'slot' && (node as Element).namespaceURI === HTML_NS;
}

/** Children in composed (rendered) order: shadow content of a host, assigned nodes of a slot. */
export function composedChildren(node: Node): Node[] {
  if (node.nodeType === Node.ELEMENT_NODE) {
    const root = shadowRootOf(node as Element);
    if (root) return Array.from(root.childNodes);
    if (isSlot(node)) {
      const assigned = node.assignedNodes();
      if (assigned.length) return assigned;
    }
  }
  return Array.from(node.childNodes);
}

/**
 * The descendants matching `match` (a selector or a test) in composed order: also inside shadow
 * roots and what slots show (a web component's listbox slots its options in).
 */
export function composedQuery(root: Node, match: string | ((el: Element) => boolean)): Element[] {
  const found: Element[] = [];
  const test = typeof match === 'string' ? (el: Element) => el.matches(match) : match;
  const stack = composedChildren(root).reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    if (test(node as Element)) found.push(node as Element);
    // Not spread into push(): a list of 100,000 options would overflow the stack (as a snapshot's lines did).
    const kids = composedChildren(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return found;
}

/** The slot a node of a closed shadow tree's host is assigned to (assignedSlot hides it). */
function slotInClosedRoot(node: Node, root: ShadowRoot): HTMLSlotElement | null {
  for (const slot of root.querySelectorAll('slot')) {
    if (slot.assignedNodes().includes(node as ChildNode)) return slot;
  }
  return null;
}

/** Parent in the composed tree: the slot for slotted nodes, the host for shadow-root children. */
export function composedParent(el: Node): Element | null {
  const slot = (el as Element | Text).assignedSlot;
  if (slot) return slot;
  const parent = el.parentNode;
  if (!parent) return null;
  if (parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return (parent as ShadowRoot).host ?? null;
  if (parent.nodeType !== Node.ELEMENT_NODE) return null;
  const parentEl = parent as Element;
  // A child of a host that has a closed root: find its slot, if any.
  if (!parentEl.shadowRoot) {
    const root = shadowRootOf(parentEl);
    if (root) return slotInClosedRoot(el, root) ?? parentEl;
  }
  return parentEl;
}

/** id lookup in the element's own tree scope (document or shadow root), as IDREFs resolve. */
export function getElementByIdInScope(el: Element, id: string): Element | null {
  const root = el.getRootNode() as Node & { getElementById?: (id: string) => Element | null };
  if (typeof root.getElementById === 'function') return root.getElementById(id);
  return null;
}

/** Elements referenced by an IDREF list attribute (aria-labelledby …), first match per id, no duplicates. */
const kNoElements: readonly Element[] = Object.freeze([]);

export function getIdRefs(el: Element, attr: string): readonly Element[] {
  const value = el.getAttribute(attr);
  // Most elements have no such attribute: no allocation for them.
  if (!value) return kNoElements;
  const result: Element[] = [];
  for (const id of value.split(/\s+/)) {
    if (!id) continue;
    const target = getElementByIdInScope(el, id);
    if (target && !result.includes(target)) result.push(target);
  }
  return result;
}

/** Every match of `selector` in the document and in every shadow root (light DOM first). */
export function queryDeep<E extends Element = Element>(selector: string): E[] {
  return [...document.querySelectorAll<E>(selector), ...(queryShadowRoots(document, selector) as E[])];
}

// Selectors do not cross shadow boundaries, so each root is queried on its own.
export function queryShadowRoots(root: Document | ShadowRoot, selector: string): Element[] {
  const found: Element[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const shadow = shadowRootOf(node as Element);
    if (!shadow) continue;
    // Pushed one by one: spread into push(), 100,000 matches would overflow the stack.
    for (const el of shadow.querySelectorAll(selector)) found.push(el);
    for (const el of queryShadowRoots(shadow, selector)) found.push(el);
  }
  return found;
}
