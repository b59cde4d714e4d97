/**
 * browser_service_workers: the page origin's registrations. The page itself
 * (navigator.serviceWorker.getRegistrations) knows scopes, versions and
 * their states; the CDP ServiceWorker domain adds whether each version is
 * running. The domain is enabled only for the call: it reports the current
 * state on enable, and staying enabled would cost every tab events.
 */
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp, onCdpEvent } from '../cdp.ts';
import { sleep } from '../frames.ts';
import { resolveTab } from '../tabs.ts';
import { evaluateValue } from './evaluate.ts';

interface Version {
  registrationId: string;
  scriptURL: string;
  runningStatus: string;
  status: string;
}

interface PageRegistration {
  scope: string;
  versions: { scriptURL: string; state: string }[];
}

const PAGE_QUERY = `(async () => {
  if (!('serviceWorker' in navigator)) return { origin: location.origin, controller: null, registrations: [] };
  const registrations = await navigator.serviceWorker.getRegistrations();
  return {
    origin: location.origin,
    controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    registrations: registrations.map((r) => ({
      scope: r.scope,
      versions: [r.installing, r.waiting, r.active].filter(Boolean).map((w) => ({ scriptURL: w.scriptURL, state: w.state })),
    })),
  };
})()`;

/** Collects ServiceWorker.workerVersionUpdated events of one tab while the domain is enabled. */
async function runningStatuses(tabId: number): Promise<Version[]> {
  const versions = new Map<string, Version>();
  const stop = onCdpEvent('ServiceWorker.workerVersionUpdated', (eventTab, params) => {
    if (eventTab !== tabId) return;
    for (const version of (params as { versions: (Version & { versionId: string })[] }).versions) versions.set(version.versionId, version);
  });
  try {
    await cdp(tabId, 'ServiceWorker.enable');
    // The current state arrives right after enable; give it a moment.
    await sleep(150);
  } catch {
    // Without the domain we still report what the page knows.
  } finally {
    stop();
    await cdp(tabId, 'ServiceWorker.disable').catch(() => undefined);
  }
  return [...versions.values()];
}

export async function serviceWorkers(params: Params<'serviceWorkers'>): Promise<Result<'serviceWorkers'>> {
  const tabId = await resolveTab(params.tabId);
  const page = await evaluateValue<{ origin: string; controller: string | null; registrations: PageRegistration[] }>(tabId, PAGE_QUERY);
  const versions = await runningStatuses(tabId);
  const registrations = page.registrations.flatMap((registration) =>
    registration.versions.map((version) => {
      const cdpVersion = versions.find((v) => v.scriptURL === version.scriptURL && v.status === version.state) ?? versions.find((v) => v.scriptURL === version.scriptURL);
      return {
        scope: registration.scope,
        scriptUrl: version.scriptURL,
        state: version.state,
        running: cdpVersion?.runningStatus ?? 'unknown',
        // Only the active version can control the page.
        controlsPage: version.state === 'activated' && page.controller === version.scriptURL,
      };
    }),
  );
  return { tabId, origin: page.origin, ...(page.controller ? { controller: page.controller } : {}), registrations };
}
