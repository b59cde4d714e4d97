/**
 * Settings and pairing live in chrome.storage so they survive the service
 * worker being stopped; module variables here are only caches.
 */
import browser from 'webextension-polyfill';
import { DEFAULT_PORT } from '../shared/constants.ts';

export interface Settings {
  /** The popup's connect toggle. */
  enabled: boolean;
  port: number;
  /** Pairing token from `browser-agent token`; empty until the user pairs. */
  token: string;
  /** True when the agent server launched this browser (pairing.json shipped with this copy). */
  managed: boolean;
}

export type ConnectionState = 'disabled' | 'disconnected' | 'connecting' | 'connected' | 'refused';

export interface Status {
  state: ConnectionState;
  /** Why we are refused or disconnected, in words for the popup. */
  reason: string;
  url: string;
  since: number;
}

const DEFAULTS: Omit<Settings, 'managed'> = { enabled: true, port: DEFAULT_PORT, token: '' };

interface ManagedPairing {
  port: number;
  token: string;
}

let managedCache: ManagedPairing | null | undefined;

/**
 * A browser launched by the agent server gets its own copy of the extension
 * with a pairing.json next to the manifest: that is how managed mode pairs
 * without user action. A user's normal install has no such file.
 */
async function managedPairing(): Promise<ManagedPairing | null> {
  if (managedCache !== undefined) return managedCache;
  try {
    const response = await fetch(browser.runtime.getURL('pairing.json'));
    const json = (await response.json()) as Partial<ManagedPairing>;
    managedCache = typeof json.port === 'number' && typeof json.token === 'string' ? { port: json.port, token: json.token } : null;
  } catch {
    managedCache = null;
  }
  return managedCache;
}

/** True in a browser the server launched (cached: the file cannot change while we run). */
export async function isManaged(): Promise<boolean> {
  return (await managedPairing()) !== null;
}

export async function loadSettings(): Promise<Settings> {
  const managed = await managedPairing();
  if (managed) {
    // Stop agent also holds in a managed browser, until the popup turns it back on.
    const { enabled } = (await browser.storage.local.get('enabled')) as { enabled?: boolean };
    return { enabled: enabled ?? true, port: managed.port, token: managed.token, managed: true };
  }
  const stored = (await browser.storage.local.get(['enabled', 'port', 'token'])) as Partial<Settings>;
  return { ...DEFAULTS, ...stored, managed: false };
}

export async function saveSettings(patch: Partial<Omit<Settings, 'managed'>>): Promise<void> {
  await browser.storage.local.set(patch);
}

export async function setStatus(status: Omit<Status, 'since'>): Promise<void> {
  const previous = await getStatus();
  if (previous.state === status.state && previous.reason === status.reason && previous.url === status.url) return;
  await browser.storage.session.set({ status: { ...status, since: Date.now() } });
}

export async function getStatus(): Promise<Status> {
  const { status } = (await browser.storage.session.get('status')) as { status?: Status };
  return status ?? { state: 'disconnected', reason: '', url: '', since: Date.now() };
}
