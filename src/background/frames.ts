/**
 * Talking to the content script of a tab's frame: inject it on demand into
 * tabs opened before the extension loaded, retry while it starts, and learn
 * which frame id sits behind which <iframe> element.
 */
import browser from 'webextension-polyfill';
import { isDirectNonce, type ContentReply, type ContentRequest, type ContentResults } from '../shared/content-messages.ts';
import { AgentError } from '../shared/errors.ts';
import { unlessDialog } from './actions/dialogs.ts';
import { NotStarted, requestFrame } from './channel.ts';
import { assertNotCrashed } from './cdp.ts';
import { assertResponsive } from './unresponsive.ts';
import { sleep, within } from './timing.ts';
import { outgrown } from './ref-leases.ts';
import { loadIfDiscarded } from './unloaded-tabs.ts';
import { frameBusyError, isFrameBusy, isKnownBusy, noteBusy, unlessBusy } from './busy-frames.ts';

const RETRY_DELAYS = [50, 100, 200, 400, 800];

/** Requests in flight per tab and frame: where a command that stops may still be waiting (stopWaits). */
const inFlight = new Map<number, Map<number, number>>();

function track(tabId: number, frameId: number, delta: 1 | -1): void {
  const frames = inFlight.get(tabId) ?? new Map<number, number>();
  const count = (frames.get(frameId) ?? 0) + delta;
  if (count > 0) frames.set(frameId, count);
  else frames.delete(frameId);
  if (frames.size) inFlight.set(tabId, frames);
  else inFlight.delete(tabId);
}

/**
 * Tells the frames the tab's stopped command (timed out, cancelled) still
 * waits on to give up their waits for elements, before the tab's next command
 * starts: else an action given up on would act once its element showed.
 */
export async function stopWaits(tabId: number): Promise<void> {
  const frames = [...(inFlight.get(tabId)?.keys() ?? [])];
  const told = frames.map((frameId) => {
    const tell = () => tryFrame(tabId, frameId, { type: 'stopWaits' });
    // A child frame that does not answer is taken as busy (busy-frames.ts): the timeout's error says so.
    return unlessBusy(tabId, frameId, tell).catch(() => undefined);
  });
  await within(Promise.all(told), STOP_WAITS_MS, undefined);
}

/** How long a stopped command's frames get to say they stopped waiting (a blocked page never does). */
const STOP_WAITS_MS = 500;

/**
 * Sends a request to one frame's content script and unwraps its reply.
 * Injects the content script when nothing answers (../shared/CHROMIUM.md:
 * tabs opened before the extension loaded have none).
 */
export async function sendToFrame<T extends ContentRequest['type']>(
  tabId: number,
  frameId: number,
  request: Extract<ContentRequest, { type: T }>,
  options: { startWithinMs?: number } = {},
): Promise<ContentResults[T]> {
  assertNotCrashed(tabId);
  await assertResponsive(tabId);
  // A frame of another site found blocked before: refused at once if it still does not answer.
  if (frameId !== 0 && isKnownBusy(tabId, frameId) && (await isFrameBusy(tabId, frameId))) throw frameBusyError(tabId, frameId);
  track(tabId, frameId, 1);
  try {
    return await requestWithRetries(tabId, frameId, request, options.startWithinMs);
  } finally {
    track(tabId, frameId, -1);
  }
}

/** Requests that give out refs and change nothing on the page, so asking again is safe. */
const READS_ONLY = new Set<ContentRequest['type']>(['snapshot', 'find']);
/** Each time the block grows at least fourfold: twice is plenty for a page with more elements in shadow roots than outside. */
const MAX_OUTGROWN = 2;

