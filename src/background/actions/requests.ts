/**
 * The requests an action started: a "Save" that posts, a "Load more" or a
 * route change that fetches. The page shows their result only once they
 * have answered, so the action waits for them (what it caused, not a fixed
 * sleep) and reports them: a snapshot taken right after shows the data,
 * and a failed save is told, not hidden behind "Clicked".
 */
import { onCdpEvent } from '../cdp.ts';
import { repeatedRequests } from '../devtools/network.ts';
import { dedicatedWorkers } from '../devtools/targets.ts';
import { sleep } from '../timing.ts';
import type { StartedRequests } from '../../shared/methods/common.ts';

type Line = StartedRequests['list'][number];

/** Longest wait for them: past it the action reports what still runs (a stream, a slow server) and returns. */
const REQUESTS_WAIT_MS = 3000;
/**
 * Longest wait for another site's: mostly analytics and ads, which a network
 * that blocks them leaves hanging, and no click should wait 3 s for.
 */
const OTHER_SITE_WAIT_MS = 1000;
/**
 * After an answer, the moment in which a request the page starts is taken as
 * chained to it (a user's id, then their posts; a lazy route's script, then its
 * data), and waited for too. A page's own timers start requests at any time:
 * only requests started so soon after an answer, and only so many links deep,
 * so that polling cannot hold the action.
 */
const CHAIN_MS = 50;
const MAX_CHAIN = 3;
/**
 * A request the page started three times in the 5 s before the action is its
 * polling, not the action's doing (an agent's "Refresh" comes seconds apart).
 */
const POLLING_MS = 5000;
const POLLING_TIMES = 3;
/**
 * After its headers, how long a response's body may take. A page that reads
 * only the status (`if (!r.ok)`) never drains the body, and Chromium then
 * never reports the request finished.
 */
const BODY_WAIT_MS = 500;
/**
 * Sooner than that, once the body is all there and the page has not drained
 * it: its data arrived, every byte its Content-Length names (then CHAIN_MS)
 * or, without one, nothing more came for this long. A page that reads the
 * body drains it as it comes, and Chromium reports it finished at once.
 */
const UNREAD_BODY_MS = 150;
/** Lines reported: the page's own requests first, failures first. */
const MAX_LISTED = 3;

// Data the page asked for, and the code a lazy route loads: what the page waits on to show the result.
const WAITED_TYPES = new Set(['Fetch', 'XHR', 'Script']);
// Reported: a script chunk is how, not what.
const REPORTED_TYPES = new Set(['Fetch', 'XHR']);

interface Tracked {
  method: string;
  url: string;
  type: string;
  start: number;
  status?: number;
  statusText?: string;
  failure?: string;
  ms?: number;
  /** Same site as the page (Chromium's isSameSite): the page's own API. */
  sameSite: boolean;
  /** 0: started during the action; n: chained to the answer of one of generation n - 1. */
  generation: number;
  /** performance.now() when its headers came. */
  answeredAt?: number;
  /** Its Content-Length, and the body's bytes that came so far, the last at lastDataAt. */
  length?: number;
  received: number;
  lastDataAt?: number;
  done: boolean;
}

export interface RequestWatch {
  /**
   * Waits (≤ 3 s) until the requests started since the watch began have answered, or
   * `interrupted` holds (a new page, a dialog); what they were.
   */
  settle(signal: AbortSignal, interrupted: () => boolean, pageUrl: () => Promise<string | undefined>, options?: SettleOptions): Promise<StartedRequests | undefined>;
  stop(): void;
}

export interface SettleOptions {
  /** The longest wait (default 3 s). */
  maxMs?: number;
  /**
   * A request is due now (the page's timers that start it just ran): waited for even before the
   * browser has reported it, for this long. Its CDP event can come tens of ms after the fetch() call
   * on a busy machine, and seeing none yet, a back in a single-page app ended before the view's data.
   */
  beginMs?: number;
  /** No wait unless a request is still running now (a page that loaded: the quiet after its last answer is no news). */
  ifRunning?: boolean;
  /** The page's own requests only: another site's (analytics, ads) neither waited for nor told. */
  ownOnly?: boolean;
  /**
   * Told only when they failed or still run: a page that loaded, whose answered requests are no
   * news. Not those canceled, mostly the page being left, whose requests stop as the new one commits.
   */
  troubleOnly?: boolean;
}

