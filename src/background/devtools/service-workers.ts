/**
 * browser_service_workers: the page origin's registrations. The page itself
 * (navigator.serviceWorker.getRegistrations) knows scopes, versions and
 * their states. Whether a version is running comes from our auto-attached
 * child sessions: Chromium attaches a running service worker of the page's
 * scope and detaches it when it stops. (The CDP ServiceWorker domain would
 * say it directly, but chrome.debugger tab sessions do not expose it:
 * "'ServiceWorker.enable' wasn't found", Chromium 156.)
 */
import type { Params, Result } from '../../shared/protocol.ts';
import { resolveTab } from '../tabs.ts';
import { evaluateValue } from './evaluate.ts';
import { runningServiceWorkers } from './targets.ts';

interface PageRegistration {
  scope: string;
  versions: { scriptURL: string; state: string; active: boolean }[];
}

const PAGE_QUERY = `(async () => {
  if (!('serviceWorker' in navigator)) return { origin: location.origin, url: location.href, controller: null, registrations: [] };
  const registrations = await navigator.serviceWorker.getRegistrations();
  return {
    origin: location.origin,
    url: location.href,
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    registrations: registrations.map((r) => ({
      scope: r.scope,
      versions: [r.installing, r.waiting, r.active].filter(Boolean).map((w) => ({ scriptURL: w.scriptURL, state: w.state, active: w === r.active })),
    })),
  };
})()`;

export async function serviceWorkers(params: Params<'serviceWorkers'>): Promise<Result<'serviceWorkers'>> {
  const tabId = await resolveTab(params.tabId);
  const page = await evaluateValue<{ origin: string; url: string; controller: string | null; registrations: PageRegistration[] }>(tabId, PAGE_QUERY);
  const attached = runningServiceWorkers(tabId);
  const registrations = page.registrations.flatMap((registration) =>
    registration.versions.map((version) => ({
      scope: registration.scope,
      scriptUrl: version.scriptURL,
      state: version.state,
      // Only workers whose scope covers the page are auto-attached; for others we cannot tell.
      running: attached.includes(version.scriptURL) ? 'running' : page.url.startsWith(registration.scope) ? 'stopped' : 'unknown (scope does not cover this page)',
      // Only the active version can control the page: already while it is activating
      // (clients.claim() in its activate handler), so by its slot, not by its state.
      controlsPage: version.active && page.controller === version.scriptURL,
    })),
  );
  return { tabId, origin: page.origin, ...(page.controller ? { controller: page.controller } : {}), registrations };
}