async function requestWithRetries<T extends ContentRequest['type']>(
  tabId: number,
  frameId: number,
  request: Extract<ContentRequest, { type: T }>,
  startWithinMs?: number,
): Promise<ContentResults[T]> {
  let injected = false;
  let outgrew = 0;
  // The frame's document when it first did not answer: one that keeps navigating is told from one without our script.
  let firstDocument: string | undefined | null = null;
  for (let attempt = 0; ; attempt++) {
    let reply: ContentReply<ContentResults[T]> | undefined;
    try {
      reply = await unlessDialog(tabId, () => requestFrame(tabId, frameId, request, startWithinMs) as Promise<ContentReply<ContentResults[T]> | undefined>);
    } catch (error) {
      if (error instanceof AgentError) throw error;
      if (error instanceof NotStarted) {
        noteBusy(tabId, frameId, true);
        throw frameBusyError(tabId, frameId);
      }
      const message = (error as Error).message ?? String(error);
      if (!/Receiving end does not exist|Could not establish connection|message port closed/i.test(message)) {
        throw await tabError(tabId, frameId, message, request.type);
      }
      if (firstDocument === null) firstDocument = await documentOf(tabId, frameId);
      if (!injected) {
        // A tab Chrome unloaded to save memory has no page to answer: loaded again, then asked again.
        if (frameId === 0 && (await loadIfDiscarded(tabId))) {
          attempt--;
          continue;
        }
        // A page that will never have a content script: say so now, not after the retries.
        const never = await neverScripted(tabId, frameId);
        if (never) throw never;
        injected = true;
        await inject(tabId, frameId);
      }
      if (attempt >= RETRY_DELAYS.length) {
        const tab = await browser.tabs.get(tabId).catch(() => null);
        if (!tab) throw tabClosed(tabId);
        const never = await neverScripted(tabId, frameId);
        if (never) throw never;
        // A page that sends itself on and on (a redirect loop in script) left each document before our script
        // started there: the page went away, as for a request it took (a wait goes on at the next page).
        const now = await documentOf(tabId, frameId);
        if (firstDocument && now && now !== firstDocument) {
          throw new AgentError('NAV_ABORTED', `The page in tab ${tabId} kept navigating while "${request.type}" waited to reach it (now at ${tab.url}). Wait for it to settle (browser_wait_for with url or text), then try again.`);
        }
        throw new AgentError(
          'CONTENT_SCRIPT_UNAVAILABLE',
          `The page in tab ${tabId} does not accept the extension's script (${message}). Pages like chrome:// and the Web Store cannot be controlled; navigate to a normal web page.`,
        );
      }
      await sleep(RETRY_DELAYS[attempt]);
      continue;
    }
    if (!reply) throw await tabError(tabId, frameId, 'no answer', request.type);
    if (!reply.ok) {
      // The page has more elements to give refs to than the tab's block had numbers left: a request
      // that only reads is asked again under a block as big as the page (ref-leases.ts).
      if (reply.refsNeeded) {
        outgrown(tabId, reply.refsNeeded);
        if (READS_ONLY.has(request.type) && outgrew++ < MAX_OUTGROWN) {
          attempt--;
          continue;
        }
      }
      throw new AgentError(reply.error.code, reply.error.message);
    }
    return reply.value;
  }
}

/**
 * Asks a frame that may have no content script (an ad's about:blank, a
 * sandboxed frame) without injecting or retrying: undefined when nothing
 * answers. For looking into every frame of a tab over and over.
 */
export async function tryFrame<T extends ContentRequest['type']>(
  tabId: number,
  frameId: number,
  request: Extract<ContentRequest, { type: T }>,
): Promise<ContentResults[T] | undefined> {
  const reply = await unlessDialog(tabId, () => requestFrame(tabId, frameId, request) as Promise<ContentReply<ContentResults[T]> | undefined>).catch((error: unknown) => {
    if (error instanceof AgentError) throw error;
    return undefined;
  });
  return reply?.ok ? reply.value : undefined;
}

async function inject(tabId: number, frameId: number): Promise<void> {
  const files = browser.runtime.getManifest().content_scripts?.flatMap((script) => script.js ?? []) ?? [];
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files }).catch(() => {
    // Restricted pages refuse injection; the retry loop reports it.
  });
}

/** The frame's current document, as the browser names it; undefined when it has none (gone, or the tab closed). */
async function documentOf(tabId: number, frameId: number): Promise<string | undefined> {
  return (await chrome.webNavigation.getFrame({ tabId, frameId }).catch(() => null))?.documentId;
}

