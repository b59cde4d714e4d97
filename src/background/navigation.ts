/**
 * Waiting for a main-frame navigation the agent started: until commit,
 * DOMContentLoaded, load, or network idle; typed errors for net failures;
 * a download instead of a page is reported rather than waited on forever.
 */
import { DEFAULT_LOAD_WAIT_MS } from '../shared/constants.ts';
import { AgentError } from '../shared/errors.ts';
import { navigationErrorCode, navigationErrorHint } from '../shared/urls.ts';
import { cdp, ensureAttached, onCdpEvent } from './cdp.ts';
import { listenAll, on } from './listen.ts';
import { settleDownload } from './downloads.ts';
import { sleep, within } from './timing.ts';
import { loadingNow } from './pending-navigation.ts';
import type { DownloadFile, StartedRequests } from '../shared/methods/common.ts';
import { watchRequests, type RequestWatch } from './actions/requests.ts';
import { inputTimers } from './actions/input-timers.ts';

export type WaitUntil = 'commit' | 'domcontentloaded' | 'load' | 'networkidle';

export interface NavigationOutcome {
  url: string;
  status?: number;
  download?: DownloadFile;
  /** Pages that sent the browser on as they loaded (client-side redirects), in order. */
  redirectedFrom?: string[];
  /** The document was ready, but its load event had not come DEFAULT_LOAD_WAIT_MS later: the requests still pending then. */
  stillLoading?: { pending: string[] };
  /** A change within the document (a #fragment, pushState history): no page loaded. */
  sameDocument?: true;
  /** Data requests the page made as it started that failed or still run; all of them after a same-document change. */
  requests?: StartedRequests;
}


/** How long a page that loaded may still fetch its data before navigate answers. */
const PAGE_DATA_WAIT_MS = 2000;
/**
 * On back or forward within a single-page app, how long the data request its router started (the
 * page-world tracker saw the fetch or XHR call) may take to be reported: tens of ms, more on a
 * machine under load. Waited only when the router did start one.
 */
const ROUTER_REQUEST_BEGIN_MS = 1000;
/** A request the page started this long before its router's timers had run counts as the router's. */
const ROUTER_REQUEST_SLACK_MS = 100;

/** How long after an aborted navigation a download may still show up. */
const DOWNLOAD_GRACE_MS = 1000;

/** Quiet period that counts as "network idle", as in Playwright. */
const IDLE_MS = 500;

/**
 * Per tab, by URL: recent documents' HTTP status, and whether they came as
 * the answer to a POST (a form sent). Bounded: only the newest matter.
 */
const documents = new Map<number, Map<string, { status?: number; posted?: boolean }>>();
const KEPT_DOCUMENTS = 50;

function documentAt(tabId: number, url: string): { status?: number; posted?: boolean } {
  let byUrl = documents.get(tabId);
  if (!byUrl) documents.set(tabId, (byUrl = new Map()));
  let seen = byUrl.get(url);
  if (!seen) {
    byUrl.set(url, (seen = {}));
    if (byUrl.size > KEPT_DOCUMENTS) byUrl.delete(byUrl.keys().next().value!);
  }
  return seen;
}

/** The HTTP status a recent document of the tab came with. */
export const statusOf = (tabId: number, url: string): number | undefined => documents.get(tabId)?.get(url)?.status;

/** Requests in flight per tab: request id → URL, and the frame whose document it is (a frame's own page). */
const inflight = new Map<number, Map<string, { url: string; documentOf?: string }>>();

export function watchNetworkForNavigation(): void {
  onCdpEvent('Network.responseReceived', (tabId, params) => {
    const { type, response } = params as { type: string; response: { url: string; status: number } };
    if (type !== 'Document') return;
    documentAt(tabId, response.url).status = response.status;
  });
  onCdpEvent('Network.requestWillBeSent', (tabId, params) => {
    const { requestId, request, type, frameId } = params as { requestId: string; request: { url: string; method: string }; type?: string; frameId?: string };
    if (type === 'Document') documentAt(tabId, request.url).posted = request.method === 'POST';
    let requests = inflight.get(tabId);
    if (!requests) inflight.set(tabId, (requests = new Map()));
    requests.set(requestId, { url: request.url, ...(type === 'Document' && frameId ? { documentOf: frameId } : {}) });
  });
  const done = (tabId: number, params: unknown) => inflight.get(tabId)?.delete((params as { requestId: string }).requestId);
  onCdpEvent('Network.loadingFinished', done);
  onCdpEvent('Network.loadingFailed', done);
  // A frame of another site gets its page in a process of its own, whose DevTools session tells
  // the rest of that request, and is attached once it has its answer: the page around it never
  // hears the end. Seen: every page with such a frame (an ad, a video) never went quiet.
  onCdpEvent('Target.attachedToTarget', (tabId, params) => {
    const { targetInfo } = params as { targetInfo: { type: string; targetId: string } };
    if (targetInfo.type !== 'iframe') return;
    const requests = inflight.get(tabId);
    for (const [id, request] of requests ?? []) if (request.documentOf === targetInfo.targetId) requests!.delete(id);
  });
}

