/**
 * Network log per controlled tab, from Network.* events: method, URL,
 * status, type, size, timing, where it was served from, and why it failed.
 * In memory and bounded; lost if Chrome stops the service worker. Bodies are
 * fetched on demand (Network.getResponseBody) while Chrome still holds them.
 */
import type { NetworkEntry } from '../../shared/methods/devtools.ts';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { resolveTab } from '../tabs.ts';
import { cdpSession, onCdpEvent } from '../cdp.ts';
import { BoundedLog } from './bounded.ts';

const MAX_REQUESTS = 10_000;

interface Request {
  entry: NetworkEntry;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  postData?: string;
  hasPostData: boolean;
  /** Monotonic CDP seconds at start, for durations. */
  start: number;
  /** Set when the request came through a child session (OOPIF), whose commands must go there. */
  sessionId?: string;
}

const logs = new Map<number, BoundedLog<Request>>();
const byId = new Map<string, Request>();

function logOf(tabId: number): BoundedLog<Request> {
  let log = logs.get(tabId);
  if (!log) logs.set(tabId, (log = new BoundedLog<Request>(MAX_REQUESTS, (old) => byId.delete(old.entry.id))));
  return log;
}

export function forgetNetwork(tabId: number): void {
  for (const request of logs.get(tabId)?.newestFirst() ?? []) byId.delete(request.entry.id);
  logs.delete(tabId);
}

interface CdpResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  mimeType: string;
  fromDiskCache?: boolean;
  fromServiceWorker?: boolean;
  fromPrefetchCache?: boolean;
  encodedDataLength?: number;
}

export function watchNetwork(): void {
  onCdpEvent('Network.requestWillBeSent', (tabId, params, sessionId) => {
    const p = params as {
      requestId: string;
      request: { url: string; method: string; headers: Record<string, string>; postData?: string; hasPostData?: boolean };
      timestamp: number;
      wallTime: number;
      type?: string;
      redirectResponse?: CdpResponse;
    };
    const previous = byId.get(p.requestId);
    if (previous && p.redirectResponse) {
      // A redirect reuses the request id: keep the hop as its own finished entry.
      byId.delete(p.requestId);
      previous.entry.id = `${p.requestId}-redirect-${Date.now().toString(36)}`;
      applyResponse(previous, p.redirectResponse);
      previous.entry.durationMs = Math.round((p.timestamp - previous.start) * 1000);
      previous.entry.finished = true;
      byId.set(previous.entry.id, previous);
    }
    const request: Request = {
      entry: { id: p.requestId, method: p.request.method, url: p.request.url, resourceType: p.type ?? 'Other', startTime: Math.round(p.wallTime * 1000), finished: false },
      requestHeaders: p.request.headers,
      postData: p.request.postData,
      hasPostData: Boolean(p.request.hasPostData || p.request.postData),
      start: p.timestamp,
      sessionId,
    };
    byId.set(p.requestId, request);
    logOf(tabId).push(request);
  });
  onCdpEvent('Network.responseReceived', (_tabId, params) => {
    const p = params as { requestId: string; response: CdpResponse; type?: string };
    const request = byId.get(p.requestId);
    if (!request) return;
    applyResponse(request, p.response);
    if (p.type) request.entry.resourceType = p.type;
  });
  onCdpEvent('Network.requestServedFromCache', (_tabId, params) => {
    const request = byId.get((params as { requestId: string }).requestId);
    if (request) request.entry.servedFrom = 'memory cache';
  });
  onCdpEvent('Network.loadingFinished', (_tabId, params) => {
    const p = params as { requestId: string; timestamp: number; encodedDataLength: number };
    const request = byId.get(p.requestId);
    if (!request) return;
    request.entry.finished = true;
    request.entry.durationMs = Math.round((p.timestamp - request.start) * 1000);
    if (p.encodedDataLength > 0) request.entry.size = p.encodedDataLength;
  });
  onCdpEvent('Network.loadingFailed', (_tabId, params) => {
    const p = params as { requestId: string; timestamp: number; type?: string; errorText: string; canceled?: boolean; blockedReason?: string; corsErrorStatus?: { corsError: string; failedParameter?: string } };
    const request = byId.get(p.requestId);
    if (!request) return;
    request.entry.finished = true;
    request.entry.durationMs = Math.round((p.timestamp - request.start) * 1000);
    request.entry.failure = [
      p.canceled ? 'canceled' : p.errorText,
      p.blockedReason ? `blocked: ${p.blockedReason}` : '',
      p.corsErrorStatus ? `CORS: ${p.corsErrorStatus.corsError}${p.corsErrorStatus.failedParameter ? ` (${p.corsErrorStatus.failedParameter})` : ''}` : '',
    ].filter(Boolean).join('; ');
  });
}

function applyResponse(request: Request, response: CdpResponse): void {
  const { entry } = request;
  entry.status = response.status;
  entry.statusText = response.statusText;
  entry.mimeType = response.mimeType;
  request.responseHeaders = response.headers;
  // Bytes on the wire: none for a service worker's or a cache's answer (0, not
  // "an empty body"), and -1 where Chromium does not know (seen on a font
  // the service worker answered and Chromium then cancelled).
  if (response.encodedDataLength && response.encodedDataLength > 0) entry.size = response.encodedDataLength;
  entry.servedFrom = response.fromServiceWorker ? 'service worker' : response.fromDiskCache ? 'disk cache' : response.fromPrefetchCache ? 'prefetch cache' : (entry.servedFrom ?? 'network');
}

