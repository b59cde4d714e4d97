/**
 * Which tabs each agent session controls and which one is current. Each
 * MCP client is a session with its own tabs, shown as a named Chrome tab
 * group; a session never sees another session's tabs or the user's other
 * tabs. Persisted in chrome.storage.session so a restarted service worker
 * routes exactly as before.
 */
import browser from 'webextension-polyfill';
import { AgentError } from '../shared/errors.ts';
import type { SessionInfo, TabInfo } from '../shared/protocol.ts';
import { takingTurns } from '../shared/turns.ts';
import { keepLoaded } from './unloaded-tabs.ts';

interface Session {
  name: string;
  ids: number[];
  current: number | null;
  groupId?: number;
}

interface AgentTabs {
  sessions: Record<string, Session>;
  /**
   * The end of the last block of ref numbers handed to a tab (ref-leases.ts). Refs are never reissued,
   * in a tab or across tabs: a ref from one tab used in another is stale there, never another element.
   */
  refsIssued: number;
  /** What an older worker kept instead: the highest per tab. Read once, into refsIssued. */
  refFloors?: Record<string, number>;
  /** A managed browser's first session has taken the tabs open at launch. */
  claimed?: boolean;
  /** An agent tab's id before Chrome swapped it → the id it got (replaceTab), so the agent's old id still names it. */
  replaced?: Record<string, number>;
}

const KEY = 'agentTabs';
const GROUP_COLORS = ['blue', 'purple', 'cyan', 'green', 'orange', 'pink', 'red', 'yellow', 'grey'] as const;

// Only this worker writes the state, so it is read from storage once per
// worker start and kept here: every command consults it, and a storage read
// is a round trip to the browser process.
let cached: Promise<AgentTabs> | undefined;

function load(): Promise<AgentTabs> {
  cached ??= (async () => {
    const { [KEY]: state } = (await browser.storage.session.get(KEY)) as { [KEY]?: AgentTabs };
    if (!state?.sessions) return { sessions: {}, refsIssued: 0 };
    const { refFloors, ...rest } = state;
    const loaded = { ...rest, refsIssued: Math.max(state.refsIssued ?? 0, ...Object.values(refFloors ?? {})) };
    floorNow = Math.max(floorNow, loaded.refsIssued);
    return loaded;
  })();
  return cached;
}

/** refsIssued as last read or raised, for what must not wait for storage (ref-leases.ts). */
let floorNow = 0;

/** refsIssued, known without a storage read once refFloor() has answered. */
export function refFloorNow(): number {
  return floorNow;
}

// Every read-modify-write goes through this chain so concurrent commands
// cannot lose each other's updates.
const inTurn = takingTurns();
function update<T>(fn: (state: AgentTabs) => T | Promise<T>): Promise<T> {
  return inTurn(KEY, async () => {
    const state = await load();
    const result = await fn(state);
    await browser.storage.session.set({ [KEY]: state });
    return result;
  });
}

function sessionOf(state: AgentTabs, info: SessionInfo): Session {
  const session = (state.sessions[info.id] ??= { name: info.name, ids: [], current: null });
  session.name = info.name;
  return session;
}

/** Every tab any session controls. */
export async function agentTabIds(): Promise<number[]> {
  return Object.values((await load()).sessions).flatMap((s) => s.ids);
}

export async function sessionIdOfTab(tabId: number): Promise<string | null> {
  const { sessions } = await load();
  return Object.entries(sessions).find(([, s]) => s.ids.includes(tabId))?.[0] ?? null;
}

const adoptHooks: ((tabId: number) => void)[] = [];

/** Runs whenever a session takes a new tab (capture starts there). */
export function onTabAdopted(hook: (tabId: number) => void): void {
  adoptHooks.push(hook);
}

/** Adds a tab to a session (taking it from any other) and groups it with the session's tabs. */
export async function adoptTab(tabId: number, makeCurrent: boolean, info: SessionInfo): Promise<void> {
  const isNew = await update((state) => {
    for (const [id, other] of Object.entries(state.sessions)) if (id !== info.id) removeFrom(other, tabId);
    const session = sessionOf(state, info);
    const fresh = !session.ids.includes(tabId);
    if (fresh) session.ids.push(tabId);
    if (makeCurrent || session.current === null) session.current = tabId;
    return fresh;
  });
  if (!isNew) return;
  keepLoaded(tabId, true);
  await groupTab(tabId, info);
  for (const hook of adoptHooks) hook(tabId);
}