/** Starts watching `tabId`'s requests (all its frames); call before the input is sent. */
export function watchRequests(tabId: number): RequestWatch {
  const polled = repeatedRequests(tabId, POLLING_MS, POLLING_TIMES);
  const tracked = new Map<string, Tracked>();
  // Once the input has been handled, only chained requests join (CHAIN_MS).
  let settling = false;
  // Any start or answer: the wait ends once there has been none for CHAIN_MS.
  let lastChange = performance.now();
  let lastAnswer: { request: Tracked; at: number } | undefined;
  const answered = (request: Tracked) => {
    lastChange = performance.now();
    lastAnswer = { request, at: lastChange };
  };
  const offs = [
    onCdpEvent('Network.requestWillBeSent', (id, params) => {
      const p = params as { requestId: string; request: { method: string; url: string; isSameSite?: boolean }; type?: string; timestamp: number; redirectResponse?: unknown };
      if (id !== tabId || !WAITED_TYPES.has(p.type ?? '')) return;
      // A redirect's next hop reuses the id: still the same request.
      if (p.redirectResponse && tracked.has(p.requestId)) return;
      if (polled.has(`${p.request.method} ${p.request.url}`)) return;
      let generation = 0;
      if (settling) {
        if (!lastAnswer || performance.now() - lastAnswer.at > CHAIN_MS || lastAnswer.request.generation >= MAX_CHAIN) return;
        generation = lastAnswer.request.generation + 1;
      }
      tracked.set(p.requestId, { method: p.request.method, url: p.request.url, type: p.type!, start: p.timestamp, sameSite: p.request.isSameSite !== false, generation, received: 0, done: false });
      lastChange = performance.now();
    }),
    onCdpEvent('Network.responseReceived', (id, params) => {
      const p = params as { requestId: string; timestamp: number; response: { status: number; statusText: string; headers: Record<string, string> } };
      const request = id === tabId ? tracked.get(p.requestId) : undefined;
      if (!request) return;
      Object.assign(request, { status: p.response.status, statusText: p.response.statusText, answeredAt: performance.now() });
      const length = Number(Object.entries(p.response.headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1] ?? NaN);
      if (Number.isFinite(length)) request.length = length;
      request.ms = Math.round((p.timestamp - request.start) * 1000);
      answered(request);
    }),
    onCdpEvent('Network.dataReceived', (id, params) => {
      const p = params as { requestId: string; dataLength: number };
      const request = id === tabId ? tracked.get(p.requestId) : undefined;
      if (!request) return;
      request.received += p.dataLength;
      request.lastDataAt = performance.now();
    }),
    onCdpEvent('Network.loadingFinished', (id, params) => finish(id, params as { requestId: string; timestamp: number })),
    onCdpEvent('Network.loadingFailed', (id, params) => {
      const p = params as { requestId: string; timestamp: number; errorText: string; canceled?: boolean; blockedReason?: string; corsErrorStatus?: { corsError: string } };
      // net::ERR_FAILED alone says nothing: the reason a request was blocked is the news.
      const why = p.corsErrorStatus ? ` (CORS: ${p.corsErrorStatus.corsError})` : p.blockedReason ? ` (blocked: ${p.blockedReason})` : '';
      finish(id, p, p.canceled ? 'canceled' : `${p.errorText}${why}`);
    }),
  ];
  function finish(id: number, p: { requestId: string; timestamp: number }, failure?: string): void {
    const request = id === tabId ? tracked.get(p.requestId) : undefined;
    if (!request || request.done) return;
    request.done = true;
    request.failure = failure;
    request.ms = Math.round((p.timestamp - request.start) * 1000);
    answered(request);
  }

  return {
    async settle(signal, interrupted, pageUrl, options = {}) {
      settling = true;
      const start = performance.now();
      if (options.beginMs) while (tracked.size === 0 && performance.now() - start < options.beginMs && !signal.aborted) await sleep(10);
      if (tracked.size === 0) return undefined;
      const deadline = start + (options.maxMs ?? REQUESTS_WAIT_MS);
      // A worker's own script is no part of the page's view; and the page hears of its answer only through the
      // worker, so one whose script blocks it at once left it unanswered (every navigate held 2 s).
      const workers = () => dedicatedWorkers(tabId);
      const waitedFor = (r: Tracked, now: number, scripts: Set<string>) => !r.done && (r.sameSite || (!options.ownOnly && now - start < OTHER_SITE_WAIT_MS))
        && !bodyGivenUp(r, now) && !(r.type === 'Script' && scripts.has(r.url));
      const idle = options.ifRunning && ![...tracked.values()].some((r) => waitedFor(r, start, workers()));
      while (!idle) {
        const now = performance.now();
        const scripts = workers();
        const pending = [...tracked.values()].some((r) => waitedFor(r, now, scripts));
        const quiet = now - lastChange >= CHAIN_MS;
        if ((!pending && quiet) || now >= deadline || signal.aborted || interrupted()) break;
        await sleep(pending ? 20 : CHAIN_MS);
      }
      const trouble = (r: Tracked) => unanswered(r) || (!!r.failure && r.failure !== 'canceled') || (r.status ?? 0) >= 400;
      const reported = [...tracked.values()].filter((r) => REPORTED_TYPES.has(r.type) && (r.sameSite || !options.ownOnly) && (!options.troubleOnly || trouble(r)));
      return reported.length ? summarize(reported, await pageUrl()) : undefined;
    },
    stop: () => offs.forEach((off) => off()),
  };
}

