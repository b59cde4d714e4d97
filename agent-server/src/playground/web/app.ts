/**
 * The playground page: connects to /mcp with the token the server put in the
 * page (or one the user pastes), lists the tools, and runs them with a JSON
 * params editor, a target tab, the result and a history.
 */
import './jitless.ts';
import { addHistory, clearHistory, exportHistory, loadHistory, renderHistory, type HistoryEntry } from './history.ts';
import { connect, type Connection, type Tool } from './mcp.ts';
import { failure, renderResult } from './render.ts';
import { defaultArgs, hasTabId, type JsonSchema } from './schema.ts';
import { listTabs, renderTabs } from './tabs.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $('status');
const paramsBox = $<HTMLTextAreaElement>('params');
const execute = $<HTMLButtonElement>('execute');
const target = $<HTMLSelectElement>('target');
const elapsed = $('elapsed');
const TOKEN_KEY = 'browser-agent-playground-token';

let connection: Connection | null = null;
let selected: Tool | null = null;
/** Params the user edited, per tool, so switching tools does not lose them. */
const edited = new Map<string, string>();

function setStatus(state: 'connecting' | 'connected' | 'error', text: string): void {
  status.dataset.state = state;
  status.textContent = text;
}

function targetTab(): number | null {
  return target.value ? Number(target.value) : null;
}

function selectTool(tool: Tool, args?: Record<string, unknown>): void {
  if (selected) edited.set(selected.name, paramsBox.value);
  selected = tool;
  for (const item of document.querySelectorAll<HTMLElement>('#tools button')) item.setAttribute('aria-pressed', String(item.dataset.tool === tool.name));
  $('tool-name').textContent = tool.name;
  $('tool-description').textContent = tool.description ?? '';
  $('tool-schema').textContent = JSON.stringify(tool.inputSchema, null, 2);
  paramsBox.value = args ? JSON.stringify(args, null, 2) : (edited.get(tool.name) ?? JSON.stringify(defaultArgs(tool.inputSchema as JsonSchema, targetTab()), null, 2));
  execute.disabled = false;
}

function renderTools(tools: Tool[]): void {
  const filter = $<HTMLInputElement>('tool-filter').value.toLowerCase();
  $('tool-count').textContent = `(${tools.length})`;
  $('tools').replaceChildren(
    ...tools
      .filter((t) => !filter || t.name.includes(filter) || (t.description ?? '').toLowerCase().includes(filter))
      .map((tool) => {
        const li = document.createElement('li');
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: tool.name, title: tool.description ?? '' });
        button.dataset.tool = tool.name;
        button.setAttribute('aria-pressed', String(tool.name === selected?.name));
        button.addEventListener('click', () => selectTool(tool));
        li.append(button);
        return li;
      }),
  );
}

async function refreshTabs(): Promise<void> {
  if (connection) renderTabs(target, await listTabs(connection).catch(() => []));
}

async function run(toolName: string, args: Record<string, unknown>): Promise<void> {
  if (!connection) return;
  execute.disabled = true;
  execute.textContent = 'Running…';
  const started = performance.now();
  const ticker = setInterval(() => (elapsed.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`), 100);
  let result: Awaited<ReturnType<Connection['call']>>;
  try {
    result = await connection.call(toolName, args);
  } catch (error) {
    result = failure(`${(error as Error).message}\nIs "browser-agent serve" still running? Reload the page to reconnect.`);
  }
  clearInterval(ticker);
  const ms = Math.round(performance.now() - started);
  elapsed.textContent = `${ms} ms`;
  execute.disabled = false;
  execute.textContent = 'Execute';
  renderResult($('response'), result, ms);
  const ok = result.isError !== true;
  const first = (result.content.find((c) => c.type === 'text') as { text?: string } | undefined)?.text ?? '';
  renderHistory($('history'), addHistory({ time: Date.now(), tool: toolName, args, ok, durationMs: ms, summary: first.split('\n')[0] }), rerun);
  if (/navigate|tabs|click|back|forward/.test(toolName)) void refreshTabs();
}

function rerun(entry: HistoryEntry): void {
  const tool = connection?.tools.find((t) => t.name === entry.tool);
  if (tool) selectTool(tool, entry.args);
  void run(entry.tool, entry.args);
}

execute.addEventListener('click', () => {
  if (!selected) return;
  let args: Record<string, unknown>;
  try {
    args = JSON.parse(paramsBox.value || '{}') as Record<string, unknown>;
  } catch (error) {
    renderResult($('response'), failure(`Params are not valid JSON: ${(error as Error).message}. Fix them or press Reset params.`), 0);
    return;
  }
  void run(selected.name, args);
});
$('reset').addEventListener('click', () => {
  if (!selected) return;
  edited.delete(selected.name);
  paramsBox.value = JSON.stringify(defaultArgs(selected.inputSchema as JsonSchema, targetTab()), null, 2);
});
target.addEventListener('change', () => {
  if (!selected || !hasTabId(selected.inputSchema as JsonSchema)) return;
  try {
    const args = JSON.parse(paramsBox.value || '{}') as Record<string, unknown>;
    if (targetTab() === null) delete args.tabId;
    else args.tabId = targetTab();
    paramsBox.value = JSON.stringify(args, null, 2);
  } catch {
    // Leave broken JSON for the user to fix; Execute says what is wrong.
  }
});
$('tabs-refresh').addEventListener('click', () => void refreshTabs());
$('tool-filter').addEventListener('input', () => connection && renderTools(connection.tools));
$('history-export').addEventListener('click', exportHistory);
$('history-clear').addEventListener('click', () => {
  clearHistory();
  renderHistory($('history'), [], rerun);
});

function initialToken(): string {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  if (fromHash) history.replaceState(null, '', location.pathname + location.search);
  return fromHash || sessionStorage.getItem(TOKEN_KEY) || '';
}

async function start(token: string): Promise<void> {
  const form = $<HTMLFormElement>('token-form');
  if (!token) {
    setStatus('error', 'No token');
    form.hidden = false;
    return;
  }
  setStatus('connecting', 'Connecting…');
  try {
    connection = await connect(token);
  } catch (error) {
    setStatus('error', 'Not connected');
    status.title = `${(error as Error).message}`;
    $('response').replaceChildren(Object.assign(document.createElement('pre'), { className: 'code error', textContent: `Could not connect to /mcp: ${(error as Error).message}\nCheck the token (browser-agent token) and that "browser-agent serve" is running, then reload.` }));
    form.hidden = false;
    return;
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  form.hidden = true;
  setStatus('connected', 'Connected');
  renderTools(connection.tools);
  const first = connection.tools.find((t) => t.name === 'browser_navigate') ?? connection.tools[0];
  if (first) selectTool(first);
  void refreshTabs();
}

$<HTMLFormElement>('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void start($<HTMLInputElement>('token').value.trim());
});
renderHistory($('history'), loadHistory(), rerun);
void start(initialToken());
