/**
 * A wait that outlives the page it started on. "Wait for the dashboard" right
 * after a sign-in click is the common case: the page shows a spinner, then
 * navigates, and what is awaited appears on the next page. The content script
 * waiting in the old page goes with it; the wait carries on in the new one,
 * until the deadline, as Playwright's waits do.
 */
import { AgentError } from '../../shared/errors.ts';
import { sleep } from '../timing.ts';

/** Between the old document going and asking the new one (its content script comes once it is parsed). */
const RETRY_MS = 50;

/**
 * Runs `ask` with the time left, again each time the tab's page was replaced
 * meanwhile (NAV_ABORTED), or the next page is still too early to answer
 * (loading, its content script not there yet); `waitedMs` is the time spent
 * on the pages before (0 on the first). Anything else, and a wait that ran
 * out, is `ask`'s own answer.
 */
export async function throughNavigations<T>(tabId: number, deadline: number, signal: AbortSignal, ask: (timeoutMs: number, waitedMs: number) => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask(Math.max(100, deadline - Date.now()), attempt ? Date.now() - started : 0);
    } catch (error) {
      if (!(error instanceof AgentError) || signal.aborted || Date.now() >= deadline) throw error;
      const replaced = error.code === 'NAV_ABORTED';
      const early = error.code === 'CONTENT_SCRIPT_UNAVAILABLE' && (await chrome.tabs.get(tabId).catch(() => null))?.status === 'loading';
      if (!replaced && !early) throw error;
    }
    await sleep(RETRY_MS);
  }
}
