import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result, SessionInfo } from '../../shared/protocol.ts';
import { isRelative, normalizeUrl } from '../../shared/urls.ts';
import { cdp, ensureAttached } from '../cdp.ts';
import { evaluateValue } from '../devtools/evaluate.ts';
import { openChannel } from '../channel.ts';
import { answeredPost, navigateAndWait, type NavigationOutcome } from '../navigation.ts';
import type { CommandContext } from '../router.ts';
import { discardTab, openTabFor, resolveTab } from '../tabs.ts';
import { openDialog, unlessDialog, type OpenDialog } from '../actions/dialogs.ts';
import { isBlocked } from '../unresponsive.ts';
import { waitBudget } from '../timing.ts';

export async function navigate(params: Params<'navigate'>, ctx: CommandContext): Promise<Result<'navigate'>> {
  const url = normalizeUrl(params.url, { allowFile: params.allowFile, base: await pageUrlFor(params.url, params.tabId) });
  const opened = params.tabId ?? (await openAgentTab(ctx.session));
  const left = params.tabId !== undefined && !openDialog(opened) ? await leaveIfBlocked(opened, ctx.signal) : null;
  const tabId = left?.tabId ?? opened;
  // An open dialog holds the page (and a beforeunload one opens as it leaves): the agent decides first.
  const openBefore = openDialog(tabId);
  const outcome = await unlessDialog(tabId, () => navigateAndWait(tabId, () => browser.tabs.update(tabId, { url }), {
    expectUrl: url,
    waitUntil: params.waitUntil ?? 'load',
    capLoad: params.waitUntil === undefined,
    signal: loadingBudget(ctx),
  })).catch((error: unknown) => loadedWithDialog(tabId, error, openBefore));
  return describe(tabId, outcome, left);
}

/** For a path ("/cart"): the address of the page in the tab, whose site it goes to, as a link there would. */
export async function pageUrlFor(input: string, tabId: number | undefined): Promise<string | undefined> {
  if (!isRelative(input.trim()) || tabId === undefined) return undefined;
  return (await browser.tabs.get(tabId).catch(() => null))?.url;
}

export async function history(params: Params<'history'>, ctx: CommandContext): Promise<Result<'history'>> {
  const resolved = await resolveTab(params.tabId);
  const waitUntil = params.waitUntil ?? 'load';
  // An open dialog also blocks the page; it is answered first (DIALOG_OPEN below).
  const left = openDialog(resolved) ? null : await leaveIfBlocked(resolved, ctx.signal);
  const tabId = left?.tabId ?? resolved;
  // A blocked page left for about:blank is reloaded by loading its URL again.
  let start: () => Promise<unknown> = () => (left ? browser.tabs.update(tabId, { url: left.url }) : browser.tabs.reload(tabId));
  if (params.direction === 'reload' && !left) {
    // Chromium would ask the person whether to send the form again, and wait for the answer.
    const { url = '' } = await browser.tabs.get(tabId);
    if (answeredPost(tabId, url)) {
      throw new AgentError('NAV_FAILED', `The page in tab ${tabId} is the answer to a form sent with POST: reloading it would send the form again (a second order, a second message). To load ${url} without sending anything, use browser_navigate; to send again, submit the form again.`);
    }
  }
  if (params.direction !== 'reload') {
    const { currentIndex, entries } = await cdp<{ currentIndex: number; entries: { id: number }[] }>(tabId, 'Page.getNavigationHistory');
    const entry = entries[currentIndex + (params.direction === 'back' ? -1 : 1)];
    if (!entry) {
      const tab = await browser.tabs.get(tabId);
      return { tabId, url: tab.url ?? '', title: tab.title ?? '', note: `There is no page to go ${params.direction} to; stayed on ${tab.url}.`, ...replaced(left) };
    }
    // By entry id: tabs.goBack skips entries Chrome's history intervention
    // marks as skippable (pages the user never interacted with).
    start = () => cdp(tabId, 'Page.navigateToHistoryEntry', { entryId: entry.id });
  }
  const openBefore = openDialog(tabId);
  const outcome = await unlessDialog(tabId, () => navigateAndWait(tabId, start, { waitUntil, capLoad: params.waitUntil === undefined, signal: loadingBudget(ctx) }))
    .catch((error: unknown) => loadedWithDialog(tabId, error, openBefore));
  return describe(tabId, outcome, left);
}

/**
 * A dialog the page opened as it loaded (a welcome alert, an age check): the navigation is done, and
 * the dialog is reported with it. As DIALOG_OPEN, the agent took the navigation for failed, handled
 * the dialog and navigated again, into the same dialog. One open before it began, one the page being
 * left opened (beforeunload) or a frame's stays an error: the navigation waits on it, or it is not the page's own.
 */