/**
 * Requests (`METHOD url`) the tab started at least `times` times in the last
 * `ms`: a page's polling, which an action did not cause however often it coincides.
 */
export function repeatedRequests(tabId: number, ms: number, times: number): Set<string> {
  const since = Date.now() - ms;
  const counts = new Map<string, number>();
  for (const { entry } of logs.get(tabId)?.fromNewest() ?? []) {
    if (entry.startTime < since) break;
    const key = `${entry.method} ${entry.url}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= times).map(([key]) => key));
}

export async function networkList(params: Params<'network.list'>): Promise<Result<'network.list'>> {
  const tabId = await resolveTab(params.tabId);
  const needle = params.urlContains?.toLowerCase();
  const type = params.resourceType?.toLowerCase();
  const failed = (e: NetworkEntry) => e.failure !== undefined || (e.status !== undefined && e.status >= 400);
  const matching = (logs.get(tabId)?.newestFirst() ?? [])
    .map((r) => r.entry)
    .filter((e) => (!needle || e.url.toLowerCase().includes(needle)) && (!type || e.resourceType.toLowerCase() === type) && (!params.failedOnly || failed(e)));
  return { tabId, total: matching.length, entries: matching.slice(0, params.limit ?? 100) };
}

export async function networkGet(params: Params<'network.get'>): Promise<Result<'network.get'>> {
  const tabId = await resolveTab(params.tabId);
  const request = byId.get(params.id);
  // Only this tab's log: another tab may belong to another agent session.
  if (!request || !logs.get(tabId)?.newestFirst().includes(request)) {
    throw new AgentError('INVALID_PARAMS', `No request with id "${params.id}" in the log of tab ${tabId}. Call browser_network_requests for the current ids (the log is empty after a clear or an extension restart).`);
  }
  const send = <T>(method: string, args: object) => cdpSession<T>(tabId, request.sessionId, method, args);
  let requestBody: Result<'network.get'>['requestBody'];
  if (request.postData !== undefined) requestBody = { text: request.postData, base64: false };
  else if (request.hasPostData) {
    const posted = await send<{ postData: string }>('Network.getRequestPostData', { requestId: params.id }).catch(() => null);
    if (posted) requestBody = { text: posted.postData, base64: false };
  }
  let responseBody: Result<'network.get'>['responseBody'];
  let bodyNote: string | undefined;
  if (request.entry.failure) bodyNote = `no response body: the request failed (${request.entry.failure})`;
  else if (!request.entry.finished && request.entry.status === undefined) bodyNote = 'no response yet: the request is still waiting for it';
  else if (!request.entry.finished) {
    // Headers came, the body has not finished: a stream still arriving, or a fetch() whose body the
    // page never reads (Chromium then never finishes it, measured). What has arrived can be read.
    const sofar = (await send<{ bufferedData: string }>('Network.streamResourceContent', { requestId: params.id }).catch(() => null))?.bufferedData;
    if (sofar) responseBody = textual(request.entry.mimeType) ? { text: fromBase64(sofar), base64: false } : { text: sofar, base64: true };
    bodyNote = `the response has not finished loading (still streaming, or a fetch() whose body the page never read)${sofar ? '; above is what has arrived so far' : '; none of its body can be read yet'}`;
  }
  else if (request.entry.status !== undefined && request.entry.status >= 300 && request.entry.status < 400) bodyNote = 'no body: redirect';
  else {
    try {
      const body = await send<{ body: string; base64Encoded: boolean }>('Network.getResponseBody', { requestId: params.id });
      responseBody = { text: body.body, base64: body.base64Encoded };
    } catch (error) {
      // The page's renderer keeps the bodies: a blocked or crashed page cannot hand them out.
      if (error instanceof AgentError && (error.code === 'PAGE_UNRESPONSIVE' || error.code === 'PAGE_CRASHED')) bodyNote = `response body not available now: ${error.message}`;
      else bodyNote = `response body not available (${(error as Error).message}): Chrome drops bodies when the page navigates away or its buffer fills; reload and ask again.`;
    }
  }
  return { tabId, entry: request.entry, requestHeaders: request.requestHeaders, responseHeaders: request.responseHeaders, requestBody, responseBody, bodyNote };
}

/** Types whose bytes are text (streamed data comes as base64 whatever it is). */
const textual = (mimeType: string | undefined) => !!mimeType && /^text\/|json|javascript|xml|x-www-form-urlencoded/.test(mimeType);

/** UTF-8 text from base64; a multi-byte character cut at the end of what has arrived shows as U+FFFD. */
function fromBase64(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
}

export async function networkClear(params: Params<'network.clear'>): Promise<Result<'network.clear'>> {
  const tabId = await resolveTab(params.tabId);
  const log = logs.get(tabId);
  for (const request of log?.newestFirst() ?? []) byId.delete(request.entry.id);
  return { tabId, dropped: log?.clear() ?? 0 };
}