/**
 * Runs `start` (which begins the navigation) and waits for it. `expectUrl`
 * (when known) tells our navigation apart from one already in progress.
 */
export async function navigateAndWait(
  tabId: number,
  start: () => Promise<unknown>,
  /** capLoad: stop waiting for load DEFAULT_LOAD_WAIT_MS after the document is ready (the default waitUntil). */
  options: { expectUrl?: string; waitUntil: WaitUntil; signal: AbortSignal; capLoad?: boolean },
): Promise<NavigationOutcome> {
  // Network events (enabled on attach) give the HTTP status and idleness. Not
  // Network.enable again: on a blocked page it would wait for the renderer.
  await ensureAttached(tabId).catch(() => undefined);
  inflight.get(tabId)?.clear();
  const attempt = async () => {
    // A document still loading (an image that never ends) reports its load stopped, ERR_ABORTED, when ours replaces it.
    const [frame, tab] = await Promise.all([chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null), chrome.tabs.get(tabId).catch(() => null)]);
    return waitForMainFrame(tabId, start, { ...options, replacing: frame?.documentId, ...(tab?.pendingUrl ? { pendingUrl: tab.pendingUrl } : {}) });
  };
  // What the page asks for as it loads (a script's location.replace, <meta refresh=0>, a sign-on
  // hop): the page the agent wants is the next one. Followed a few times at most.
  const asked = watchPageRequests(tabId);
  // The data a page fetches as it starts (an app's first API calls): still coming at its load event.
  const data = options.waitUntil === 'load' ? watchRequests(tabId) : undefined;
  try {
    let outcome = await attempt().catch((error: unknown) => {
      // The page being left started a navigation of its own once ours was under way (a timer, a
      // late script), and Chrome let it cancel ours: the agent still wants its page. Once more.
      if (!(error instanceof Interrupted)) throw error;
      return attempt();
    }).catch((error: unknown) => {
      if (!(error instanceof Interrupted)) throw error;
      throw new AgentError('NAV_ABORTED', `Navigation to ${options.expectUrl} was cancelled twice by a navigation the page itself started, to ${error.url}, which the tab now shows. Wait for that page to settle (browser_wait_for), then call browser_navigate again.`);
    });
    for (let hop = 0; !outcome.download && options.waitUntil !== 'commit' && hop < MAX_CLIENT_REDIRECTS; hop++) {
      const onward = await clientRedirect(tabId, outcome.url, asked, options);
      if (!onward) break;
      outcome = { ...onward, redirectedFrom: [...(outcome.redirectedFrom ?? []), outcome.url] };
    }
    if (!outcome.download) {
      outcome.status = statusOf(tabId, outcome.url);
      if (options.waitUntil === 'networkidle') await networkIdle(tabId, options.signal);
      if (data && !outcome.stillLoading) outcome.requests = await pageData(tabId, data, outcome, options.signal);
    }
    return outcome;
  } finally {
    asked.stop();
    data?.stop();
  }
}

/** Client-side redirects followed in a row (a sign-on flow has two or three). */
const MAX_CLIENT_REDIRECTS = 5;
/** How long a navigation the page asked for as it loaded may take to begin. */
const REDIRECT_BEGIN_MS = 500;
/** How long the page's main thread may take to answer, once loaded, before it is taken as asking for nothing. */
const REDIRECT_TRIP_MS = 1000;
/** A <meta http-equiv="refresh"> to another page within this many seconds is a redirect ("Redirecting…"); a later one is a page that refreshes itself. */
const MAX_REFRESH_S = 2;
/** In the page: the delay in seconds of its <meta http-equiv="refresh"> to another URL, else null. */
const META_REFRESH_DELAY = `(() => {
  const meta = document.querySelector('meta[http-equiv="refresh" i]');
  const match = meta && /^\\s*(\\d+(?:\\.\\d+)?)\\s*[;,]\\s*(?:url\\s*=\\s*)?(\\S.*)/i.exec(meta.content);
  return match && new URL(match[2].replace(/^['"]|['"]$/g, ''), location.href).href !== location.href ? Number(match[1]) : null;
})()`;

