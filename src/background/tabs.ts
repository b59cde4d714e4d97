/**
 * Which tabs the agent controls and which one is current. Persisted in
 * chrome.storage.session so a restarted service worker routes exactly as
 * before.
 */
import browser from 'webextension-polyfill';
import { AgentError } from '../shared/errors.ts';
import type { TabInfo } from '../shared/protocol.ts';

interface AgentTabs {
  ids: number[];
  current: number | null;
  /** Highest ref number issued per tab; refs are never reissued in a tab (see snapshot engine). */
  refFloors: Record<string, number>;
}

const KEY = 'agentTabs';

async function load(): Promise<AgentTabs> {
  const { [KEY]: state } = (await browser.storage.session.get(KEY)) as { [KEY]?: AgentTabs };
  return state ?? { ids: [], current: null, refFloors: {} };
}

// Every read-modify-write goes through this chain so concurrent commands
// cannot lose each other's updates.
let chain: Promise<unknown> = Promise.resolve();
function update<T>(fn: (state: AgentTabs) => T | Promise<T>): Promise<T> {
  const run = chain.then(async () => {
    const state = await load();
    const result = await fn(state);
    await browser.storage.session.set({ [KEY]: state });
    return result;
  });
  chain = run.catch(() => undefined);
  return run;
}

export async function agentTabIds(): Promise<number[]> {
  return (await load()).ids;
}

const adoptHooks: ((tabId: number) => void)[] = [];

/** Runs whenever the agent takes a new tab (capture starts there). */
export function onTabAdopted(hook: (tabId: number) => void): void {
  adoptHooks.push(hook);
}

/** Adds a tab to the agent's set and makes it current. */
export async function adoptTab(tabId: number, makeCurrent = true): Promise<void> {
  const isNew = await update((state) => {
    const fresh = !state.ids.includes(tabId);
    if (fresh) state.ids.push(tabId);
    if (makeCurrent || state.current === null) state.current = tabId;
    return fresh;
  });
  if (isNew) for (const hook of adoptHooks) hook(tabId);
}

export function forgetTab(tabId: number): Promise<void> {
  return update((state) => {
    state.ids = state.ids.filter((id) => id !== tabId);
    delete state.refFloors[tabId];
    if (state.current === tabId) state.current = state.ids.at(-1) ?? null;
  });
}

/**
 * The tab a command acts on: the given id if the agent controls it, else the
 * current tab. Throws TAB_NOT_FOUND naming the valid ids, or NO_TAB.
 */
export async function resolveTab(tabId: number | undefined): Promise<number> {
  const state = await load();
  if (tabId !== undefined) {
    if (!state.ids.includes(tabId) || !(await tabExists(tabId))) {
      throw new AgentError('TAB_NOT_FOUND', `Tab ${tabId} is not one of the agent's tabs. Valid tab ids: ${state.ids.join(', ') || 'none'}.`);
    }
    return tabId;
  }
  if (state.current !== null && (await tabExists(state.current))) return state.current;
  throw new AgentError('NO_TAB', 'The agent has no tab yet: call browser_navigate with a URL to open one.');
}

/** Current tab if any, without throwing. */
export async function currentTab(): Promise<number | null> {
  const state = await load();
  return state.current !== null && (await tabExists(state.current)) ? state.current : null;
}

export async function listTabs(): Promise<TabInfo[]> {
  const state = await load();
  const tabs: TabInfo[] = [];
  for (const id of state.ids) {
    const tab = await browser.tabs.get(id).catch(() => null);
    if (!tab) continue;
    tabs.push({ id, title: tab.title ?? '', url: tab.url ?? '', current: id === state.current, loading: tab.status === 'loading' });
  }
  return tabs;
}

export async function refFloor(tabId: number): Promise<number> {
  return (await load()).refFloors[tabId] ?? 0;
}

export function raiseRefFloor(tabId: number, maxRef: number): Promise<void> {
  return update((state) => {
    state.refFloors[tabId] = Math.max(state.refFloors[tabId] ?? 0, maxRef);
  });
}

async function tabExists(tabId: number): Promise<boolean> {
  return (await browser.tabs.get(tabId).catch(() => null)) !== null;
}

/** Keeps the set honest when the user closes a tab, and follows tabs the agent's pages open. */
export function watchTabs(onOpenedByAgentPage: (tabId: number, url: string, openerTabId: number) => void): void {
  browser.tabs.onRemoved.addListener((tabId) => {
    void forgetTab(tabId);
    void browser.storage.session.remove(`frames:${tabId}`);
  });
  browser.tabs.onCreated.addListener(async (tab) => {
    if (tab.id === undefined || tab.openerTabId === undefined) return;
    if (!(await agentTabIds()).includes(tab.openerTabId)) return;
    await adoptTab(tab.id, false);
    onOpenedByAgentPage(tab.id, tab.pendingUrl ?? tab.url ?? '', tab.openerTabId);
  });
}
