/** Waiting on a clock, the one way the worker does it. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Checks `done` every `everyMs` until it holds or `ms` have passed; whether it held. */
export async function pollUntil(done: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> {
  for (let waited = 0; ; waited += everyMs) {
    if (await done()) return true;
    if (waited >= ms) return false;
    await sleep(everyMs);
  }
}

/** `promise`'s value if it settles within `ms`, else `late`; the timer never outlives the race. */
export function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Milliseconds a command may spend waiting, leaving time within its timeout
 * to act and answer: a second, or a quarter of a short timeout (asked to wait
 * 1.5 s, a wait_for waited only 0.5 s).
 */
export function waitBudget(timeoutMs: number): number {
  return Math.max(100, timeoutMs - Math.min(1000, timeoutMs / 4));
}
