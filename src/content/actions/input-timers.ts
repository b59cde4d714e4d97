/**
 * Waiting for what typing set off later: the timers the page set in its input
 * handlers (a search box's debounce), as the page-world tracker reports them
 * (src/background/page-scripts/input-timers.ts). Without the tracker (a tab
 * the agent does not control) there is no answer and nothing is waited for.
 */
import { INPUT_TIMER_TRACKER, type TimerKind } from '../../shared/page-trackers.ts';
import { nextFrame } from './motion.ts';

/**
 * Until the tracked timers have run (and those they set again), at most
 * `maxMs`; how long that took, and whether a tracker answered at all.
 */
export async function afterInputTimers(maxMs: number, kind?: TimerKind): Promise<{ waitedMs: number; tracked: boolean; requestedMsAgo?: number }> {
  const start = performance.now();
  // A scroll's events are dispatched as the next frame is drawn, before its animation callbacks: not yet run.
  if (kind === 'scroll') await nextFrame();
  const tracked = dueIn(kind) >= 0;
  for (;;) {
    const due = dueIn(kind);
    const left = maxMs - (performance.now() - start);
    if (due <= 0 || left <= 0) break;
    // A little past the due time: the timer's own task runs first.
    await new Promise((resolve) => setTimeout(resolve, Math.min(due + 5, left)));
  }
  // How long ago the page last started a fetch or XHR, which the timers just run may have done.
  const requested = tracked ? ask('requests') : -1;
  return { waitedMs: Math.round(performance.now() - start), tracked, ...(requested >= 0 ? { requestedMsAgo: requested } : {}) };
}

/** kind: 'click', the timers click handlers set, not a hover's (a tooltip's delay); 'scroll', a scroll handler's; 'drop', a click's and a release's; none, any input's and click's. */
export function dueIn(kind?: TimerKind): number {
  return ask(kind ?? null);
}

/** Asked and answered synchronously through DOM events, the only thing both worlds share; -1: no tracker answered. */
function ask(detail: TimerKind | 'requests' | null): number {
  let answer = -1;
  const listener = (event: Event) => {
    const value = (event as CustomEvent<unknown>).detail;
    if (typeof value === 'number') answer = value;
  };
  document.addEventListener(INPUT_TIMER_TRACKER.answer, listener);
  try {
    document.dispatchEvent(new CustomEvent(INPUT_TIMER_TRACKER.ask, { detail }));
  } finally {
    document.removeEventListener(INPUT_TIMER_TRACKER.answer, listener);
  }
  return answer;
}

/**
 * What a user's choice fires, for a value set through the DOM (a select's choice, a date): input and
 * change, which frameworks listen to (React onChange, Vue v-model). Dispatched as the agent's input:
 * the tracker then counts the timers their handlers set, as for trusted input.
 */
export function dispatchInputAndChange(el: Element): void {
  const doc = el.ownerDocument;
  doc.dispatchEvent(new CustomEvent(INPUT_TIMER_TRACKER.ours, { detail: true }));
  try {
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } finally {
    doc.dispatchEvent(new CustomEvent(INPUT_TIMER_TRACKER.ours, { detail: false }));
  }
}