function removeFrom(session: Session, tabId: number): void {
  session.ids = session.ids.filter((id) => id !== tabId);
  if (session.current === tabId) session.current = session.ids.at(-1) ?? null;
}

const releaseHooks: ((tabId: number) => void)[] = [];

/** Runs when a tab leaves every session (taken back by the user, or closed): let go of it. */
export function onTabReleased(hook: (tabId: number) => void): void {
  releaseHooks.push(hook);
}

/** Removes a tab from every session. */
export async function forgetTab(tabId: number, closed = false): Promise<void> {
  await update((state) => {
    for (const session of Object.values(state.sessions)) removeFrom(session, tabId);
  });
  if (!closed) keepLoaded(tabId, false);
  for (const hook of releaseHooks) hook(tabId);
}

/**
 * The tab a session's command acts on: the given id if this session controls
 * it, else the session's current tab (null if it has none).
 */
export async function sessionTab(info: SessionInfo, tabId: number | undefined): Promise<number | null> {
  // Swapped by Chrome under a new id (a page unloaded to save memory): the agent's id still names it.
  if (tabId !== undefined && (await currentId(tabId)) !== tabId) {
    await replacing;
    tabId = await currentId(tabId);
  }
  const session = (await load()).sessions[info.id];
  const ids = session?.ids ?? [];
  if (tabId !== undefined) {
    const valid = `Valid tab ids: ${ids.filter((id) => !closed.has(id)).join(', ') || 'none'}.`;
    // Closed a moment ago (by the person, or its page): said as such, whether or not the news has come yet.
    if (closed.has(tabId) || (ids.includes(tabId) && !(await tabExists(tabId)))) throw new AgentError('TAB_CLOSED', `Tab ${tabId} is closed. ${valid}`);
    if (!ids.includes(tabId)) throw new AgentError('TAB_NOT_FOUND', `Tab ${tabId} is not one of this agent's tabs. ${valid}`);
    return tabId;
  }
  const current = session?.current ?? null;
  return current !== null && (await tabExists(current)) ? current : null;
}

/**
 * For handlers: the router has already checked the session and filled in
 * tabId, so undefined means the session has no tab.
 */
export async function resolveTab(tabId: number | undefined): Promise<number> {
  if (tabId === undefined) throw new AgentError('NO_TAB', 'The agent has no tab yet: call browser_navigate with a URL to open one.');
  // The router has just seen the tab exist; a tab closed since then fails the command with TAB_CLOSED.
  if (!(await agentTabIds()).includes(tabId)) {
    throw new AgentError('TAB_NOT_FOUND', `Tab ${tabId} is not one of the agent's tabs.`);
  }
  return tabId;
}

export async function listTabs(info: SessionInfo): Promise<TabInfo[]> {
  const session = (await load()).sessions[info.id];
  const tabs: TabInfo[] = [];
  for (const id of session?.ids ?? []) {
    const tab = await browser.tabs.get(id).catch(() => null);
    if (!tab) continue;
    tabs.push({ id, title: tab.title ?? '', url: tab.url ?? '', current: id === session!.current, loading: tab.status === 'loading' });
  }
  return tabs;
}

export async function currentTab(info: SessionInfo): Promise<number | null> {
  return sessionTab(info, undefined);
}

/** Ref numbers up to this were handed to tabs already (ref-leases.ts): a new block starts above it. */
export async function refFloor(): Promise<number> {
  return (await load()).refsIssued;
}

export async function raiseRefFloor(maxRef: number): Promise<void> {
  // At once, for the next block (ref-leases.ts); stored below.
  floorNow = Math.max(floorNow, maxRef);
  if (maxRef <= (await refFloor())) return;
  await update((state) => {
    state.refsIssued = Math.max(state.refsIssued, maxRef);
    floorNow = Math.max(floorNow, state.refsIssued);
  });
}

export async function sessionList(): Promise<{ id: string; name: string; tabs: number[] }[]> {
  return Object.entries((await load()).sessions).map(([id, s]) => ({ id, name: s.name, tabs: s.ids }));
}

/** Sessions that sent a command over the current connection. */
const liveSessions = new Set<string>();

/** The connection to the server dropped: every session may come back under a new id. */
export function forgetLiveSessions(): void {
  liveSessions.clear();
}

/**
 * A restarted MCP client is a new session with the same name: it gets back
 * the tabs of a same-named session that has not been seen since the
 * connection to the server was re-established.
 */
