import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { normalizeUrl } from '../../shared/urls.ts';
import { detach } from '../cdp.ts';
import { navigateAndWait } from '../navigation.ts';
import type { CommandContext } from '../router.ts';
import { adoptTab, currentTab, listTabs, resolveTab } from '../tabs.ts';
import type { SessionInfo } from '../../shared/protocol.ts';
import { loadingBudget, openAgentTab } from './navigate.ts';

export async function tabsList(_params: Params<'tabs.list'>, ctx: CommandContext): Promise<Result<'tabs.list'>> {
  return { tabs: await listTabs(ctx.session) };
}

export async function tabsNew(params: Params<'tabs.new'>, ctx: CommandContext): Promise<Result<'tabs.new'>> {
  const url = params.url === undefined ? undefined : normalizeUrl(params.url, { allowFile: params.allowFile });
  const tabId = await openAgentTab(ctx.session);
  if (url) await navigateAndWait(tabId, () => browser.tabs.update(tabId, { url }), { expectUrl: url, waitUntil: 'load', signal: loadingBudget(ctx) });
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
  await detach(tabId);
  await browser.tabs.remove(tabId);
  // tabs.onRemoved updates the agent's set; wait for it so "current" is right.
  for (let i = 0; i < 50 && (await currentTab(ctx.session)) === tabId; i++) await new Promise((r) => setTimeout(r, 10));
  return { closed: tabId, current: await currentTab(ctx.session) };
}

async function info(tabId: number, session: SessionInfo): Promise<Result<'tabs.new'>> {
  const tab = (await listTabs(session)).find((t) => t.id === tabId);
  if (!tab) throw new AgentError('TAB_CLOSED', `Tab ${tabId} closed right after opening.`);
  return tab;
}
