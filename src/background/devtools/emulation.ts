/**
 * Viewport emulation and offline mode. Both are per-tab CDP state that a
 * reattach resets, so the settings are kept in chrome.storage.session and
 * applied again on every attach. And every agent tab is kept "in front".
 */
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp, cdpSession } from '../cdp.ts';
import { resolveTab } from '../tabs.ts';
import { evaluateValue } from './evaluate.ts';
import { assertNoDialog } from '../actions/dialogs.ts';
import { childSessionsOf, onChildSession } from './targets.ts';
import { within } from '../timing.ts';
import { setTouchScreen } from '../actions/input.ts';

interface Viewport {
  width: number;
  height: number;
  mobile: boolean;
}
interface TabEmulation {
  viewport?: Viewport;
  offline?: boolean;
}

const PRESETS: Record<string, Viewport> = {
  mobile: { width: 375, height: 667, mobile: true },
  tablet: { width: 768, height: 1024, mobile: false },
  desktop: { width: 1280, height: 720, mobile: false },
};

const KEY = 'devtoolsEmulation';

async function load(): Promise<Record<string, TabEmulation>> {
  const { [KEY]: state } = (await chrome.storage.session.get(KEY)) as { [KEY]?: Record<string, TabEmulation> };
  return state ?? {};
}

async function save(tabId: number, change: TabEmulation): Promise<void> {
  const state = await load();
  state[tabId] = { ...state[tabId], ...change };
  await chrome.storage.session.set({ [KEY]: state });
}

export async function forgetEmulation(tabId: number): Promise<void> {
  setTouchScreen(tabId, false);
  const state = await load();
  if (!(tabId in state)) return;
  delete state[tabId];
  await chrome.storage.session.set({ [KEY]: state });
}

async function applyViewport(tabId: number, viewport: Viewport): Promise<void> {
  await cdp(tabId, 'Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: 0, mobile: viewport.mobile });
  await cdp(tabId, 'Emulation.setTouchEmulationEnabled', { enabled: viewport.mobile, ...(viewport.mobile ? { maxTouchPoints: 5 } : {}) });
  setTouchScreen(tabId, viewport.mobile);
  // Sites that pick their layout by user agent (and client hints) get the phone one; '' drops the override.
  await cdp(tabId, 'Emulation.setUserAgentOverride', viewport.mobile ? phoneUserAgent() : { userAgent: '' });
}

/**
 * A phone's user agent for this browser's version, in the reduced form
 * Chrome for Android sends, with matching client hints.
 */
function phoneUserAgent(): object {
  const version = /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? '120.0.0.0';
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } }).userAgentData?.brands ?? [];
  return {
    userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`,
    platform: 'Linux armv8l',
    userAgentMetadata: { brands, platform: 'Android', platformVersion: '10.0.0', architecture: '', model: 'K', mobile: true },
  };
}

// -1 means "no throttling"; offline alone cuts the network, while the
// page's service worker and caches still answer.
const conditions = (offline: boolean) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

async function applyOffline(tabId: number, offline: boolean): Promise<void> {
  await cdp(tabId, 'Network.emulateNetworkConditions', conditions(offline));
  // Workers (the service worker above all) fetch on their own: cut them too, as DevTools' Offline does.
  // One whose script is blocked (a frame of another site stuck in a loop) answers only once it runs
  // again, as its commands wait in its queue: not waited for past a moment (it held the command to its timeout).
  await Promise.all(childSessionsOf(tabId).map((sessionId) => within(offlineSession(tabId, sessionId, offline), CHILD_ANSWER_MS, undefined)));
}

/** How long a worker or a frame of another site gets to go offline or back. */
const CHILD_ANSWER_MS = 500;

async function offlineSession(tabId: number, sessionId: string, offline: boolean): Promise<void> {
  await cdpSession(tabId, sessionId, 'Network.enable').catch(() => undefined);
  await cdpSession(tabId, sessionId, 'Network.emulateNetworkConditions', conditions(offline)).catch(() => undefined);
}

/**
 * Wired once per worker start: workers that start while a tab is offline start offline, and a tab
 * on the mobile preset still gets taps from a worker that started after it was set (its debugger
 * may have stayed attached, so no attach hook applies it again).
 */
export function watchEmulation(): void {
  void load().then((state) => {
    for (const [tabId, emulation] of Object.entries(state)) if (emulation.viewport?.mobile) setTouchScreen(Number(tabId), true);
  });
  onChildSession(async (tabId, sessionId) => {
    if ((await load())[tabId]?.offline) await offlineSession(tabId, sessionId, true);
  });
}

/**
 * Attach hook: the agent's tab behaves as the one in front, whichever tab the
 * person (or another agent) has in front. A tab behind another is hidden to
 * its page: Chrome runs its timers once a second at most (once a minute after
 * five minutes), paints no frame and runs no requestAnimationFrame (measured,
 * Chromium 156: ten chained 100 ms timers took 9 s instead of 0.9 s). The
 * page's debounces, animations and polling, and our own waits in the page,
 * crawled or stopped. Focus emulation makes Chrome treat the tab as visible
 * and focused for as long as the debugger stays attached, as a tab being
 * captured is; the person's own tabs keep Chrome's savings.
 */
export async function keepInFront(tabId: number): Promise<void> {
  await cdp(tabId, 'Emulation.setFocusEmulationEnabled', { enabled: true });
}

/** Attach hook: the previous session's emulation is gone after a reattach. */
export async function restoreEmulation(tabId: number): Promise<void> {
  const saved = (await load())[tabId];
  if (saved?.viewport) await applyViewport(tabId, saved.viewport);
  if (saved?.offline) await applyOffline(tabId, true);
}

export async function resize(params: Params<'resize'>): Promise<Result<'resize'>> {
  const tabId = await resolveTab(params.tabId);
  const preset = params.preset ? PRESETS[params.preset] : undefined;
  const width = params.width ?? preset?.width;
  const height = params.height ?? preset?.height;
  if (width === undefined || height === undefined) {
    throw new AgentError('INVALID_PARAMS', 'Give width and height in CSS pixels (e.g. 1280 and 720), or a preset: mobile (375×667, touch), tablet (768×1024) or desktop (1280×720).');
  }
  const viewport = { width, height, mobile: preset?.mobile ?? false };
  // The page resizes only once a dialog blocking it is handled.
  assertNoDialog(tabId);
  await applyViewport(tabId, viewport);
  await save(tabId, { viewport });
  const inner = await evaluateValue<{ w: number; h: number }>(tabId, '({ w: window.innerWidth, h: window.innerHeight })');
  return { tabId, width, height, innerWidth: inner.w, innerHeight: inner.h, mobile: viewport.mobile };
}

export async function setOffline(params: Params<'network.offline'>): Promise<Result<'network.offline'>> {
  const tabId = await resolveTab(params.tabId);
  await applyOffline(tabId, params.offline);
  await save(tabId, { offline: params.offline });
  return { tabId, offline: params.offline };
}
