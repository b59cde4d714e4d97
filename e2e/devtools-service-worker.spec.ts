import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

// A tiny offline-first worker: caches the page and data.json at install,
// answers from the cache first, and takes control of open pages at once.
const SW = `
self.addEventListener('install', (event) => {
  console.log('sw installing', { version: 1 });
  event.waitUntil(caches.open('v1').then((cache) => cache.addAll(['/pwa/app', '/pwa/data.json'])).then(() => self.skipWaiting()));
});
// It stays 'activating' a moment after it has taken the page (a migration of its caches would).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim().then(() => new Promise((done) => setTimeout(done, 1000)))));
self.addEventListener('fetch', (event) => {
  event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request)));
});`;

test.describe('service workers and offline', () => {
  test('a page without service workers says so', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/no-sw', html('<p>plain</p>')) });
    const { text } = await agent.server.ok('browser_service_workers');
    expect(text).toMatch(/No service worker is registered for http:\/\/127\.0\.0\.1:\d+\./);
  });

  test('states, control, tagged console, served-from-SW requests and offline mode', async ({ agent }) => {
    agent.pages.page('/pwa/sw.js', SW, { contentType: 'text/javascript' });
    agent.pages.page('/pwa/data.json', '{"cached":true}', { contentType: 'application/json' });
    agent.pages.page('/pwa/fresh.json', '{"fresh":true}', { contentType: 'application/json' });
    const app = agent.pages.page('/pwa/app', html(`<h1>PWA</h1><script>navigator.serviceWorker.register('/pwa/sw.js', { scope: '/pwa/' });</script>`, 'PWA'));
    await agent.server.ok('browser_navigate', { url: app });

    await agent.server.ok('browser_evaluate', {
      expression: "await navigator.serviceWorker.ready; navigator.serviceWorker.controller || await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r)); 'ok'",
    });

    const workers = await agent.server.ok('browser_service_workers');
    expect(workers.text).toMatch(/Service workers for http:\/\/127\.0\.0\.1:\d+:/);
    // It controls the page from its activate handler's clients.claim() on, before it is activated.
    expect(workers.text).toMatch(/- scope http:\/\/127\.0\.0\.1:\d+\/pwa\/: http:\/\/127\.0\.0\.1:\d+\/pwa\/sw\.js — activating, running, controls this page/);
    await expect.poll(async () => (await agent.server.ok('browser_service_workers')).text).toMatch(/pwa\/sw\.js — activated, running, controls this page/);

    await expect.poll(async () => (await agent.server.ok('browser_console_messages', { contains: 'sw installing' })).text)
      .toMatch(/LOG service_worker http:\/\/127\.0\.0\.1:\d+\/pwa\/sw\.js: sw installing {version: 1}/);

    await agent.server.ok('browser_clear_network_requests');
    await agent.server.ok('browser_evaluate', { expression: "await fetch('/pwa/data.json').then((r) => r.json())" });
    const served = await agent.server.ok('browser_network_requests', { urlContains: 'data.json' });
    expect(served.text).toMatch(/\/pwa\/data\.json → 200 OK .*from service worker/);
    // Nothing crossed the wire: no size, rather than a "0 B" that reads as an empty body.
    expect(served.text).not.toMatch(/\d B,/);

    try {
      expect((await agent.server.ok('browser_set_offline', { offline: true })).text).toContain('offline');
      const cached = await agent.server.ok('browser_evaluate', { expression: "await fetch('/pwa/data.json').then((r) => r.json())" });
      expect(cached.text).toContain('{"cached": true}');
      const fresh = await agent.server.call('browser_evaluate', { expression: "await fetch('/pwa/fresh.json').then((r) => r.json())" });
      expect(fresh.isError).toBe(true);
      expect(fresh.text).toContain('Failed to fetch');
      // The page itself still loads, from the worker's cache.
      const reload = await agent.server.ok('browser_navigate', { url: app });
      expect(reload.text).toContain('Title: PWA');
    } finally {
      await agent.server.ok('browser_set_offline', { offline: false });
    }
    const online = await agent.server.ok('browser_evaluate', { expression: "await fetch('/pwa/fresh.json').then((r) => r.json())" });
    expect(online.text).toContain('{"fresh": true}');
    await agent.server.ok('browser_evaluate', { expression: 'for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister()' });
  });
});
