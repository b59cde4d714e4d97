/**
 * What an action caused: a navigation, new tabs, a dialog. Watched from just
 * before the input is sent until the page has processed it — no fixed sleep.
 */
import browser from 'webextension-polyfill';
import type { Announcement } from '../../shared/content-messages.ts';
import type { ActionReport } from '../../shared/methods/actions.ts';
import type { ConsoleEntry } from '../../shared/methods/devtools.ts';
import { thrownSince } from '../devtools/console.ts';
import { AgentError } from '../../shared/errors.ts';
import { cdp, isAttached, onCdpEvent } from '../cdp.ts';
import { sendToFrame, tryFrame } from '../frames.ts';
import { listenAll, on } from '../listen.ts';
import { navigationErrorHint } from '../../shared/urls.ts';
import { onDialogOpened, type OpenDialog } from './dialogs.ts';
import { knownBlocked, settleOrBusy } from '../unresponsive.ts';
import { pollUntil, within } from '../timing.ts';
import { assertNotNavigating } from '../pending-navigation.ts';
import { statusOf } from '../navigation.ts';
import { watchRequests } from './requests.ts';
import { DOWNLOAD_SETTLE_MS, settleDownload } from '../downloads.ts';
import { interceptFileChoosers, onFileChooser, stopInterceptingSoon, type FileChooser } from './file-chooser.ts';
import { askUntold, reportMade } from './untold.ts';

export type Effects = Pick<ActionReport, 'navigatedTo' | 'navigatedStatus' | 'framesNavigated' | 'newTabs' | 'dialog' | 'download' | 'fileChooser' | 'unresponsive' | 'frameUnresponsive' | 'invalidFields' | 'markedInvalid' | 'tabClosed' | 'requests' | 'announced' | 'announcedBefore' | 'textShownBefore' | 'closedDialog' | 'threw'>;

/** CDP's timestamps and the worker's clock may differ by a little. */
const THROWN_SLACK_MS = 5;
/** Errors quoted in a report; the rest are counted (browser_console_messages has them all). */
const MAX_THROWN = 3;

/** An uncaught error as a report line: its message and where it was thrown. */
function thrownLine(entry: ConsoleEntry): string {
  const text = entry.text.length > 300 ? `${entry.text.slice(0, 300)}…` : entry.text;
  return entry.url ? `${text} (${entry.url}${entry.line ? `:${entry.line}` : ''})` : text;
}

/** How long a navigation the page asked for during the action may take to begin. */
const REQUESTED_BEGIN_MS = 500;

/** How long news of a download may take after what started it. */
const DOWNLOAD_NEWS_MS = 1000;

/** How long a child frame's navigation that began during the action may take to commit. */
const FRAME_COMMIT_MS = 2000;

/** How long a navigation the action started may take to load before we report it as started only. */
const NAVIGATION_WAIT_MS = 10_000;

/** Through CDP when the debugger is on the tab (a third of the content-script hop's time), else through the content script. */
export function roundTripThroughPage(tabId: number): Promise<unknown> {
  const trip = isAttached(tabId) ? cdp(tabId, 'Runtime.evaluate', { expression: '0', silent: true }) : sendToFrame(tabId, 0, { type: 'ping' });
  return trip.catch(() => undefined);
}

/** How long the frame tree may take: a page on its way out or blocked gives none (it then counts as not known). */
const FRAME_TREE_MS = 1000;

async function mainFrameId(tabId: number): Promise<string | undefined> {
  const tree = cdp<{ frameTree: { frame: { id: string } } }>(tabId, 'Page.getFrameTree').catch(() => null);
  return (await within(tree, FRAME_TREE_MS, null))?.frameTree.frame.id;
}

/**
 * Runs the action and reports what it caused. With `fileChoosers` (clicks and
 * keys, which can open one) a file chooser it opens is intercepted and left
 * for browser_file_upload (file-chooser.ts).
 */