/**
 * Navigations the tab's pages asked for in their main frame
 * (Page.frameRequestedNavigation), each with the document (its URL, from the
 * commits seen) that was there when it asked. The browser's own navigations
 * (ours, a person's) ask nothing; a same-process child frame's requests come
 * on the same session, and the main frame is told by Page.frameNavigated.
 */
function watchPageRequests(tabId: number): { askedBy: (url: string) => boolean; stop: () => void } {
  const requests: { frameId: string; document: string | undefined }[] = [];
  let current: string | undefined;
  let mainFrame: string | undefined;
  const stopCdp = [
    onCdpEvent('Page.frameRequestedNavigation', (id, params, sessionId) => {
      const { disposition, frameId } = params as { disposition: string; frameId: string };
      if (id === tabId && !sessionId && disposition === 'currentTab') requests.push({ frameId, document: current });
    }),
    onCdpEvent('Page.frameNavigated', (id, params, sessionId) => {
      const { frame } = params as { frame: { id: string; parentId?: string } };
      if (id === tabId && !sessionId && !frame.parentId) mainFrame = frame.id;
    }),
  ];
  const stopCommits = listenAll([on(chrome.webNavigation.onCommitted, (d) => void (d.tabId === tabId && d.frameId === 0 && (current = d.url)))]);
  return {
    askedBy: (url) => requests.some((r) => r.document === url && (mainFrame === undefined || r.frameId === mainFrame)),
    stop: () => {
      for (const stop of stopCdp) stop();
      stopCommits();
    },
  };
}

/**
 * The page the one that just loaded (`from`) asked for as it loaded, once it
 * has loaded; null when it asked for none. One round trip through the page's
 * main thread (its load handlers have run by then) orders a request not seen
 * yet before the answer, on the same CDP session, and tells of a <meta
 * refresh> still to fire; a page that asks for nothing costs only that.
 */
