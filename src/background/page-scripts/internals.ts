import type { InternalsTrackerConfig } from '../../shared/page-trackers.ts';

/**
 * ARIA a custom element sets through ElementInternals (`internals.role`,
 * `internals.ariaChecked`: Material Web's md-radio, md-tab, md-select-option)
 * gives it no attribute: only the element's own code holds the internals, so
 * the content script saw a nameless generic. This tracker, in the page's own
 * world of agent tabs (installed through CDP before any page script, see
 * install.ts), keeps each element's internals as they are attached and, when
 * the content script asks, reports what they say, element by element, as DOM
 * events: the only thing both worlds share. Nothing is written into the page.
 *
 * `trackInternals` is sent as source text: it must not refer to anything
 * outside itself (types aside).
 */
export function trackInternals(config: InternalsTrackerConfig): void {
  const key = Symbol.for(config.key);
  const global = window as unknown as Record<symbol, boolean | undefined>;
  if (global[key] || typeof HTMLElement.prototype.attachInternals !== 'function') return;
  global[key] = true;

  // WeakRefs: the tracker must never keep removed elements alive.
  let attached: { element: WeakRef<HTMLElement>; internals: ElementInternals }[] = [];
  const attachInternals = HTMLElement.prototype.attachInternals;
  HTMLElement.prototype.attachInternals = function (this: HTMLElement) {
    const internals = attachInternals.call(this);
    attached.push({ element: new WeakRef(this), internals });
    return internals;
  };

  const properties = Object.entries(config.properties) as [keyof ElementInternals, string][];
  const report = () => {
    attached = attached.filter(({ element }) => element.deref() !== undefined);
    for (const { element, internals } of attached) {
      const el = element.deref();
      if (!el?.isConnected) continue;
      // From a closed shadow root the event reaches the content script retargeted to the host: it would be taken for the host's.
      const root = el.getRootNode();
      if (root instanceof ShadowRoot && root.mode === 'closed') continue;
      const aria: Record<string, string> = {};
      for (const [property, attribute] of properties) {
        const value = internals[property];
        if (typeof value === 'string') aria[attribute] = value;
      }
      // Composed: the content script listens on the window, also for elements inside shadow roots.
      el.dispatchEvent(new CustomEvent(config.report, { detail: JSON.stringify(aria), composed: true }));
    }
  };
  const listen = () => document.addEventListener(config.ask, report);
  listen();
  // See the click-handler tracker: document.open() erases this listener, a root replaced brings it back.
  new MutationObserver(listen).observe(document, { childList: true });
}

/** The tracker as a script for Page.addScriptToEvaluateOnNewDocument. */
export function internalsTrackerSource(config: InternalsTrackerConfig): string {
  // See clickHandlerTrackerSource: a bundler's __name() must resolve inside the page.
  return `(() => { const __name = (f) => f; (${trackInternals.toString()})(${JSON.stringify(config)}); })();`;
}