function summarize(requests: Tracked[], pageUrl: string | undefined): StartedRequests {
  const failed = (r: Tracked) => unanswered(r) || !!r.failure || (r.status ?? 0) >= 400;
  // The page's own API first, its failures first; other sites' (analytics) after.
  const rank = (r: Tracked) => (r.sameSite ? 0 : 2) + (failed(r) ? 0 : 1);
  const ordered = [...requests].sort((a, b) => rank(a) - rank(b));
  return { list: ordered.slice(0, MAX_LISTED).map((r) => line(r, pageUrl)), more: Math.max(0, ordered.length - MAX_LISTED) };
}

function line(r: Tracked, pageUrl: string | undefined): Line {
  return {
    method: r.method,
    url: shortUrl(r.url, pageUrl),
    ...(r.status !== undefined ? { status: r.status, statusText: r.statusText } : {}),
    ...(r.failure ? { failure: r.failure } : {}),
    ...(unanswered(r) ? { pending: true } : { ms: r.ms }),
    ...(!r.done && !unanswered(r) ? { receiving: true } : {}),
  };
}

/** Answered, and its body is no longer waited for: it takes too long (BODY_WAIT_MS), or it is all there and the page does not read it (UNREAD_BODY_MS). */
function bodyGivenUp(r: Tracked, now: number): boolean {
  if (r.answeredAt === undefined) return false;
  if (now - r.answeredAt >= BODY_WAIT_MS) return true;
  if (r.lastDataAt === undefined) return false;
  const all = r.length !== undefined && r.received >= r.length;
  return now - r.lastDataAt >= (all ? CHAIN_MS : UNREAD_BODY_MS);
}

function unanswered(r: Tracked): boolean {
  return !r.done && r.answeredAt === undefined;
}

/** The page's own API by its path; another origin's in full. Clipped: a query string can be long. */
function shortUrl(url: string, pageUrl: string | undefined): string {
  let short = url;
  try {
    const parsed = new URL(url);
    if (pageUrl && parsed.origin === new URL(pageUrl).origin) short = parsed.pathname + parsed.search;
  } catch {
    // Not a URL we can parse (a data: or blob: URL): as it is.
  }
  return short.length > 120 ? `${short.slice(0, 119)}…` : short;
}
