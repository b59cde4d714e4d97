/**
 * The popup: connect toggle, server port, pairing token and a live status
 * line. Settings go to chrome.storage; the service worker reconnects when
 * told they changed.
 */
import browser from 'webextension-polyfill';
import { getStatus, loadSettings, saveSettings, type Status } from '../background/settings.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const enabled = $<HTMLInputElement>('enabled');
const port = $<HTMLInputElement>('port');
const token = $<HTMLInputElement>('token');
const statusLine = $<HTMLParagraphElement>('status');
const pairing = $<HTMLParagraphElement>('pairing');

const LABELS: Record<Status['state'], string> = {
  disabled: 'Off',
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  refused: 'Refused',
};

function showStatus(status: Status): void {
  statusLine.dataset.state = status.state;
  statusLine.textContent = `${LABELS[status.state]}${status.url ? ` — ${status.url}` : ''}${status.reason ? `: ${status.reason}` : ''}`;
}

async function init(): Promise<void> {
  const settings = await loadSettings();
  enabled.checked = settings.enabled;
  port.value = String(settings.port);
  token.value = settings.token;
  pairing.textContent = settings.managed
    ? 'Paired automatically: this browser was launched by the agent server.'
    : settings.token
      ? 'Paired with a token.'
      : 'Not paired yet.';
  for (const input of [enabled, port, token]) input.disabled = settings.managed;
  showStatus(await getStatus());
}

async function apply(): Promise<void> {
  const portNumber = Number(port.value);
  if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535) {
    showStatus({ state: 'refused', reason: `Port must be a number from 1 to 65535, not "${port.value}".`, url: '', since: Date.now() });
    return;
  }
  await saveSettings({ enabled: enabled.checked, port: portNumber, token: token.value.trim() });
  await browser.runtime.sendMessage({ type: 'settingsChanged' });
  await init();
}

enabled.addEventListener('change', () => void apply());
$<HTMLFormElement>('settings').addEventListener('submit', (event) => {
  event.preventDefault();
  void apply();
});
browser.storage.session.onChanged.addListener((changes) => {
  if (changes.status?.newValue) showStatus(changes.status.newValue as Status);
});
void init();