/** A tab showing nothing yet (just opened) or any more (just left): no content script runs there. */
export const isBlank = (url: string | undefined): boolean => url === 'about:blank' || url === '';

/**
 * Why a tab's page can never answer, when it is one of the pages that run no
 * content script and load nothing else: a blank tab, or the browser's error
 * page after a failed load (the tab keeps the URL that failed). Null while the
 * tab is loading something, whose script may still come.
 */
async function neverScripted(tabId: number, frameId: number): Promise<AgentError | null> {
  if (frameId !== 0) return null;
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab || tab.pendingUrl) return null;
  if (isBlank(tab.url)) return blankTab(tabId);
  const frame = await chrome.webNavigation.getFrame({ tabId, frameId }).catch(() => null);
  if (!frame?.errorOccurred) return null;
  return new AgentError(
    'CONTENT_SCRIPT_UNAVAILABLE',
    `Tab ${tabId} shows the browser's error page: ${tab.url} did not load, so there is nothing to read or act on (browser_take_screenshot shows the error). Navigate again once the site is reachable, or go elsewhere.`,
  );
}

const blankTab = (tabId: number): AgentError =>
  new AgentError('CONTENT_SCRIPT_UNAVAILABLE', `Tab ${tabId} shows about:blank, an empty page with nothing to read or act on. Open a page in it first with browser_navigate.`);

export const tabClosed = (tabId: number): AgentError => new AgentError('TAB_CLOSED', `Tab ${tabId} was closed while the command ran.`);

async function tabError(tabId: number, frameId: number, message: string, what: string): Promise<AgentError> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab) return tabClosed(tabId);
  assertNotCrashed(tabId);
  // The document that was answering went away: navigation, reload, or a frame removed.
  if (/channel closed|no answer|back\/forward cache|unload/i.test(message)) {
    // For the browser's error page (a failed load that came as the request went out): that is the news.
    const never = await neverScripted(tabId, frameId);
    if (never) return never;
    return new AgentError('NAV_ABORTED', `The page in tab ${tabId} navigated away while "${what}" ran (now at ${tab.url}). Take a new snapshot and try again.`);
  }
  return new AgentError('INTERNAL', `Could not reach the page in tab ${tabId}: ${message}`);
}

// ---- frame ids behind <iframe> elements ----

interface PendingNonce {
  resolve: (frameId: number | null) => void;
  timer: ReturnType<typeof setTimeout>;
}
const pendingNonces = new Map<string, PendingNonce>();
const reportedNonces = new Map<string, { tabId: number; frameId: number }>();

/** A child frame's content script reports the nonce its parent posted to it. */
export function onFrameNonce(nonce: string, tabId: number, frameId: number): void {
  const pending = pendingNonces.get(nonce);
  if (pending) {
    clearTimeout(pending.timer);
    pendingNonces.delete(nonce);
    pending.resolve(frameId);
    return;
  }
  reportedNonces.set(nonce, { tabId, frameId });
  setTimeout(() => reportedNonces.delete(nonce), 10_000);
}

function nonceReported(tabId: number, nonce: string, waitMs: number): Promise<number | null> {
  const early = reportedNonces.get(nonce);
  reportedNonces.delete(nonce);
  if (early && early.tabId === tabId) return Promise.resolve(early.frameId);
  return new Promise<number | null>((resolve) => {
    pendingNonces.set(nonce, { resolve, timer: setTimeout(() => stopWaiting(nonce), waitMs) });
  });
}

function stopWaiting(nonce: string): void {
  const pending = pendingNonces.get(nonce);
  if (!pending) return;
  clearTimeout(pending.timer);
  pendingNonces.delete(nonce);
  pending.resolve(null);
}

/** A child frame's id; 'failed' when its iframe shows Chromium's error page; 'busy' when its page does not answer (busy-frames.ts); null when it did not answer. */
export type ChildFrameId = number | 'failed' | 'busy' | null;

/** How long the frames that have their content script usually take to answer. */
const NUDGE_AFTER_MS = 100;

