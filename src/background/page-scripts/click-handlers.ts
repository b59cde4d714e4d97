import type { ClickHandlerTrackerConfig } from '../../shared/page-trackers.ts';

/**
 * Click handlers that page script sets (addEventListener('click'), el.onclick
 * = fn, and React's onClick, which sets `onclick` on its element) live in the
 * page's JavaScript world, where the content script cannot see them. This
 * tracker runs in that world, in agent tabs only (installed through CDP
 * before any page script, see install.ts), and tells the content script which
 * elements have one, so a clickable <div> without cursor:pointer or tabindex
 * still gets a ref.
 *
 * The channel is DOM events, the only thing both worlds share: on `collect`
 * the tracker dispatches `mark` on each element it has not reported yet (or
 * on all, when asked), and the content script's capture listener reads the
 * target. Nothing is written into the page's DOM.
 *
 * `trackClickHandlers` is sent as source text: it must not refer to anything
 * outside itself (types aside).
 */
export function trackClickHandlers(config: ClickHandlerTrackerConfig): void {
  const key = Symbol.for(config.key);
  const global = window as unknown as Record<symbol, ((el: unknown) => void) | undefined>;
  if (global[key]) return; // once per document (runImmediately and a re-attach both run it again)

  const POINTER_EVENTS = new Set<string>(config.pointerEvents);
  const HOVER_EVENTS = new Set<string>(config.hoverEvents);
  const seen = new WeakSet<Element>();
  // Drop targets (a board's column) are reported as such: one stays a target with cards in it.
  const dropTargets = new WeakSet<Element>();
  // Elements with handlers for the pointer arriving only, reported as hover targets (until one for a press comes).
  const hoverOnly = new WeakSet<Element>();
  // WeakRefs: the tracker must never keep removed elements alive.
  let all: WeakRef<Element>[] = [];
  let unreported: WeakRef<Element>[] = [];

  // React listens for every event, drop and mouseover too, on its root (marked `_reactListening<random>`): delegation, not a target.
  const reactRoot = (target: Element) => Object.keys(target).some((k) => k.startsWith('_reactListening'));
  const note = (target: unknown, type?: string) => {
    if (!(target instanceof Element)) return;
    const hover = type !== undefined && HOVER_EVENTS.has(type);
    const drop = type === 'drop' && !dropTargets.has(target) && !reactRoot(target);
    // Known for the pointer arriving only, and now pressed too: reported again, as clickable.
    const pressed = !hover && hoverOnly.has(target);
    if (seen.has(target) && !drop && !pressed) return;
    // Handlers on <html> and <body> serve the whole page (event delegation), not one element.
    if (target === document.documentElement || target === document.body) return;
    if (hover && reactRoot(target)) return;
    if (hover) hoverOnly.add(target);
    else hoverOnly.delete(target);
    if (drop) dropTargets.add(target);
    const ref = new WeakRef(target);
    if (!seen.has(target)) all.push(ref);
    seen.add(target);
    unreported.push(ref);
  };
  // How the worker hands over handlers set before the tracker arrived (earlier-handlers.ts).
  global[key] = note;

  const addEventListener = EventTarget.prototype.addEventListener;
  // Rest parameters keep `length` at 2, as the native function's.
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, ...rest: [(boolean | AddEventListenerOptions)?]) {
    if (listener && (POINTER_EVENTS.has(type) || HOVER_EVENTS.has(type))) note(this, type);
    return addEventListener.call(this, type, listener, ...rest);
  };
  // The on<type> properties too (el.ondblclick = fn: a to-do list's label, edited on a double click).
  for (const proto of [HTMLElement.prototype, SVGElement.prototype]) {
    for (const type of [...POINTER_EVENTS, ...HOVER_EVENTS]) {
      const name = `on${type}`;
      const property = Object.getOwnPropertyDescriptor(proto, name);
      if (!property?.set || !property.get) continue;
      const { get, set } = property;
      Object.defineProperty(proto, name, {
        ...property,
        get,
        set(this: Element, value: unknown) {
          if (value) note(this, type);
          set.call(this, value);
        },
      });
    }
  }

  // Elements inside a closed shadow root would be reported as their host (events are retargeted): leave them out.
  const inClosedShadowRoot = (el: Element) => {
    for (let root = el.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
      if (root.mode === 'closed') return true;
    }
    return false;
  };

  /** Reports the connected elements; returns those still alive but not in the document yet. */
  const report = (refs: WeakRef<Element>[]) => {
    const later: WeakRef<Element>[] = [];
    for (const ref of refs) {
      const el = ref.deref();
      if (!el) continue;
      if (!el.isConnected) later.push(ref);
      else if (!inClosedShadowRoot(el)) el.dispatchEvent(new CustomEvent(config.mark, { composed: true, detail: dropTargets.has(el) ? 'drop' : hoverOnly.has(el) ? 'hover' : null }));
    }
    return later;
  };

  // Shadow roots come only from these calls, or from the parser while the
  // document loads. While their count stays the same, the content script may
  // keep its "no shadow root here" answers from one snapshot to the next
  // (src/content/snapshot/dom.ts), sparing an extension-API call per element.
  // Only a tracker that ran before any page script can vouch for every call:
  // a script that ran earlier may hold the original function.
  let shadowCalls = 0;
  const vouches = document.readyState === 'loading' && document.scripts.length === 0;
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    shadowCalls++;
    return attachShadow.call(this, init);
  };
  // Markup parsed with its declarative shadow roots (`<template shadowrootmode>`): an element's or a
  // shadow root's setHTMLUnsafe (and the setHTML and stream… kin), a document made by
  // Document.parseHTMLUnsafe (whose nodes can be moved in), and document.write, which feeds the page's parser.
  type Owner = Record<string, unknown>;
  const parsing = (owner: object) => Object.getOwnPropertyNames(owner).filter((name) => /^(set|stream|parse)HTML/.test(name)).map((name): [Owner, string] => [owner as Owner, name]);
  const parsesRoots: [Owner, string][] = [
    ...parsing(Element.prototype),
    ...parsing(ShadowRoot.prototype),
    ...parsing(Document),
    [Document.prototype as unknown as Owner, 'write'],
    [Document.prototype as unknown as Owner, 'writeln'],
  ];
  for (const [owner, name] of parsesRoots) {
    const property = Object.getOwnPropertyDescriptor(owner, name);
    const original = property?.value as ((...args: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    Object.defineProperty(owner, name, {
      ...property,
      value: function (this: unknown, ...args: unknown[]) {
        shadowCalls++;
        return original.apply(this, args);
      },
    });
  }

  // React listens on its root for every element and keeps each element's handlers in a property
  // named `__reactProps$<random>`; only onClick leaves a trace the above sees (an `onclick`). So the
  // handlers of the pointer events above (onDoubleClick on a TodoMVC label, onMouseDown on a menu
  // item) are read from there: the key is found once on a few elements, then read on each.
  const REACT_PROPS: Record<string, string> = {
    click: 'onClick', dblclick: 'onDoubleClick', auxclick: 'onAuxClick', mousedown: 'onMouseDown', mouseup: 'onMouseUp',
    pointerdown: 'onPointerDown', pointerup: 'onPointerUp', touchstart: 'onTouchStart', touchend: 'onTouchEnd', dragstart: 'onDragStart', drop: 'onDrop',
    mouseenter: 'onMouseEnter', mouseover: 'onMouseOver', pointerenter: 'onPointerEnter', pointerover: 'onPointerOver',
  };
  const reactProps = [...POINTER_EVENTS].map((type) => REACT_PROPS[type]).filter(Boolean);
  const reactHoverProps = [...HOVER_EVENTS].map((type) => REACT_PROPS[type]).filter(Boolean);
  let reactKey: string | undefined;
  const noteReactHandlers = () => {
    const elements = document.body?.getElementsByTagName('*');
    if (!elements) return;
    // Most elements of a React page carry the key; a page without React pays for a few looks.
    for (let i = 0; !reactKey && i < Math.min(elements.length, 200); i++) reactKey = Object.keys(elements[i]).find((k) => k.startsWith('__reactProps$'));
    if (!reactKey) return;
    for (let i = 0; i < elements.length; i++) {
      const props = (elements[i] as unknown as Record<string, Record<string, unknown> | undefined>)[reactKey];
      if (!props) continue;
      if (reactProps.some((name) => typeof props[name] === 'function')) note(elements[i], typeof props.onDrop === 'function' ? 'drop' : undefined);
      else if (reactHoverProps.some((name) => typeof props[name] === 'function')) note(elements[i], 'mouseenter');
    }
  };

  const collect = (event: Event) => {
    noteReactHandlers();
    all = all.filter((ref) => ref.deref() !== undefined);
    // A content script that just started (page load, extension reload) knows nothing yet and asks for all.
    const everything = (event as CustomEvent).detail === 'all';
    const pending = report(everything ? all : unreported);
    unreported = pending;
    document.dispatchEvent(new CustomEvent(config.shadowCalls, { detail: vouches ? shadowCalls : -1 }));
  };
  const listen = () => addEventListener.call(document, config.collect, collect);
  listen();
  // document.open() (an editor writing its iframe) erases the document's listeners but keeps its
  // mutation observers: listen again when it replaces the root (adding it twice does nothing).
  new MutationObserver(listen).observe(document, { childList: true });
}

/** The tracker as a script for Page.addScriptToEvaluateOnNewDocument. */
export function clickHandlerTrackerSource(config: ClickHandlerTrackerConfig): string {
  // Bundlers that keep function names (esbuild keepNames, as tsx uses) call a module-level
  // __name() inside the function's text; give it one, or the script throws in the page.
  return `(() => { const __name = (f) => f; (${trackClickHandlers.toString()})(${JSON.stringify(config)}); })();`;
}