async function clientRedirect(tabId: number, from: string, asked: { askedBy: (url: string) => boolean }, options: { waitUntil: WaitUntil; signal: AbortSignal; capLoad?: boolean }): Promise<NavigationOutcome | null> {
  let moved = false;
  const stop = listenAll([
    on(chrome.webNavigation.onBeforeNavigate, (d) => void (d.tabId === tabId && d.frameId === 0 && (moved = true))),
    on(chrome.webNavigation.onCommitted, (d) => void (d.tabId === tabId && d.frameId === 0 && (moved = true))),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing = false;
  try {
    const next = await perhapsNavigation(tabId, options.signal, { waitUntil: options.waitUntil, capLoad: options.capLoad, leaving: from }, async (control, none) => {
      // A page whose script keeps its thread busy after load answers late or never: not waited for past a moment.
      const trip = cdp<{ result?: { value?: unknown } }>(tabId, 'Runtime.evaluate', { expression: META_REFRESH_DELAY, silent: true, returnByValue: true });
      const refreshIn = (await within(trip.catch(() => undefined), REDIRECT_TRIP_MS, undefined))?.result?.value;
      refreshing = typeof refreshIn === 'number' && refreshIn <= MAX_REFRESH_S;
      if (!refreshing && !asked.askedBy(from)) return none.abort();
      // It may be under way, or done, already: its events came before these listeners.
      const [tab, frame] = await Promise.all([chrome.tabs.get(tabId).catch(() => null), chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null)]);
      const there = frame?.url !== undefined && frame.url !== from;
      if (there && tab?.status === 'complete') return control.loaded(frame.url);
      if (there || tab?.pendingUrl) return control.begun(there ? { documentId: frame.documentId } : undefined);
      // Asked, but a navigation can still be cancelled (a beforeunload prompt, a download): not waited for long then.
      timer = setTimeout(() => moved || none.abort(), REDIRECT_BEGIN_MS + (refreshing ? (refreshIn as number) * 1000 : 0));
    });
    // The next page can load before the round trip is back (Chrome holds it while a navigation is
    // pending). One that loaded without this page asking (another navigation on its way) is no redirect.
    return next && (refreshing || asked.askedBy(from)) ? next : null;
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** How soon a navigation must begin after `act` to count as its doing. */
const BEGIN_MS = 1000;

/**
 * Runs `act` (e.g. accepting a beforeunload dialog, which lets the
 * navigation it held go on) and, when a main-frame navigation begins within
 * a second, waits for its page to load; null when none began.
 */
export async function navigationAfter(tabId: number, act: () => Promise<unknown>, signal: AbortSignal): Promise<NavigationOutcome | null> {
  let began = false;
  const stop = listenAll([on(chrome.webNavigation.onBeforeNavigate, (d) => void (d.tabId === tabId && d.frameId === 0 && (began = true)))]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await perhapsNavigation(tabId, signal, { waitUntil: 'load' }, (_control, none) => {
      timer = setTimeout(() => began || none.abort(), BEGIN_MS);
      return act();
    });
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** waitForMainFrame for a navigation that may not come: `start` aborts `none` once it will not, and the answer is null. */
async function perhapsNavigation(
  tabId: number,
  signal: AbortSignal,
  options: { waitUntil: WaitUntil; capLoad?: boolean; leaving?: string },
  start: (control: WaitControl, none: AbortController) => Promise<unknown>,
): Promise<NavigationOutcome | null> {
  const none = new AbortController();
  try {
    return await waitForMainFrame(tabId, (control) => start(control, none), { ...options, signal: AbortSignal.any([signal, none.signal]) });
  } catch (error) {
    if (none.signal.aborted) return null;
    throw error;
  }
}

/**
 * Waits for the data requests (fetch, XHR) to its own site the page still runs once it has loaded
 * (another site's are mostly analytics and ads), so a snapshot right after shows the data rather
 * than "Loading…"; up to PAGE_DATA_WAIT_MS (a long poll or a stream holds no more). Within one
 * document (a single-page app's back or forward) what its router does on popstate, a moment later,
 * comes first. Returns the requests worth telling: those that failed or still run, or all of a
 * same-document change (the view's data).
 */
async function pageData(tabId: number, data: RequestWatch, outcome: NavigationOutcome, signal: AbortSignal): Promise<StartedRequests | undefined> {
  const loaded = !outcome.sameDocument;
  // Once the router's timers ran: whether it asked for the view's data, which the browser may not have said yet.
  const timers = loaded ? undefined : await inputTimers(tabId, 0, 'click');
  const asked = timers?.requestedMsAgo !== undefined && timers.requestedMsAgo <= timers.waitedMs + ROUTER_REQUEST_SLACK_MS;
  return data.settle(signal, () => false, async () => outcome.url, {
    maxMs: PAGE_DATA_WAIT_MS, ownOnly: true, ifRunning: loaded, troubleOnly: loaded, ...(asked ? { beginMs: ROUTER_REQUEST_BEGIN_MS } : {}),
  });
}

/** Before asking again for a navigation Chrome refused. */
const REJECTED_RETRY_MS = 100;
/**
 * How long a navigation Chrome refuses is asked again: on a busy machine a tab whose page had just sent it
 * on refused ours for over 450 ms (5 tries), and twice in a row while a page hopped on its own.
 */
const REJECTED_FOR_MS = 3000;

/** Ours was cancelled by a navigation that began after it, which committed `url` instead. */
class Interrupted extends Error {
  constructor(readonly url: string) {
    super(`interrupted by a navigation to ${url}`);
  }
}

/**
 * What `start` may tell the wait: the navigation is already under way (begun; `committed`, the document it
 * has already committed, whose commit the wait's listeners came too late for), or its page has already loaded (loaded).
 */
interface WaitControl {
  begun(committed?: { documentId?: string }): void;
  loaded(url: string): void;
}

function waitForMainFrame(
  tabId: number,
  start: (control: WaitControl) => Promise<unknown>,
  /** leaving: the page being left, whose own late events (its load) do not end the wait. */
  { expectUrl, waitUntil, signal, capLoad, replacing, leaving, pendingUrl }: { expectUrl?: string; waitUntil: WaitUntil; signal: AbortSignal; capLoad?: boolean; replacing?: string; leaving?: string; pendingUrl?: string },
): Promise<NavigationOutcome> {
  return new Promise((resolve, reject) => {
    const nav = chrome.webNavigation;
    const isMain = (d: { tabId: number; frameId: number }) => d.tabId === tabId && d.frameId === 0;
    // Only events after our navigation began count: a new tab's about:blank
    // load or a page still loading must not end the wait early.
    let started = false;
    // A new document is on its way: a same-document change (a script's pushState) no longer ends the wait.
    let newDocument = false;
    let download: chrome.downloads.DownloadItem | undefined;
    // Another main-frame navigation began after ours and before any commit (a server's redirect begins none).
    let rival = false;
    // Those that began before ours (a timer of the page being left that fired as ours was sent, on a busy machine):
    // one of them committing is no more ours than a rival's page. With the one the tab was loading as ours went out.
    // And the one that began as this wait was being set up, after pendingUrl was read: a hop that began as our
    // first try was cancelled, and committed once the second had begun, was reported as ours (then its
    // further hops as redirects of it), 1 run in 8 of the hop test under load.
    const earlier = new Set<string>([pendingUrl, loadingNow(tabId)].filter((url): url is string => !!url && url !== expectUrl));
    let committed = false;
    // The document whose load ends the wait: the last one committed since ours began.
    let shown: string | undefined;
    const onBefore = (d: { tabId: number; frameId: number; url: string }) => {
      if (!isMain(d)) return;
      newDocument = true;
      if (!expectUrl || d.url === expectUrl) started = true;
      else if (started && !committed) rival = true;
      else if (!started) earlier.add(d.url);
    };
    const reached = (stage: WaitUntil) => (d: { tabId: number; frameId: number; url: string; documentId?: string }) => {
      // The page being replaced may still be loading (navigated to with waitUntil commit): its own load is not ours.
      if (!isMain(d) || d.url === leaving || (replacing !== undefined && d.documentId === replacing)) return;
      if (stage === 'commit') newDocument = true;
      // Back/forward from the back-forward cache commits without a new request.
      if (stage === 'commit' && !expectUrl) started = true;
      if (!started) return;
      if (stage === 'commit') {
        if (!committed && (rival || earlier.has(d.url)) && expectUrl && d.url !== expectUrl) return finish(new Interrupted(d.url));
        committed = true;
        // A document committed after ours (its script's redirect as it loaded) replaced it: its load is the one to wait for.
        shown = d.documentId;
      } else if (!isShown(d)) {
        return;
      }
      const order: WaitUntil[] = ['commit', 'domcontentloaded', 'load'];
      if (order.indexOf(stage) >= order.indexOf(waitUntil === 'networkidle' ? 'load' : waitUntil)) finish(undefined, d.url);
    };
    // Not the load of a document whose commit came before ours began: the page's own navigation that cancelled our
    // first try, whose load came once the second had begun (navigate said "Navigated to /elsewhere" for /wanted).
    const isShown = (d: { documentId?: string }) => committed && (!shown || !d.documentId || d.documentId === shown);
    const onCommitted = reached('commit');
    const domReady = reached('domcontentloaded');
    let loadCap: ReturnType<typeof setTimeout> | undefined;
    const onDom = (d: { tabId: number; frameId: number; url: string; documentId?: string }) => {
      domReady(d);
      if (capLoad && waitUntil === 'load' && started && isMain(d) && !finished && isShown(d) && (replacing === undefined || d.documentId !== replacing)) {
        loadCap ??= setTimeout(() => finish(undefined, d.url, undefined, true), DEFAULT_LOAD_WAIT_MS);
      }
    };
    const onCompleted = reached('load');
    // Same-document: a new #fragment, the same URL again, or back/forward to a pushState entry.
    // There is no load to wait for.
    const onSameDocument = (d: { tabId: number; frameId: number; url: string }) => {
      if (!isMain(d) || newDocument || (expectUrl && d.url !== expectUrl)) return;
      sameDocument = true;
      finish(undefined, d.url);
    };
    const onError = (d: { tabId: number; frameId: number; url: string; error: string; documentId?: string }) => {
      if (!isMain(d) || !started || (replacing !== undefined && d.documentId === replacing)) return;
      const error = new AgentError(navigationErrorCode(d.error), `Navigation to ${d.url} failed: ${d.error}.${navigationErrorHint(d.error)}`);
      // A URL that downloads a file aborts the navigation, and the download
      // may be announced just after: give it a moment before failing.
      if (/ERR_ABORTED/.test(d.error)) {
        if (noContent(tabId, d.url)) {
          finish(new AgentError('NAV_ABORTED', `${d.url} answered HTTP ${statusOf(tabId, d.url)} (no content): there is no page to show, so the tab still shows the page it had.`));
          return;
        }
        if (!download) setTimeout(() => download || finish(error), DOWNLOAD_GRACE_MS);
        return;
      }
      finish(error);
    };
    const onDownload = (item: chrome.downloads.DownloadItem) => {
      if (!started || download || !(item.url === expectUrl || item.finalUrl === expectUrl || !expectUrl)) return;
      download = item;
      // Until it ends, or until the command's time is nearly up: then it is reported as still coming.
      void settleDownload(item.id, undefined, signal).then((file) => finish(undefined, item.finalUrl || item.url, file));
    };
    let finished = false;
    let sameDocument = false;
    const onRemoved = (removedId: number) => {
      if (removedId === tabId) finish(new AgentError('TAB_CLOSED', `Tab ${tabId} was closed while loading.`));
    };
    // A download still coming is reported as such (settleDownload answers on the same abort), not as a page that timed out.
    const onAbort = () => {
      if (!download) finish(new AgentError('NAV_TIMEOUT', `${expectUrl ?? 'The page'} did not finish loading in time (waiting for ${waitUntil}).`));
    };

    function finish(error?: Error, url = '', downloaded?: DownloadFile, stillLoading = false) {
      if (finished) return;
      finished = true;
      clearTimeout(loadCap);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({
        url, ...(downloaded ? { download: downloaded } : {}), ...(sameDocument ? { sameDocument: true as const } : {}),
        ...(stillLoading ? { stillLoading: { pending: [...(inflight.get(tabId)?.values() ?? [])].map((request) => request.url) } } : {}),
      });
    }

    const unsubscribe = listenAll([
      on(nav.onBeforeNavigate, onBefore),
      on(nav.onCommitted, onCommitted),
      on(nav.onDOMContentLoaded, onDom),
      on(nav.onCompleted, onCompleted),
      on(nav.onReferenceFragmentUpdated, onSameDocument),
      on(nav.onHistoryStateUpdated, onSameDocument),
      on(nav.onErrorOccurred, onError),
      on(chrome.downloads.onCreated, onDownload),
      on(chrome.tabs.onRemoved, onRemoved),
    ]);
    signal.addEventListener('abort', onAbort);
    const control: WaitControl = {
      begun: (already) => {
        started = newDocument = true;
        if (already) [committed, shown] = [true, already.documentId];
      },
      loaded: (url) => finish(undefined, url),
    };
    const begin = (tries: number): Promise<void> => start(control).then(() => undefined, async (error: Error) => {
      if (error instanceof AgentError) return finish(error);
      // Chrome refuses ours ("Navigation rejected.") at moments, among them while one the page started is on its
      // way (its hops, on a busy machine): asked again a moment later, and else as if that one had cancelled ours.
      if (/navigation rejected/i.test(error.message) && !started && !finished) {
        if (Date.now() - firstTry < REJECTED_FOR_MS && !signal.aborted) return sleep(REJECTED_RETRY_MS).then(() => (finished ? undefined : begin(tries + 1)));
        const tab = await chrome.tabs.get(tabId).catch(() => null);
        const theirs = tab?.pendingUrl || [...earlier].at(-1);
        if (expectUrl && theirs && theirs !== expectUrl) return finish(new Interrupted(theirs));
        return finish(new AgentError('NAV_FAILED', `Chrome refused to navigate tab ${tabId} (${tries} tries in ${Date.now() - firstTry} ms; "${error.message}"), as it does while the page navigates on its own; the tab shows ${tab?.url || 'no page'}. Wait for the page to settle (browser_wait_for), then call browser_navigate again.`));
      }
      finish(new AgentError('NAV_FAILED', `Could not navigate tab ${tabId}: ${error.message}`));
    });
    const firstTry = Date.now();
    void begin(1);
  });
}

/** Whether the document at `url` in the tab was the answer to a POST: reloading it sends the form again. */
export function answeredPost(tabId: number, url: string): boolean {
  return documents.get(tabId)?.get(url)?.posted ?? false;
}

/** A 204/205 answer: Chromium stays on the current page and reports the navigation aborted. */
function noContent(tabId: number, url: string): boolean {
  const status = statusOf(tabId, url);
  return status === 204 || status === 205;
}

async function networkIdle(tabId: number, signal: AbortSignal): Promise<void> {
  let quietSince = Date.now();
  while (!signal.aborted) {
    if (inflight.get(tabId)?.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= IDLE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const busy = inflight.get(tabId)?.size ?? 0;
  throw new AgentError('NAV_TIMEOUT', `The page loaded, but its network did not go quiet for ${IDLE_MS} ms in time (${busy} request${busy === 1 ? '' : 's'} still in flight). Use waitUntil "load", or raise the timeout.`);
}