/**
 * Resolves the frame ids behind iframe elements whose content scripts got
 * `nonces` from their parent, null for a frame without a content script.
 * Checks each frame really is a child of `parentFrameId`, so a page cannot
 * redirect refs by forwarding nonces to another frame.
 *
 * Stops waiting once every child frame that can answer has: an error page
 * (a blocked embed, a dead host) runs no content script, and a frame still
 * waiting for its first response is not listed yet and missed the nonce
 * anyway. Each such frame used to cost every snapshot the whole wait (1 s).
 * A nonce handed over directly (isDirectNonce) reached a running content
 * script, which reports it at once: it is waited for even when webNavigation
 * does not list its frame (blob: and javascript: URLs), and such a frame is
 * taken as the child, as only the child could have had that nonce.
 */
export async function frameIdsForNonces(tabId: number, parentFrameId: number, nonces: string[], srcs?: string[], waitMs = 1000): Promise<ChildFrameId[]> {
  const reported = nonces.map((nonce) => nonceReported(tabId, nonce, waitMs));
  const frames = await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null);
  const failedSlots = new Set<number>();
  const busyUrls = new Set<string>();
  if (frames) {
    const children = frames.filter((f) => f.parentFrameId === parentFrameId);
    // An iframe showing the error page for its URL (a blocked embed): not waited for even when
    // other frames (hidden ones, which get no nonce) keep the wait below from ending early.
    const failed = new Set(children.filter((f) => f.errorOccurred).map((f) => f.url));
    srcs?.forEach((src, i) => {
      if (!src || !failed.has(src)) return;
      failedSlots.add(i);
      stopWaiting(nonces[i]);
    });
    const unanswered = new Set(children.filter((f) => !f.errorOccurred).map((f) => f.frameId));
    const giveUp = () => nonces.forEach((nonce) => isDirectNonce(nonce) || stopWaiting(nonce));
    if (!unanswered.size) giveUp();
    for (const frameId of reported) {
      void frameId.then((id) => {
        if (id !== null && unanswered.delete(id) && !unanswered.size) giveUp();
      });
    }
    // A frame whose page is blocked never answers: not waited for (a snapshot held 1 s each time).
    for (const child of children.filter((f) => unanswered.has(f.frameId))) {
      void isFrameBusy(tabId, child.frameId).then((busy) => {
        if (!busy || !unanswered.delete(child.frameId)) return;
        busyUrls.add(child.url);
        if (!unanswered.size) giveUp();
      });
    }
    // A frame that loaded but had no content script yet (it comes at document_idle) missed its
    // nonce: once its script runs, it asks its parent for the nonce again. Hidden frames got
    // none (they have no slot), so they never answered: they get theirs now, and once they
    // answer, a frame that never loads next to them no longer holds the wait to its end.
    setTimeout(() => {
      if (!unanswered.size) return;
      for (const frameId of unanswered) void sendToFrame(tabId, frameId, { type: 'helloParent' }).catch(() => undefined);
      void sendToFrame(tabId, parentFrameId, { type: 'childFrames', hidden: true }).then(({ nonces: hidden }) => {
        for (const nonce of hidden) {
          void nonceReported(tabId, nonce, waitMs - NUDGE_AFTER_MS).then((id) => {
            if (id !== null && unanswered.delete(id) && !unanswered.size) giveUp();
          });
        }
      }, () => undefined);
    }, NUDGE_AFTER_MS);
  }
  const ids = await Promise.all(reported);
  const parents = new Map(frames?.map((f) => [f.frameId, f.parentFrameId]));
  return Promise.all(ids.map(async (id, i) => {
    if (id === null) return failedSlots.has(i) ? 'failed' : srcs?.[i] && busyUrls.has(srcs[i]) ? 'busy' : null;
    // A frame that appeared after the listing above is looked up on its own.
    const parent = parents.get(id) ?? (await chrome.webNavigation.getFrame({ tabId, frameId: id }).catch(() => null))?.parentFrameId;
    return parent === parentFrameId || (parent === undefined && isDirectNonce(nonces[i])) ? id : null;
  }));
}
