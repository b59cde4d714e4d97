/**
 * The console viewer: the inspected tab's console messages as the extension
 * captured them (method console.list), newest last, at most "Max lines".
 * Hidden when this build has no console method.
 */
import { isMethod } from '../shared/protocol.ts';
import type { ConsoleEntry } from '../shared/methods/devtools.ts';
import { runCommand } from './command.ts';

interface Elements {
  card: HTMLElement;
  list: HTMLElement;
  max: HTMLInputElement;
  refresh: HTMLButtonElement;
  clear: HTMLButtonElement;
  note: HTMLElement;
}

function line(entry: ConsoleEntry): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `level-${entry.level}`;
  const time = new Date(entry.time).toLocaleTimeString([], { hour12: false });
  const where = entry.url ? ` ${entry.url.split('/').pop()}${entry.line ? `:${entry.line}` : ''}` : '';
  li.textContent = `${time} ${entry.level.padEnd(5)} ${entry.text}`;
  if (where) li.title = `${entry.source}${where}`;
  return li;
}

export function createConsoleView(el: Elements, tabId: number | null): { refresh(): Promise<void> } {
  const supported = isMethod('console.list') && tabId !== null;
  el.card.hidden = !supported;

  async function refresh(): Promise<void> {
    if (!supported) return;
    const limit = Math.min(1000, Math.max(1, Number(el.max.value) || 50));
    const reply = await runCommand('console.list', { tabId, limit });
    if (!reply.ok) {
      el.note.textContent = `${reply.error.message}`;
      return;
    }
    const { entries, total } = reply.result as { entries: ConsoleEntry[]; total: number };
    el.note.textContent = `${entries.length} of ${total} messages`;
    const items = entries.slice().reverse().map(line);
    if (!items.length) items.push(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No console messages yet.' }));
    el.list.replaceChildren(...items);
  }

  el.refresh.addEventListener('click', () => void refresh());
  el.max.addEventListener('change', () => void refresh());
  el.clear.addEventListener('click', async () => {
    await runCommand('console.clear', { tabId });
    await refresh();
  });
  return { refresh };
}
