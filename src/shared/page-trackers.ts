/**
 * What the page-world trackers (src/background/page-scripts/, installed by the
 * service worker in agent tabs) and the content script agree on: the DOM events
 * between them and where each keeps itself on the page's window. The page sees
 * these names; nothing secret goes through them.
 */

/**
 * DOM event names between the page-world click-handler tracker (installed by
 * the service worker in agent tabs, src/background/page-scripts/) and the
 * content script: `collect` asks the tracker to report, `mark` is dispatched
 * on each element that got a click handler from page script, and
 * `shadowCalls` on the document last, with how many shadow roots page
 * script may have attached so far (-1: the tracker cannot tell).
 */
export const CLICK_HANDLER_EVENTS = {
  collect: 'llm-browser-agent:collect-click-handlers',
  mark: 'llm-browser-agent:click-handler',
  shadowCalls: 'llm-browser-agent:shadow-root-calls',
} as const;

/**
 * The tracker's own settings: where it keeps itself on the page's window
 * (`Symbol.for(key)`, also how the worker hands it handlers set before it
 * arrived), and which listener types make an element clickable.
 */
export const CLICK_HANDLER_TRACKER = {
  ...CLICK_HANDLER_EVENTS,
  key: 'llm-browser-agent.click-handlers',
  // Drag sources and drop targets too: browser_drag needs a ref at each end.
  pointerEvents: ['click', 'dblclick', 'auxclick', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'dragstart', 'drop'],
  // What the pointer arriving sets off: a tooltip, a row's actions shown on hover. browser_hover needs a ref there.
  hoverEvents: ['mouseenter', 'mouseover', 'pointerenter', 'pointerover'],
} as const;

export type ClickHandlerTrackerConfig = typeof CLICK_HANDLER_TRACKER;

/**
 * Which of the timers input set off (page-scripts/input-timers.ts): a click's, a scroll's, a drop's (a click's and
 * those of the release that ends a drag); none said, those of any input but a scroll and a release.
 */
export type TimerKind = 'click' | 'scroll' | 'drop';

/**
 * The page-world tracker of timers set in input handlers (a debounce), installed
 * with the click-handler tracker: `ask` on the document is answered at once with
 * `answer`, whose detail is how many ms until the last such timer is due (0: none).
 * Timers longer than maxMs (an autosave, a session timeout) are not counted.
 */
export const INPUT_TIMER_TRACKER = {
  key: 'llm-browser-agent.input-timers',
  ask: 'llm-browser-agent:ask-input-timers',
  answer: 'llm-browser-agent:input-timers',
  /** Dispatched on the document with detail true before the events of a value set through the DOM, false after. */
  ours: 'llm-browser-agent:our-input',
  maxMs: 1000,
  /** A click's: a double click is told from a single one within 500 ms; longer is a label's way back ("Copied!"). */
  clickMaxMs: 500,
} as const;

export type InputTimerTrackerConfig = typeof INPUT_TIMER_TRACKER;

/**
 * The page-world tracker of ARIA that custom elements set through
 * ElementInternals (`internals.role = 'radio'`, `internals.ariaChecked`, as
 * Material Web does), which only the element's own code can read: on `ask` on
 * the document it dispatches `report` on each such element, its detail the
 * ARIA attributes the internals hold, as JSON (`{"role":"radio","aria-checked":"true"}`).
 */
export const INTERNALS_TRACKER = {
  key: 'llm-browser-agent.internals',
  ask: 'llm-browser-agent:ask-internals',
  report: 'llm-browser-agent:internals',
  /** ElementInternals property → the attribute it stands for. */
  properties: {
    role: 'role', ariaLabel: 'aria-label', ariaChecked: 'aria-checked', ariaSelected: 'aria-selected', ariaExpanded: 'aria-expanded',
    ariaDisabled: 'aria-disabled', ariaPressed: 'aria-pressed', ariaLevel: 'aria-level', ariaValueNow: 'aria-valuenow',
    ariaValueText: 'aria-valuetext', ariaRequired: 'aria-required', ariaHidden: 'aria-hidden',
  },
} as const;

export type InternalsTrackerConfig = typeof INTERNALS_TRACKER;
