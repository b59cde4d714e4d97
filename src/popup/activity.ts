/**
 * The activity log: the last 100 commands the agent ran (newest first on
 * screen), live from chrome.storage.session where the worker appends them.
 */
import browser from 'webextension-polyfill';
import { ACTIVITY_KEY, type ActivityEntry } from '../shared/ui-messages.ts';

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function row(entry: ActivityEntry): HTMLLIElement {
  const li = document.createElement('li');
  li.className = entry.ok ? 'ok' : 'error';
  const cells: [string, string][] = [
    ['time', time(entry.time)],
    ['method', entry.method],
    ['target', entry.target ?? (entry.tabId !== undefined ? `tab ${entry.tabId}` : '')],
    ['result', entry.ok ? 'ok' : 'error'],
    ['duration', duration(entry.durationMs)],
  ];
  for (const [name, text] of cells) {
    const span = document.createElement('span');
    span.className = name;
    span.textContent = text;
    li.append(span);
  }
  li.title = [entry.session, entry.target, entry.error].filter(Boolean).join('\n');
  return li;
}

function render(list: HTMLElement, count: HTMLElement, entries: ActivityEntry[]): void {
  count.textContent = entries.length ? `(${entries.length})` : '';
  if (!entries.length) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No commands yet. What the agent does shows up here.';
    list.replaceChildren(empty);
    return;
  }
  list.replaceChildren(...entries.slice().reverse().map(row));
}

export async function watchActivity(list: HTMLElement, count: HTMLElement): Promise<void> {
  browser.storage.session.onChanged.addListener((changes) => {
    const change = changes[ACTIVITY_KEY];
    if (change) render(list, count, (change.newValue as ActivityEntry[] | undefined) ?? []);
  });
  const { [ACTIVITY_KEY]: entries = [] } = (await browser.storage.session.get(ACTIVITY_KEY)) as { [ACTIVITY_KEY]?: ActivityEntry[] };
  render(list, count, entries);
}