export async function resumeSession(info: SessionInfo): Promise<void> {
  if (liveSessions.has(info.id)) return;
  liveSessions.add(info.id);
  await update((state) => {
    if (state.sessions[info.id]) return;
    const orphan = Object.entries(state.sessions).find(([id, s]) => s.name === info.name && !liveSessions.has(id));
    if (!orphan) return;
    delete state.sessions[orphan[0]];
    state.sessions[info.id] = orphan[1];
  });
}

/**
 * In a browser the server launched for one agent, the tabs that are open
 * (the start page, tabs opened before a restart) belong to that agent: the
 * first session to ask takes the ones no session owns.
 */
export async function claimManagedTabs(info: SessionInfo): Promise<void> {
  if ((await load()).claimed) return;
  await inTurn(OPENING_KEY, async () => {
    // Once per browser run: a tab the user later takes back, or opens next to
    // the agent's, stays the user's even when the agent has no tab left.
    const first = await update((state) => !state.claimed && (state.claimed = true));
    if (!first || (await agentTabIds()).length) return;
    const tabs = (await browser.tabs.query({})).sort((a, b) => Number(b.active) - Number(a.active));
    for (const tab of tabs) if (tab.id !== undefined) await adoptTab(tab.id, false, info);
  });
}

/**
 * Opening a tab for a session takes turns with the claim above: a claim that
 * listed the open tabs while another session's new tab was not yet adopted
 * took that tab from it (seen with several agents' first calls at once).
 */
const OPENING_KEY = 'opening';

/** Creates a tab and makes it the session's current one, in turn with claimManagedTabs. */
export function openTabFor(session: SessionInfo, create: () => Promise<number>): Promise<number> {
  return inTurn(OPENING_KEY, async () => {
    const tabId = await create();
    await adoptTab(tabId, true, session);
    return tabId;
  });
}

/**
 * Chrome swapped a tab for another under a new id (a discard; a prerendered
 * page taking over): its session follows it, and so does its ref floor, so
 * the new document never reissues a ref number the old one gave out.
 */
export function replaceTab(removedId: number, addedId: number): Promise<void> {
  // Known at once: a command naming the old id meanwhile waits for the sessions to follow.
  noteReplaced(removedId, addedId);
  replacing = following(removedId, addedId);
  return replacing;
}

/** The newest replaceTab's work; sessionTab waits for it before it looks up a replaced id. */
let replacing: Promise<void> = Promise.resolve();

async function following(removedId: number, addedId: number): Promise<void> {
  const moved = await update((state) => {
    let found = false;
    for (const session of Object.values(state.sessions)) {
      const at = session.ids.indexOf(removedId);
      if (at < 0) continue;
      found = true;
      session.ids[at] = addedId;
      if (session.current === removedId) session.current = addedId;
    }
    if (found) {
      const replaced = (state.replaced ??= {});
      replaced[removedId] = addedId;
      // Bounded: only recent ones matter (ids grow, so the first key is the oldest).
      const ids = Object.keys(replaced);
      if (ids.length > KEPT_REPLACED) delete replaced[ids[0]];
    }
    return found;
  });
  if (!moved) return;
  keepLoaded(addedId, true);
  for (const hook of releaseHooks) hook(removedId);
  for (const hook of adoptHooks) hook(addedId);
}

/**
 * The swaps Chrome reported to this worker, known the moment it reports them; the
 * sessions' record of them (AgentTabs.replaced) follows in turn and outlives the worker.
 */
const replacedBy = new Map<number, number>();
const KEPT_REPLACED = 100;

function noteReplaced(removedId: number, addedId: number): void {
  replacedBy.set(removedId, addedId);
  if (replacedBy.size > KEPT_REPLACED) replacedBy.delete(replacedBy.keys().next().value!);
}

/** The id the tab has now, following the swaps since. */
async function currentId(tabId: number): Promise<number> {
  const recorded = (await load()).replaced ?? {};
  for (let seen = 0; seen < KEPT_REPLACED; seen++) {
    const next = replacedBy.get(tabId) ?? recorded[tabId];
    if (next === undefined) break;
    tabId = next;
  }
  return tabId;
}

/**
 * Unloads the tab's page at once, without its unload handlers (the only way
 * out of a blocked page that has one); Chrome gives the tab a new id, which
 * the session and ref floor follow. Returns the new id.
 */
