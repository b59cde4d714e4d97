import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { normalizeUrl } from '../../shared/urls.ts';
import { detach } from '../cdp.ts';
import { onDialogOpened, openDialog } from '../actions/dialogs.ts';
import { handleDialog } from '../actions/dialogs-cdp.ts';
import { roundTripThroughPage } from '../actions/effects.ts';
import { navigateAndWait } from '../navigation.ts';
import type { CommandContext } from '../router.ts';
import { adoptTab, currentTab, discardTab, listTabs, resolveTab } from '../tabs.ts';
import type { SessionInfo } from '../../shared/protocol.ts';
import { loadingBudget, openAgentTab, pageUrlFor } from './navigate.ts';
import { isBlocked } from '../unresponsive.ts';
import { pollUntil, within } from '../timing.ts';

export async function tabsList(_params: Params<'tabs.list'>, ctx: CommandContext): Promise<Result<'tabs.list'>> {
  return { tabs: await listTabs(ctx.session) };
}

export async function tabsNew(params: Params<'tabs.new'>, ctx: CommandContext): Promise<Result<'tabs.new'>> {
  const base = params.url === undefined ? undefined : await pageUrlFor(params.url, (await currentTab(ctx.session)) ?? undefined);
  const url = params.url === undefined ? undefined : normalizeUrl(params.url, { allowFile: params.allowFile, base });
  const tabId = await openAgentTab(ctx.session);
  if (url) await navigateAndWait(tabId, () => browser.tabs.update(tabId, { url }), { expectUrl: url, waitUntil: 'load', capLoad: true, signal: loadingBudget(ctx) });
  return info(tabId, ctx.session);
}

export async function tabsSelect(params: Params<'tabs.select'>, ctx: CommandContext): Promise<Result<'tabs.select'>> {
  const tabId = await resolveTab(params.tabId);
  await adoptTab(tabId, true, ctx.session);
  await browser.tabs.update(tabId, { active: true });
  return info(tabId, ctx.session);
}

export async function tabsClose(params: Params<'tabs.close'>, ctx: CommandContext): Promise<Result<'tabs.close'>> {
  const tabId = await resolveTab(params.tabId);
  // Closing the browser's last tab would end the browser: the person's own, or the managed one.
  if ((await browser.tabs.query({})).length === 1) {
    const { windowId } = await browser.tabs.get(tabId);
    await browser.tabs.create({ windowId, active: true });
  }
  const removed = await closeTab(tabId);
  // tabs.onRemoved updates the agent's set; wait for it so "current" is right.
  await pollUntil(async () => (await currentTab(ctx.session)) !== removed, 500, 10);
  return { closed: tabId, current: await currentTab(ctx.session) };
}

/** How long a page may take to go before it is probed for a blocked main thread. */
const LEAVE_MS = 1_000;
/** How long a page may then take to go (a beforeunload handler runs first). */
const CLOSE_MS = 5_000;

/**
 * Closes the tab even when its page asks before it is left: the agent asked
 * to close, as Playwright's page.close() does by default. Chrome runs the
 * beforeunload handlers on tabs.remove and waits on the dialog, so it is
 * accepted through the debugger, still attached for that. Returns the id
 * the tab had when it went (a blocked page's tab is discarded first).
 */
async function closeTab(tabId: number): Promise<number> {
  const stop = onDialogOpened((id, dialog) => {
    if (id === tabId && dialog.type === 'beforeunload') void handleDialog(tabId, true).catch(() => undefined);
  });
  const dialog = openDialog(tabId);
  if (dialog?.type === 'beforeunload') {
    await handleDialog(tabId, false).catch(() => undefined);
    // Until the page has taken the answer: a close asked for at once was at times never carried out (1 in 6, Chromium 156).
    await roundTripThroughPage(tabId);
  }
  try {
    const removed = browser.tabs.remove(tabId).then(() => true);
    removed.catch(() => undefined);
    if (await within(removed, LEAVE_MS, false)) return tabId;
    if (await isBlocked(tabId)) {
      // A blocked page cannot run its unload handlers, and Chrome waits for them.
      const replacement = await discardTab(tabId);
      await browser.tabs.remove(replacement);
      return replacement;
    }
    if (await within(removed, CLOSE_MS, false)) return tabId;
    throw new AgentError('DIALOG_OPEN', `The page in tab ${tabId} did not close: it asks before it is left, and the extension cannot answer for it (the debugger is not on this tab). Answer the page's dialog in the browser, or navigate the tab elsewhere first.`);
  } finally {
    stop();
    await detach(tabId);
  }
}

async function info(tabId: number, session: SessionInfo): Promise<Result<'tabs.new'>> {
  const tab = (await listTabs(session)).find((t) => t.id === tabId);
  if (!tab) throw new AgentError('TAB_CLOSED', `Tab ${tabId} closed right after opening.`);
  return tab;
}
