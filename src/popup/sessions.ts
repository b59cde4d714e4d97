/**
 * Which agent sessions exist and which tabs each controls (storage key
 * agentTabs, written by the worker's tabs.ts), plus "Share this tab" /
 * "Stop sharing" for the tab the user is looking at.
 */
import browser from 'webextension-polyfill';
import { SESSIONS_KEY, type UiReply, type UiRequest } from '../shared/ui-messages.ts';

interface StoredSession {
  name: string;
  ids: number[];
  current: number | null;
}

interface Elements {
  list: HTMLElement;
  share: HTMLButtonElement;
  unshare: HTMLButtonElement;
  picker: HTMLSelectElement;
  hint: HTMLElement;
}

async function loadSessions(): Promise<Record<string, StoredSession>> {
  const { [SESSIONS_KEY]: state } = (await browser.storage.session.get(SESSIONS_KEY)) as { [SESSIONS_KEY]?: { sessions?: Record<string, StoredSession> } };
  return state?.sessions ?? {};
}

/**
 * The tab the user means by "this tab": the active tab of the popup's window.
 * When the popup itself is open as a tab (tests, or pinned), that is an
 * extension page, which cannot be shared.
 */
async function activeTab(): Promise<browser.Tabs.Tab | null> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id !== undefined ? tab : null;
}

function isShareable(tab: browser.Tabs.Tab | null): tab is browser.Tabs.Tab {
  return !!tab && /^(https?|file):/.test(tab.url ?? '');
}

async function tabLine(id: number, current: boolean): Promise<HTMLLIElement> {
  const li = document.createElement('li');
  const tab = await browser.tabs.get(id).catch(() => null);
  const title = document.createElement('span');
  title.className = 'tab-title';
  title.textContent = tab ? tab.title || tab.url || '(no title)' : '(closed)';
  title.title = tab?.url ?? '';
  const meta = document.createElement('span');
  meta.className = 'tab-meta';
  meta.textContent = `tab ${id}${current ? ' · current' : ''}`;
  li.append(title, meta);
  return li;
}

/** Renders overlap (every tab event starts one); only the newest may write to the page. */
let generation = 0;

async function render(el: Elements): Promise<void> {
  const mine = ++generation;
  const sessions = Object.entries(await loadSessions()).filter(([, s]) => s.ids.length || s.name);
  const tab = await activeTab();
  const items: HTMLLIElement[] = [];
  for (const [id, session] of sessions) {
    const li = document.createElement('li');
    const name = document.createElement('strong');
    name.textContent = session.name || id;
    const tabs = document.createElement('ul');
    tabs.className = 'tabs';
    tabs.append(...(await Promise.all(session.ids.map((tabId) => tabLine(tabId, tabId === session.current)))));
    if (!session.ids.length) tabs.append(Object.assign(document.createElement('li'), { className: 'hint', textContent: 'No tabs.' }));
    li.append(name, tabs);
    items.push(li);
  }
  if (!items.length) items.push(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No agent has connected yet.' }));
  if (mine !== generation) return;
  el.list.replaceChildren(...items);

  const owner = tab ? sessions.find(([, s]) => s.ids.includes(tab.id!)) : undefined;
  el.picker.replaceChildren(...sessions.map(([id, s]) => Object.assign(document.createElement('option'), { value: id, textContent: s.name || id })));
  el.picker.hidden = sessions.length < 2 || !!owner;
  el.unshare.hidden = !owner;
  el.share.hidden = !!owner;
  el.share.disabled = !sessions.length || !isShareable(tab);
  el.hint.textContent = owner
    ? `This tab is shared with ${owner[1].name || owner[0]}.`
    : !sessions.length
      ? 'Tabs can be shared once an agent has connected.'
      : !isShareable(tab)
        ? 'Switch to the web page you want to share, then open this popup again.'
        : '';
}

async function send(request: UiRequest, hint: HTMLElement): Promise<void> {
  const reply = (await browser.runtime.sendMessage(request)) as UiReply;
  if (!reply.ok) hint.textContent = `${reply.error.message} Try again, or reload the extension if it keeps failing.`;
}

export async function watchSessions(el: Elements): Promise<void> {
  const refresh = () => void render(el);
  el.share.addEventListener('click', async () => {
    const tab = await activeTab();
    const sessionId = el.picker.value || el.picker.options[0]?.value;
    if (!isShareable(tab) || !sessionId) return;
    await send({ type: 'shareTab', tabId: tab.id!, sessionId }, el.hint);
    refresh();
  });
  el.unshare.addEventListener('click', async () => {
    const tab = await activeTab();
    if (tab) await send({ type: 'unshareTab', tabId: tab.id! }, el.hint);
    refresh();
  });
  browser.storage.session.onChanged.addListener((changes) => {
    if (changes[SESSIONS_KEY]) refresh();
  });
  // Titles change as the agent navigates; the active tab changes as the user switches.
  browser.tabs.onUpdated.addListener((_id, change) => {
    if (change.title !== undefined || change.url !== undefined) refresh();
  });
  browser.tabs.onActivated.addListener(refresh);
  await render(el);
}
