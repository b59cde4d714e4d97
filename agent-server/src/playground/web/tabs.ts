/**
 * The target selector: the tabs this playground session controls, read
 * from browser_tabs list ("- [current] tab 12: Title — https://…").
 */
import type { Connection } from './mcp.ts';

export interface TabLine {
  id: number;
  title: string;
  url: string;
  current: boolean;
}

const LINE = /^- (\[current\] )?tab (\d+): (.*) — (\S*)/;

export async function listTabs(connection: Connection): Promise<TabLine[]> {
  const result = await connection.call('browser_tabs', { action: 'list' });
  if (result.isError) return [];
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return text
    .split('\n')
    .map((line) => LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: Number(m[2]), title: m[3], url: m[4], current: !!m[1] }));
}

export function renderTabs(select: HTMLSelectElement, tabs: TabLine[]): void {
  const chosen = select.value;
  const options = [Object.assign(document.createElement('option'), { value: '', textContent: tabs.length ? 'current tab' : 'current tab (none open yet)' })];
  for (const tab of tabs) {
    const label = `${tab.current ? '● ' : ''}tab ${tab.id}: ${tab.title || tab.url || '(no title)'}`;
    options.push(Object.assign(document.createElement('option'), { value: String(tab.id), textContent: label, title: tab.url }));
  }
  select.replaceChildren(...options);
  select.value = tabs.some((t) => String(t.id) === chosen) ? chosen : '';
}
