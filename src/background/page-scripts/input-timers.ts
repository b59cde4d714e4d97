import type { InputTimerTrackerConfig } from '../../shared/page-trackers.ts';

/**
 * A search box that fetches as you type waits a moment after the last key
 * (a debounce: setTimeout in its input handler), then asks its server; a
 * tooltip waits a moment after the pointer arrives. So an action returned
 * before what it caused was there, and a snapshot right after showed the old
 * list. This tracker, in the page's own world of agent tabs, notes the timers
 * set while a trusted key, input, pointer-arrival or focus event is handled
 * (and, shorter ones, by a click's handler),
 * and those set by such a timer when it runs (lodash's debounce sets its timer
 * again for the rest of the wait; RxJS uses setInterval), so the worker can
 * wait for them to run and then for the requests they start.
 *
 * `trackInputTimers` is sent as source text: it must not refer to anything
 * outside itself (types aside).
 */
export function trackInputTimers(config: InputTimerTrackerConfig): void {
  const key = Symbol.for(config.key);
  const global = window as unknown as Record<symbol, boolean | undefined>;
  if (global[key]) return; // once per document (runImmediately and a re-attach both run it again)
  global[key] = true;

  // Keys and text, and the pointer arriving or focus (a tooltip that waits before it shows).
  const INPUT_EVENTS = new Set([
    'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'compositionend',
    'mouseover', 'mouseenter', 'mousemove', 'pointerover', 'pointerenter', 'pointermove', 'focus', 'focusin',
  ]);
  // A click's handler may wait a moment before it acts (a single click told from a double one, a
  // debounced Save, a short "loading"). Only timers the handler itself sets, and short ones: what a
  // framework sets while it renders the click's state, in a microtask (React 18 runs effects there,
  // MUI's ripple fades out on a 550 ms timer), and a "Copied!" label's way back are not the click's.
  // So may a router's popstate handler on back and forward, before it draws the view, and a drop's
  // (a board that moves the card, then says so). Not the
  // press and release around a click: there libraries draw its feedback (Vuetify's ripple fades out
  // on 250 + 300 ms of timers its mouseup handler sets, which made every click take 570 ms).
  const CLICK_EVENTS = new Set(['click', 'dblclick', 'auxclick', 'contextmenu', 'popstate', 'hashchange', 'drop', 'dragend']);
  // The release that ends a drag, for a pointer-based library the drop (one that moves the card a moment
  // later, then says so): waited for by a drag alone, as a click's press and release carry its ripples.
  const RELEASE_EVENTS = new Set(['pointerup', 'mouseup', 'touchend']);
  // The browser's scroll events, also of a scroll a script made (ours, through the DOM), are trusted.
  const SCROLL_EVENTS = new Set(['scroll', 'scrollend', 'wheel']);
  // A choice's input and change (a checkbox, a radio, a select, a date or a range) come from a click, or a
  // key that acts as one: their handlers' timers are a click's. A text field's come from typing.
  const TYPED = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);
  const isChoice = (event: Event) => {
    if (event.type !== 'input' && event.type !== 'change') return false;
    const target = event.target;
    if (target instanceof HTMLInputElement) return !TYPED.has(target.type);
    return target instanceof HTMLSelectElement;
  };
  // The extension sets some values through the DOM (a select's choice): the input and change events it then
  // dispatches are untrusted, and are the agent's input all the same. It says when they begin and end.
  let ours = false;
  const onOurs = (event: Event) => void (ours = (event as CustomEvent<unknown>).detail === true);
  // Timer id → when it is due (performance.now()), and whose it is: a click's handler's (a click waits
  // for those only, not for a tooltip's delay its own pointer's arrival set off), a scroll or wheel
  // handler's (an infinite list's debounced load, waited for by a scroll only), a release's (a drag's
  // only), or other input's.
  type Kind = 'input' | 'click' | 'scroll' | 'release';
  const pending = new Map<number, { at: number; kind: Kind }>();
  // Inside the callback of a timer we track, its place in the chain: what it sets again is the same
  // wait, a few times over (a debounce re-arms once or twice), but not a loop the input started.
  // A timer that keys came during is set again for the wait from the last key (lodash's debounce):
  // that starts the chain afresh, as slow typing (a delay, a page slow to handle each key) re-arms it
  // once per key or so, and a chain counted from the first key was let go before the last one's wait.
  const MAX_CHAIN = 4;
  type Link = { depth: number; kind: Kind; setAt: number };
  let chain: Link | null = null;
  let inMicrotask = 0;
  let typedAt = -1;
  for (const type of ['keydown', 'beforeinput', 'input', 'compositionend']) {
    window.addEventListener(type, (event) => void (event.isTrusted && (typedAt = performance.now())), { capture: true, passive: true });
  }
  const chainOf = (ms: number): Link | null => {
    const setAt = performance.now();
    if (chain) {
      const depth = chain.setAt < typedAt ? 1 : chain.depth + 1;
      return depth <= MAX_CHAIN ? { depth, kind: chain.kind, setAt } : null;
    }
    const event = (window as unknown as { event?: Event }).event;
    if (!event || !(event.isTrusted || ours)) return null;
    if (SCROLL_EVENTS.has(event.type)) return { depth: 1, kind: 'scroll', setAt };
    const clickLike = CLICK_EVENTS.has(event.type) || isChoice(event);
    if (INPUT_EVENTS.has(event.type) && !clickLike) return { depth: 1, kind: 'input', setAt };
    const kind = clickLike ? 'click' : RELEASE_EVENTS.has(event.type) ? 'release' : null;
    return kind && !inMicrotask && ms <= config.clickMaxMs ? { depth: 1, kind, setAt } : null;
  };
  const queueMicrotask = window.queueMicrotask;
  window.queueMicrotask = function (this: unknown, callback: VoidFunction) {
    if (typeof callback !== 'function') return queueMicrotask.call(window, callback);
    return queueMicrotask.call(window, () => {
      inMicrotask++;
      try {
        callback();
      } finally {
        inMicrotask--;
      }
    });
  };

  type Schedule = (handler: TimerHandler, delay?: number, ...args: unknown[]) => number;
  const wrap = (name: 'setTimeout' | 'setInterval', clearName: 'clearTimeout' | 'clearInterval') => {
    const schedule = window[name] as Schedule;
    const clear = window[clearName] as (id?: number) => void;
    (window as unknown as Record<string, Schedule>)[name] = function (this: unknown, handler: TimerHandler, delay?: number, ...args: unknown[]) {
      const ms = Number(delay) || 0;
      const link = typeof handler === 'function' && ms <= config.maxMs ? chainOf(ms) : null;
      if (!link) return schedule.call(window, handler, delay, ...args);
      let id = 0;
      const run = function (this: unknown, ...callArgs: unknown[]) {
        // An interval counts until its first run (RxJS clears it then).
        pending.delete(id);
        const outer = chain;
        chain = link;
        try {
          return (handler as (...a: unknown[]) => unknown).apply(this, callArgs);
        } finally {
          chain = outer;
        }
      };
      id = schedule.call(window, run, delay, ...args);
      pending.set(id, { at: performance.now() + ms, kind: link.kind });
      return id;
    };
    (window as unknown as Record<string, (id?: number) => void>)[clearName] = function (this: unknown, id?: number) {
      if (id !== undefined) pending.delete(id);
      return clear.call(window, id);
    };
  };
  wrap('setTimeout', 'clearTimeout');
  wrap('setInterval', 'clearInterval');

  // When the page last asked its server for something (fetch, XHR): a router that fetches its view's
  // data on back or forward has, even before DevTools reports the request, which on a busy machine
  // comes a while later (background/navigation.ts waits for it then, and only then).
  let requestedAt = -1;
  const fetch = window.fetch;
  if (typeof fetch === 'function') {
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      requestedAt = performance.now();
      return fetch.apply(this, args);
    } as typeof fetch;
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    requestedAt = performance.now();
    return send.apply(this, args);
  };

  // Asked with detail 'click': only the timers click handlers set (and what those set again); with
  // 'scroll': only a scroll's; with 'drop': a click's and a release's; with null, those of input and
  // clicks (a scroll's not: the scroll that brings an element into view before a key or a hover is not
  // what they wait for);
  // with 'requests': how long ago the page last started a request (-1: never).
  const answer = (event: Event) => {
    if ((event as CustomEvent<unknown>).detail === 'requests') {
      document.dispatchEvent(new CustomEvent(config.answer, { detail: requestedAt < 0 ? -1 : Math.round(performance.now() - requestedAt) }));
      return;
    }
    const asked = (event as CustomEvent<unknown>).detail;
    const counts = (kind: Kind) => (asked === 'drop' ? kind === 'click' || kind === 'release'
      : asked === 'click' || asked === 'scroll' ? kind === asked : kind === 'input' || kind === 'click');
    const now = performance.now();
    let due = 0;
    // One past its time still counts until it has run: on a busy page a timer's task comes late (a
    // 50 ms focus() ran after the click's report was built, which then named no field to type into).
    for (const { at, kind } of pending.values()) if (counts(kind)) due = Math.max(due, at - now, 1);
    document.dispatchEvent(new CustomEvent(config.answer, { detail: Math.max(0, Math.ceil(due)) }));
  };
  const listen = () => {
    document.addEventListener(config.ask, answer);
    document.addEventListener(config.ours, onOurs);
  };
  listen();
  // See the click-handler tracker: document.open() erases this listener, a root replaced brings it back.
  new MutationObserver(listen).observe(document, { childList: true });
}

/** The tracker as a script for Page.addScriptToEvaluateOnNewDocument. */
export function inputTimerTrackerSource(config: InputTimerTrackerConfig): string {
  // See clickHandlerTrackerSource: a bundler's __name() must resolve inside the page.
  return `(() => { const __name = (f) => f; (${trackInputTimers.toString()})(${JSON.stringify(config)}); })();`;
}
