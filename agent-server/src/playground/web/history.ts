/** Calls made from the playground, newest first, kept in localStorage so they survive a reload. */

export interface HistoryEntry {
  time: number;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  durationMs: number;
  /** The first line of the result, to tell entries apart. */
  summary: string;
}

const KEY = 'browser-agent-playground-history';
const LIMIT = 200;

export function loadHistory(): HistoryEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function addHistory(entry: HistoryEntry): HistoryEntry[] {
  const entries = [entry, ...loadHistory()].slice(0, LIMIT);
  localStorage.setItem(KEY, JSON.stringify(entries));
  return entries;
}

export function clearHistory(): void {
  localStorage.removeItem(KEY);
}

export function exportHistory(): void {
  const blob = new Blob([JSON.stringify(loadHistory(), null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `browser-agent-history-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function renderHistory(list: HTMLElement, entries: HistoryEntry[], rerun: (entry: HistoryEntry) => void): void {
  if (!entries.length) {
    list.replaceChildren(Object.assign(document.createElement('li'), { className: 'muted empty', textContent: 'Calls you execute are listed here.' }));
    return;
  }
  list.replaceChildren(
    ...entries.map((entry) => {
      const li = document.createElement('li');
      li.className = entry.ok ? 'good' : 'bad';
      const line = document.createElement('div');
      line.className = 'history-line';
      const tool = Object.assign(document.createElement('strong'), { textContent: entry.tool });
      const meta = Object.assign(document.createElement('span'), {
        className: 'muted',
        textContent: `${new Date(entry.time).toLocaleTimeString([], { hour12: false })} · ${entry.ok ? 'ok' : 'error'} · ${entry.durationMs} ms`,
      });
      const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Re-run', title: `Run ${entry.tool} again with the same params` });
      button.addEventListener('click', () => rerun(entry));
      line.append(tool, button);
      const args = Object.assign(document.createElement('code'), { textContent: JSON.stringify(entry.args), title: entry.summary });
      li.append(line, meta, args);
      return li;
    }),
  );
}