export async function discardTab(tabId: number): Promise<number> {
  const replacement = await chrome.tabs.discard(tabId);
  if (replacement?.id === undefined) throw new AgentError('PAGE_UNRESPONSIVE', `The page in tab ${tabId} is blocked and could not be unloaded. Close the tab from the browser.`);
  await replaceTab(tabId, replacement.id);
  return replacement.id;
}

/** The user shares a tab with a session (popup) or takes it back. */
export async function unshareTab(tabId: number): Promise<void> {
  await forgetTab(tabId);
  await chrome.tabs.ungroup(tabId).catch(() => undefined);
}

/**
 * Tabs seen to exist since this worker started, until their onRemoved: every
 * command checks its tab, and asking the browser costs a round trip (0.5 ms).
 * A tab that closes in between fails the command's next call, with TAB_CLOSED.
 */
const seenOpen = new Set<number>();
/** Tabs closed since this worker started (bounded: only recent ones matter), to say so rather than "not yours". */
const closed = new Set<number>();
const KEPT_CLOSED = 100;

function noteClosed(tabId: number): void {
  seenOpen.delete(tabId);
  closed.add(tabId);
  if (closed.size > KEPT_CLOSED) closed.delete(closed.values().next().value!);
}

async function tabExists(tabId: number): Promise<boolean> {
  if (seenOpen.has(tabId)) return true;
  const open = (await browser.tabs.get(tabId).catch(() => null)) !== null;
  if (open) seenOpen.add(tabId);
  return open;
}

/** Tabs being grouped by us right now: their group change is not the user's. */
const groupingNow = new Set<number>();

/** Shows a session's tabs to the user as one named, coloured tab group. */
async function groupTab(tabId: number, info: SessionInfo): Promise<void> {
  groupingNow.add(tabId);
  try {
    const session = (await load()).sessions[info.id];
    const existing = session?.groupId !== undefined ? await chrome.tabGroups.get(session.groupId).catch(() => null) : null;
    const groupId = await chrome.tabs.group({ tabIds: [tabId], ...(existing ? { groupId: existing.id } : {}) });
    if (!existing) {
      // Recorded before the group is styled: should styling fail, the group
      // is still known as the session's and not taken for the user's.
      await update((state) => {
        sessionOf(state, info).groupId = groupId;
      });
      const color = GROUP_COLORS[[...info.id].reduce((h, c) => h + c.charCodeAt(0), 0) % GROUP_COLORS.length];
      await chrome.tabGroups.update(groupId, { title: info.name, color });
    }
  } catch {
    // Popup windows cannot hold groups; the tab still belongs to the session.
  } finally {
    groupingNow.delete(tabId);
  }
}

/** Keeps the sets honest when the user closes tabs or drags them in or out of a session's group. */
export function watchTabs(onOpenedByAgentPage: (tabId: number, url: string, openerTabId: number, sessionId: string) => void): void {
  browser.tabs.onReplaced.addListener((addedId, removedId) => {
    seenOpen.delete(removedId);
    void replaceTab(removedId, addedId);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    noteClosed(tabId);
    void forgetTab(tabId, true);
  });
  // Only tabs a page opened (window.open, target=_blank) follow their opener
  // into its session; a tab the user opens next to an agent tab also gets an
  // openerTabId, and must stay the user's.
  chrome.webNavigation.onCreatedNavigationTarget.addListener(async (details) => {
    const owner = await sessionIdOfTab(details.sourceTabId);
    if (owner === null) return;
    const { sessions } = await load();
    await adoptTab(details.tabId, false, { id: owner, name: sessions[owner].name });
    onOpenedByAgentPage(details.tabId, details.url, details.sourceTabId, owner);
  });
  chrome.tabs.onUpdated.addListener(async (tabId, change) => {
    if (change.groupId === undefined || groupingNow.has(tabId)) return;
    // Events can arrive after our own grouping finished; judge by where the
    // tab is now, not by the event, so a late one cannot read as a drag.
    const groupId = (await chrome.tabs.get(tabId).catch(() => null))?.groupId;
    if (groupId === undefined || groupingNow.has(tabId)) return;
    const { sessions } = await load();
    const owner = await sessionIdOfTab(tabId);
    const target = Object.entries(sessions).find(([, s]) => s.groupId !== undefined && s.groupId === groupId);
    // Dragging a tab into a session's group shares it; dragging it out takes it back.
    if (target && target[0] !== owner) await adoptTab(tabId, false, { id: target[0], name: target[1].name });
    else if (!target && owner !== null) await forgetTab(tabId);
  });
}