export async function withEffects<T>(
  tabId: number,
  signal: AbortSignal,
  act: () => Promise<T>,
  /**
   * settled: `act` ends with roundTripThroughPage already (its answer also orders the page's navigation requests before it).
   * downloadExpected: asked after `act`; true when the input reached a download link, whose download the browser creates a moment later.
   * announced: asked after `act`; what the main frame announced, when `act`'s last trip there brought it (a click's guard).
   * frameId: the frame the input went into, where the tab's next call asks what it said after the report too (untold.ts).
   * since: when the action began (Date.now()), before `act`: a field focused to type into opens a date picker, whose news is the action's.
   */
  options: { frameId?: number; fileChoosers?: boolean; settled?: boolean; downloadExpected?: () => boolean; announced?: () => Announcement[] | undefined; since?: number } = {},
): Promise<{ value: T | undefined; effects: Effects }> {
  // Timed out or cancelled while its element was waited for: the tab's next command may be running already.
  signal.throwIfAborted();
  // Before the first CDP call below, which a navigation in flight would hold.
  await assertNotNavigating(tabId);
  let navigationStarted: string | undefined;
  // Where the latest navigation ended (its URL, or why it failed); undefined while a new document loads.
  // A search box that puts each key's text in the URL (mdBook's) changes it once per key: the last is told.
  let landed: string | undefined;
  let onLanded: (() => void) | undefined;
  const land = (url: string) => {
    landed = url;
    onLanded?.();
  };
  const untilLanded = () => new Promise<string>((resolve) => {
    if (landed !== undefined) resolve(landed);
    else onLanded = () => resolve(landed!);
  });
  const newTabs: { id: number; url: string }[] = [];
  let dialog: OpenDialog | undefined;
  let dialogOpened: () => void = () => undefined;
  const dialogPromise = new Promise<'dialog'>((resolve) => (dialogOpened = () => resolve('dialog')));

  // A form the input submitted navigates in a task of its own, which can
  // run after the round trip that ends the action (measured: 1 time in 3),
  // but the renderer announces it at once, while the input is handled.
  // Navigations the page asked for while the input was handled, in any frame (a child
  // frame's through its own session when it runs in another process).
  const requested: { frameId: string; sessionId?: string }[] = [];
  let requestedBegan: () => void = () => undefined;
  const began = new Promise<void>((resolve) => (requestedBegan = resolve));
  const stopRequested = onCdpEvent('Page.frameRequestedNavigation', (id, params, sessionId) => {
    const { disposition, frameId } = params as { disposition: string; frameId: string };
    if (id === tabId && disposition === 'currentTab') requested.push({ frameId, sessionId });
  });
  // Child frames that began to navigate during the action, and those a person's input sent
  // (Chromium's manual_subframe; an ad's own refresh is auto_subframe and is not reported).
  const framesStarted = new Set<number>();
  const framesNavigated: string[] = [];
  let frameBegan: () => void = () => undefined;
  const frameBegun = new Promise<void>((resolve) => (frameBegan = resolve));
  // A new document replaces the page (its requests go with it); a same-document one (a router's pushState) keeps it.
  let newDocument = false;
  const onBefore = (d: { tabId: number; frameId: number; url: string }) => {
    if (d.tabId !== tabId) return;
    if (d.frameId !== 0) {
      framesStarted.add(d.frameId);
      frameBegan();
      return;
    }
    navigationStarted = d.url;
    newDocument = true;
    landed = undefined;
    requestedBegan();
  };
  let navigatedStatus: number | undefined;
  const onCompleted = (d: { tabId: number; frameId: number; url: string }) => {
    if (d.tabId !== tabId || d.frameId !== 0 || !navigationStarted) return;
    const status = newDocument ? statusOf(tabId, d.url) : undefined;
    if (status !== undefined && (status < 200 || status >= 300)) navigatedStatus = status;
    land(d.url);
  };
  const onError = (d: { tabId: number; frameId: number; url: string; error: string }) => {
    if (d.tabId === tabId && d.frameId !== 0) framesStarted.delete(d.frameId);
    else if (d.tabId === tabId && navigationStarted) {
      const hint = navigationErrorHint(d.error);
      land(`${d.url} (failed: ${hint ? `${d.error}.${hint}` : d.error})`);
    }
  };
  const onSameDocument = (d: { tabId: number; frameId: number; url: string }) => {
    if (d.tabId === tabId && d.frameId === 0) {
      navigationStarted = d.url;
      land(d.url);
    }
  };
  let download: { id: number; url: string } | undefined;
  const onDownload = (item: chrome.downloads.DownloadItem) => {
    download = { id: item.id, url: item.finalUrl || item.url };
  };
  const onCreated = (d: { sourceTabId: number; tabId: number; url: string }) => {
    if (d.sourceTabId === tabId) newTabs.push({ id: d.tabId, url: d.url });
  };
  const onFrameCommitted = (d: { tabId: number; frameId: number; url: string; transitionType: string }) => {
    if (d.tabId !== tabId || !framesStarted.delete(d.frameId)) return;
    if (d.transitionType === 'manual_subframe') framesNavigated.push(d.url);
  };
  // The page closed its own tab (window.close() in a popup it was opened as).
  let tabClosed = false;
  const onRemoved = (removedId: number) => void (removedId === tabId && (tabClosed = true));
  let fileChooser: FileChooser | undefined;
  const stopChooser = onFileChooser((id, chooser) => {
    if (id === tabId) fileChooser = chooser;
  });
  const stopDialog = onDialogOpened((id, opened) => {
    if (id !== tabId) return;
    dialog = opened;
    dialogOpened();
  });
  const nav = chrome.webNavigation;
  const unsubscribe = listenAll([
    on(nav.onBeforeNavigate, onBefore),
    on(nav.onCompleted, onCompleted),
    on(nav.onErrorOccurred, onError),
    on(nav.onReferenceFragmentUpdated, onSameDocument),
    on(nav.onHistoryStateUpdated, onSameDocument),
    on(nav.onCreatedNavigationTarget, onCreated),
    on(chrome.downloads.onCreated, onDownload),
    on(chrome.tabs.onRemoved, onRemoved),
    on(nav.onCommitted, onFrameCommitted),
  ]);
  const requests = watchRequests(tabId);
  // The worker's and the page's Date.now() are one clock: announcements from here on are the action's.
  const since = options.since ?? Date.now();
  // And what it said before, after the last action's report was made: told with this one. Asked beside
  // the action, not before it: the clock, not the order of the trips, keeps the two apart.
  const earlier = askUntold(tabId, since);
  let intercepting = false;
  try {
    // Awaited: without, input sent right behind it opened the native chooser in 2 of 3 runs.
    if (options.fileChoosers) intercepting = await interceptFileChoosers(tabId).then(() => true, () => false);
    // A dialog blocks the input call until it is handled: report it instead of waiting.
    // An action whose own page request a dialog cut short (DIALOG_OPEN) opened it: report it as its effect.
    const acting = act().catch((error: unknown) => {
      if (dialog && error instanceof AgentError && error.code === 'DIALOG_OPEN') return 'dialog' as const;
      // The input made the page close its own tab before the input's acknowledgement came back
      // (window.close() on a click; seen once in a full test run): the input arrived.
      if (error instanceof AgentError && error.code === 'TAB_CLOSED') {
        tabClosed = true;
        return 'closed' as const;
      }
      throw error;
    });
    const value = await Promise.race([acting, dialogPromise]);
    let busy = false;
    if (value !== 'dialog' && value !== 'closed' && !options.settled) {
      // One round trip through the page's main thread: by then a navigation
      // or window.open the input triggered has reached the browser. A dialog
      // the page opens meanwhile blocks that thread, so it ends the wait too.
      const settled = await Promise.race([settleOrBusy(tabId, roundTripThroughPage(tabId)), dialogPromise]);
      if (settled === 'busy') busy = true;
    }
    // Found blocked as the action went on (a script its input started a moment later never ends): its
    // last trip through the page failed at once, which is no settling either.
    if (value !== 'dialog' && value !== 'closed' && knownBlocked(tabId)) busy = true;

    // What the page fetched in answer: the data a snapshot right after should show (requests.ts).
    // Before the navigation checks: a login form's fetch is often answered by a redirect, which
    // begins only then and ends the wait.
    const started = !newDocument && !dialog && !tabClosed && !busy && !knownBlocked(tabId)
      ? await requests.settle(signal, () => newDocument || !!dialog || tabClosed, async () => (await browser.tabs.get(tabId).catch(() => null))?.url)
      : undefined;
    // Requested but not begun yet: a moment for it to begin in the main frame. A same-process
    // child frame's request comes through the same session: it begins in the frame, never here.
    // Without the frame tree (the page is on its way out), a request there counts as the main frame's.
    // The page that comes next may open a dialog as it loads (a welcome alert): the waits from here
    // on that need the page end with it, as the action's report then names the dialog.
    const dialogShown = dialogPromise.then(() => undefined);
    const mainFrame = requested.some((r) => !r.sessionId) ? await Promise.race([mainFrameId(tabId), dialogShown]) : undefined;
    const inMainFrame = (r: { frameId: string; sessionId?: string }) => !r.sessionId && (mainFrame === undefined || r.frameId === mainFrame);
    if (!navigationStarted && !dialog && requested.some(inMainFrame)) {
      await within(began, REQUESTED_BEGIN_MS, undefined);
    }
    const frameRequested = requested.some((r) => !inMainFrame(r));
    if (navigationStarted && !dialog) {
      const aborted = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined)));
      const arrived = await within(Promise.race([untilLanded(), aborted, dialogShown]), NAVIGATION_WAIT_MS, undefined);
      // Its dialog holds the new page's load: the report names the dialog instead.
      navigationStarted = arrived === undefined ? (dialog ? navigationStarted : `${navigationStarted} (still loading)`) : landed ?? arrived;
      // A download aborts the navigation and is announced just after it.
      if (/ERR_ABORTED/.test(navigationStarted)) await pollUntil(() => download !== undefined, DOWNLOAD_NEWS_MS);
    }
    // A download link's download does not navigate; measured once in CI, it was created after the action's round trips.
    if (options.downloadExpected?.() && !dialog) await pollUntil(() => download !== undefined || navigationStarted !== undefined, DOWNLOAD_NEWS_MS);
    // Its file, once it has ended (a report, an export: a moment), or as it stands after a few seconds.
    const downloaded = download && { url: download.url, ...(await settleDownload(download.id, DOWNLOAD_SETTLE_MS, signal)) };
    // A link inside a frame loads its page there: the frame's refs are gone once it commits.
    // Only when the input asked a frame to navigate: frames the page adds or refreshes meanwhile are not waited for.
    // The browser starts that navigation a moment after the page asked (measured in CI: a link aimed at a
    // frame of another site was reported as no navigation once), so a moment for it to begin first.
    if (frameRequested && !dialog && !tabClosed) {
      await within(frameBegun, REQUESTED_BEGIN_MS, undefined);
      if (framesStarted.size) await pollUntil(() => framesStarted.size === 0, FRAME_COMMIT_MS);
    }
    // What the page told its screen-reader users meanwhile (a toast, an error): from the page that is still there.
    // Asked again only when the page answered requests since act's own trip. A handler may
    // have blocked the page meanwhile (act found it so, or the answer to a request did).
    const early = options.announced?.();
    let announced: Announcement[] | undefined;
    if (!newDocument && !dialog && !tabClosed && !busy && !knownBlocked(tabId)) {
      const asked = early && !started ? { value: early } : await settleOrBusy(tabId, tryFrame(tabId, 0, { type: 'announcements', since }).catch(() => undefined));
      if (asked === 'busy') busy = true;
      else announced = asked.value;
    }
    const before = await earlier.told();
    reportMade(tabId, started, options.frameId ?? 0);
    // A handler that failed: what it threw (the click did nothing, and only the console said why).
    const threw = thrownSince(tabId, since - THROWN_SLACK_MS);
    for (const tab of newTabs) {
      const current = await browser.tabs.get(tab.id).catch(() => null);
      if (current) tab.url = current.pendingUrl ?? current.url ?? tab.url;
    }
    return {
      value: value === 'dialog' || value === 'closed' ? undefined : (value as T),
      effects: {
        ...(navigationStarted ? { navigatedTo: navigationStarted } : {}),
        ...(navigatedStatus !== undefined ? { navigatedStatus } : {}),
        ...(framesNavigated.length ? { framesNavigated } : {}),
        ...(newTabs.length ? { newTabs } : {}),
        ...(dialog ? { dialog } : {}),
        ...(downloaded ? { download: downloaded } : {}),
        ...(fileChooser ? { fileChooser: { multiple: fileChooser.multiple } } : {}),
        ...(busy && !tabClosed ? { unresponsive: true } : {}),
        ...(tabClosed ? { tabClosed } : {}),
        ...(started ? { requests: started } : {}),
        ...(announced?.length ? { announced } : {}),
        ...(before.announced ? { announcedBefore: before.announced } : {}),
        ...(before.text ? { textShownBefore: before.text } : {}),
        ...(threw.length ? { threw: { errors: threw.slice(0, MAX_THROWN).map(thrownLine), more: Math.max(0, threw.length - MAX_THROWN) } } : {}),
      },
    };
  } finally {
    requests.stop();
    stopRequested();
    unsubscribe();
    stopDialog();
    stopChooser();
    // Off again a while after the action, whichever way it ended; a chooser it opened stays waiting.
    if (intercepting) stopInterceptingSoon(tabId);
  }
}
