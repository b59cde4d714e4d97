/**
 * The popup: connect toggle, Stop agent, the agent's sessions and tabs, the
 * activity log, and the server port and pairing token. Settings go to
 * chrome.storage; the service worker reconnects when told they changed.
 */
import browser from 'webextension-polyfill';
import { loadSettings, saveSettings } from '../background/settings.ts';
import type { UiReply } from '../shared/ui-messages.ts';
import { watchActivity } from './activity.ts';
import { watchSessions } from './sessions.ts';
import { renderStatus, watchStatus } from './status.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const enabled = $<HTMLInputElement>('enabled');
const port = $<HTMLInputElement>('port');
const token = $<HTMLInputElement>('token');
const statusLine = $<HTMLParagraphElement>('status');
const pairing = $<HTMLParagraphElement>('pairing');
const connection = $<HTMLDetailsElement>('connection');
const stop = $<HTMLButtonElement>('stop');

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
  // Managed mode fixes port and token, but the user must still be able to switch the agent off.
  for (const input of [port, token]) input.disabled = settings.managed;
  if (!settings.managed && !settings.token) connection.open = true;
}

async function apply(): Promise<void> {
  const portNumber = Number(port.value);
  if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535) {
    renderStatus(statusLine, { state: 'refused', reason: `Port must be a number from 1 to 65535, not "${port.value}". Fix it under Server and pairing.`, url: '', since: Date.now() });
    connection.open = true;
    return;
  }
  const managed = (await loadSettings()).managed;
  await saveSettings(managed ? { enabled: enabled.checked } : { enabled: enabled.checked, port: portNumber, token: token.value.trim() });
  await browser.runtime.sendMessage({ type: 'settingsChanged' });
  await init();
}

enabled.addEventListener('change', () => void apply());
$<HTMLFormElement>('settings').addEventListener('submit', (event) => {
  event.preventDefault();
  enabled.checked = true;
  void apply();
});
stop.addEventListener('click', async () => {
  stop.disabled = true;
  const reply = (await browser.runtime.sendMessage({ type: 'stopAgent' })) as UiReply;
  if (!reply.ok) statusLine.textContent = `Stop failed: ${reply.error.message}. Close the agent's tabs or disable the extension to be sure.`;
  await init();
});

void init();
void watchStatus(statusLine, (status) => {
  // The toggle follows the worker: Stop agent turns it off; a refused pairing opens the settings.
  if (status.state === 'disabled') enabled.checked = false;
  if (status.state === 'refused') connection.open = true;
  stop.disabled = status.state === 'disabled';
});
void watchActivity($('activity'), $('activity-count'));
void watchSessions({ list: $('sessions'), share: $('share'), unshare: $('unshare'), picker: $('share-session'), hint: $('share-hint') });
