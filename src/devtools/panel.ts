/**
 * The "Browser Agent" DevTools panel: connection status, the inspected tab,
 * a form to run any protocol method on it, the response, a screenshot
 * preview and the console. Outside DevTools (tests, headless) the page takes
 * the tab from ?tabId=<id>, since chrome.devtools exists only in DevTools.
 */
import browser from 'webextension-polyfill';
import { getStatus, type Status } from '../background/settings.ts';
import { METHODS, type Method } from '../shared/protocol.ts';
import { runCommand } from './command.ts';
import { createConsoleView } from './console.ts';
import { defaultParams, describeParams } from './defaults.ts';
import { createResultView } from './result.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function inspectedTabId(): number | null {
  const fromDevtools = globalThis.chrome?.devtools?.inspectedWindow?.tabId;
  if (typeof fromDevtools === 'number') return fromDevtools;
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  return Number.isInteger(fromQuery) && fromQuery >= 0 ? fromQuery : null;
}

const tabId = inspectedTabId();
const method = $<HTMLSelectElement>('method');
const params = $<HTMLTextAreaElement>('params');
const run = $<HTMLButtonElement>('run');
const elapsed = $('elapsed');
let tabUrl = '';

const STATUS_TEXT: Record<Status['state'], string> = {
  disabled: 'Off',
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  refused: 'Refused',
};

function showStatus(status: Status): void {
  const pill = $('status');
  pill.dataset.state = status.state;
  pill.textContent = STATUS_TEXT[status.state];
  pill.title = status.reason || status.url;
}

async function showTab(): Promise<void> {
  if (tabId === null) {
    $('tab-title').textContent = 'No tab: open this panel from DevTools, or add ?tabId=<id> to the address.';
    return;
  }
  const tab = (await browser.tabs.get(tabId).catch(() => null)) ?? (await fromInspectedWindow());
  tabUrl = tab?.url ?? '';
  $('tab-title').textContent = tab ? `${tab.title || '(no title)'} · tab ${tabId}` : `Tab ${tabId} is closed.`;
  $('tab-url').textContent = tabUrl;
}

/** Older Chrome gave DevTools pages no tabs API; the inspected page can still tell its own URL and title. */
function fromInspectedWindow(): Promise<{ url: string; title: string } | null> {
  const inspected = globalThis.chrome?.devtools?.inspectedWindow;
  if (!inspected) return Promise.resolve(null);
  return new Promise((resolve) => {
    inspected.eval('[location.href, document.title]', (value: unknown, error?: unknown) => {
      const [url, title] = !error && Array.isArray(value) ? (value as string[]) : ['', ''];
      resolve(url ? { url, title } : null);
    });
  });
}

function fillParams(): void {
  const name = method.value as Method;
  params.value = JSON.stringify(defaultParams(name, tabId, { url: tabUrl }), null, 2);
  $('method-help').textContent = describeParams(name);
}

const result = createResultView({
  response: $('response'),
  text: $('response-text'),
  shot: $('shot'),
  shotImg: $('shot-img'),
  shotCaption: $('shot-caption'),
  full: $('full'),
  fullImg: $('full-img'),
});
const consoleView = createConsoleView(
  { card: $('console-card'), list: $('console'), max: $('console-max'), refresh: $('console-refresh'), clear: $('console-clear'), note: $('console-note') },
  tabId,
);

async function execute(): Promise<void> {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(params.value || '{}') as Record<string, unknown>;
  } catch (error) {
    result.show({ ok: false, error: { code: 'INVALID_PARAMS', message: `Params are not valid JSON (${(error as Error).message}). Fix them or press Reset params.` } });
    return;
  }
  run.disabled = true;
  result.clear();
  const started = performance.now();
  const reply = await runCommand(method.value, parsed);
  elapsed.textContent = `${Math.round(performance.now() - started)} ms`;
  run.disabled = false;
  result.show(reply);
  void showTab();
  void consoleView.refresh();
}

method.replaceChildren(...Object.keys(METHODS).map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
method.value = 'snapshot';
method.addEventListener('change', fillParams);
$('reset').addEventListener('click', fillParams);
$<HTMLFormElement>('command').addEventListener('submit', (event) => {
  event.preventDefault();
  void execute();
});
browser.storage.session.onChanged.addListener((changes) => {
  if (changes.status?.newValue) showStatus(changes.status.newValue as Status);
});
if (tabId !== null) browser.tabs.onUpdated.addListener((id) => id === tabId && void showTab());
$('console-note').textContent = 'Press Refresh to load the messages the extension has captured.';

void getStatus()
  .then(showStatus)
  .catch(() => showStatus({ state: 'disconnected', reason: 'Could not read the connection status; reopen DevTools.', url: '', since: Date.now() }));
void showTab().then(fillParams);