async function loadedWithDialog(tabId: number, error: unknown, openBefore: OpenDialog | undefined): Promise<NavigationOutcome & { dialog: OpenDialog }> {
  const dialog = openDialog(tabId);
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const opened = dialog && dialog !== openBefore && dialog.type !== 'beforeunload';
  if (!(error instanceof AgentError && error.code === 'DIALOG_OPEN') || !opened || !tab?.url || dialog.url !== tab.url) throw error;
  return { url: tab.url, dialog };
}

/** How long leaving a blocked page for about:blank may take before the tab is discarded instead. */
const LEAVE_MS = 2_000;

interface Left {
  /** The URL of the blocked page left behind. */
  url: string;
  /** The tab now: a new id when the tab had to be discarded. */
  tabId: number;
  /** The tab's old id, when it was discarded. */
  replacedTab?: number;
}

/**
 * A page whose main thread is blocked (unresponsive.ts) lets no same-site
 * navigation or reload commit; a browser navigation to about:blank does,
 * in a new renderer, after which the page's site loads normally again
 * (measured). One with a beforeunload handler does not let even that
 * commit, as Chrome waits for the handler: it is discarded, which unloads
 * it at once, and Chrome gives the tab a new id (tabs.ts follows it).
 * Returns null when the page answers.
 */
async function leaveIfBlocked(tabId: number, signal: AbortSignal): Promise<Left | null> {
  if (!(await isBlocked(tabId))) return null;
  const { url = '' } = await browser.tabs.get(tabId);
  try {
    await navigateAndWait(tabId, () => cdp(tabId, 'Page.navigate', { url: 'about:blank' }), {
      expectUrl: 'about:blank',
      waitUntil: 'load',
      signal: AbortSignal.any([signal, AbortSignal.timeout(LEAVE_MS)]),
    });
    return { url, tabId };
  } catch (error) {
    if (signal.aborted || !(error instanceof AgentError && error.code === 'NAV_TIMEOUT')) throw error;
  }
  return { url, tabId: await discardTab(tabId), replacedTab: tabId };
}

const replaced = (left: Left | null) => (left?.replacedTab !== undefined ? { replacedTab: left.replacedTab } : {});

/**
 * Ends the wait for a page to load a second before the command's timeout,
 * so the agent gets NAV_TIMEOUT saying what was awaited, not a bare TIMEOUT.
 */
export function loadingBudget(ctx: CommandContext): AbortSignal {
  return AbortSignal.any([ctx.signal, AbortSignal.timeout(waitBudget(ctx.timeoutMs))]);
}

/** A new tab for the session: opened for it rather than taking over one of the user's. */
export async function openAgentTab(session: SessionInfo): Promise<number> {
  const tabId = await openTabFor(session, async () => (await browser.tabs.create({ url: 'about:blank', active: true })).id!);
  // The first page must load with the debugger on: capture and the page scripts start with it.
  // Without a debugger (a policy, DevTools) the tab still works, with less.
  await ensureAttached(tabId).catch(() => undefined);
  // Navigating while the new tab's own about:blank load is in flight can lose
  // our navigation to it; let that load finish first.
  for (let i = 0; i < 100 && (await browser.tabs.get(tabId)).status !== 'complete'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return tabId;
}

async function describe(tabId: number, outcome: NavigationOutcome & { dialog?: OpenDialog }, left: Left | null): Promise<Result<'navigate'>> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab) throw new AgentError('TAB_CLOSED', `Tab ${tabId} closed during the navigation.`);
  if (!outcome.download) openChannel(tabId, 0);
  const { dialog } = outcome;
  return {
    tabId,
    url: outcome.download ? outcome.url : tab.url ?? outcome.url,
    // The page cannot be asked while its dialog is open.
    title: dialog ? tab.title ?? '' : await titleOf(tabId, tab, outcome.sameDocument),
    ...(dialog ? { dialog: { type: dialog.type, message: dialog.message, ...(dialog.defaultPrompt !== undefined ? { defaultPrompt: dialog.defaultPrompt } : {}) } } : {}),
    ...(outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(outcome.download ? { download: outcome.download } : {}),
    ...(outcome.stillLoading ? { stillLoading: outcome.stillLoading } : {}),
    ...(outcome.redirectedFrom ? { redirectedFrom: outcome.redirectedFrom } : {}),
    ...(outcome.requests ? { requests: outcome.requests } : {}),
    ...replaced(left),
  };
}

/**
 * The page's title. Just after a load the tab may still show its stand-in, the
 * URL without its scheme (Chrome updates it a moment later): then the page says.
 * So it does within one document (a single-page app's back): the tab shows the
 * history entry's title until Chrome catches up with the one its router set.
 */
async function titleOf(tabId: number, tab: browser.Tabs.Tab, sameDocument?: true): Promise<string> {
  const title = tab.title ?? '';
  if (title && !tab.url?.endsWith(title) && !sameDocument) return title;
  const own = await evaluateValue<string>(tabId, 'document.title').catch(() => '');
  return own || title;
}
