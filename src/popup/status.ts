/**
 * The status line: connection state and, when refused, disconnected or
 * stopped, the reason in words. Kept live from chrome.storage.session, which
 * the service worker writes.
 */
import browser from 'webextension-polyfill';
import { getStatus, type Status } from '../background/settings.ts';

const LABELS: Record<Status['state'], string> = {
  disabled: 'Off',
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  refused: 'Refused',
};

export function renderStatus(line: HTMLElement, status: Status): void {
  line.dataset.state = status.state;
  // "Stopped" is a different promise than "Off": the user pressed Stop agent, not the toggle.
  const label = status.state === 'disabled' && /^Stopped/.test(status.reason) ? 'Stopped' : LABELS[status.state];
  line.dataset.stopped = String(label === 'Stopped');
  // The stop reason already starts with "Stopped by you"; saying "Stopped:" first would stutter.
  line.textContent = label === 'Stopped' ? status.reason : `${label}${status.url ? ` — ${status.url}` : ''}${status.reason ? `: ${status.reason}` : ''}`;
}

/** Shows the current status and follows every change; `onChange` lets the page react (toggle state). */
export async function watchStatus(line: HTMLElement, onChange: (status: Status) => void): Promise<void> {
  browser.storage.session.onChanged.addListener((changes) => {
    const next = changes.status?.newValue as Status | undefined;
    if (!next) return;
    renderStatus(line, next);
    onChange(next);
  });
  const status = await getStatus();
  renderStatus(line, status);
  onChange(status);
}
