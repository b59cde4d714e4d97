import fs from 'node:fs';
import { freePort } from './helpers/agent-server.ts';
import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

test.describe('network log', () => {
  test('ok, 404, refused and a POST body; details with headers and bodies', async ({ agent }) => {
    const closedPort = await freePort();
    agent.pages.page('/api/ok', JSON.stringify({ items: [1, 2, 3] }), { contentType: 'application/json' });
    agent.pages.page('/api/echo', 'saved', { contentType: 'text/plain', status: 201 });
    agent.pages.page('/api/big', 'B'.repeat(5000), { contentType: 'text/plain' });
    const code = `window.done = (async () => {
      await fetch('/api/ok').then((r) => r.text());
      await fetch('/api/missing').then((r) => r.text());
      await fetch('http://127.0.0.1:${closedPort}/nothing').catch(() => null);
      await fetch('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: 'world' }) }).then((r) => r.text());
      await fetch('/api/big').then((r) => r.text());
    })();`;
    await agent.server.ok('browser_clear_network_requests');
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/network', html(`<script>${code}</script>`)) });
    await agent.server.ok('browser_evaluate', { expression: 'await window.done' });

    const { text } = await agent.server.ok('browser_network_requests');
    expect(text).toMatch(/\[[\w.-]+\] GET http:\/\/127\.0\.0\.1:\d+\/network → 200 OK \(Document, text\/html/);
    expect(text).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/ok → 200 OK \(Fetch, application\/json, \d+ B, \d+ ms/);
    expect(text).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/missing → 404 Not Found/);
    expect(text).toMatch(new RegExp(`GET http://127\\.0\\.0\\.1:${closedPort}/nothing → FAILED \\(net::ERR_CONNECTION_REFUSED`));
    expect(text.indexOf('/api/big')).toBeLessThan(text.indexOf('/api/ok')); // newest first

    const failed = await agent.server.ok('browser_network_requests', { failedOnly: true });
    expect(failed.text).toContain('/api/missing');
    expect(failed.text).toContain('/nothing');
    expect(failed.text).not.toContain('/api/ok');
    const fetches = await agent.server.ok('browser_network_requests', { resourceType: 'fetch', urlContains: 'api/' });
    expect(fetches.text).toContain('4 of 4 requests');

    const idOf = (path: string) => new RegExp(`\\[([\\w.-]+)\\] \\w+ http://127\\.0\\.0\\.1:\\d+${path} `).exec(text)![1];
    const ok = await agent.server.ok('browser_network_request', { id: idOf('/api/ok') });
    expect(ok.text).toContain('Response body:\n{"items":[1,2,3]}');
    expect(ok.text).toMatch(/content-type: application\/json/i);
    const post = await agent.server.ok('browser_network_request', { id: idOf('/api/echo') });
    expect(post.text).toContain('Request body:\n{"hello":"world"}');
    expect(post.text).toContain('201 Created');
    const big = await agent.server.ok('browser_network_request', { id: idOf('/api/big') });
    const file = /full body saved to (\S+)\)/.exec(big.text)?.[1];
    expect(file, big.text).toBeTruthy();
    expect(fs.readFileSync(file!, 'utf8')).toBe('B'.repeat(5000));
    const refused = await agent.server.ok('browser_network_request', { id: idOf('/nothing') });
    expect(refused.text).toContain('the request failed');

    const unknown = await agent.server.call('browser_network_request', { id: 'no-such-id' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('browser_network_requests');

    const cleared = await agent.server.ok('browser_clear_network_requests');
    expect(cleared.text).toMatch(/Cleared ([6-9]|1\d) requests/);
    expect((await agent.server.ok('browser_network_requests')).text).toContain('No requests');
  });

  test('a response the page never reads: its body so far, and why it has not finished', async ({ agent }) => {
    agent.pages.page('/api/unread', JSON.stringify({ status: 'queued' }), { contentType: 'application/json' });
    agent.pages.page('/api/unread-big', 'x'.repeat(5_000_000), { contentType: 'text/plain' });
    await agent.server.ok('browser_clear_network_requests');
    // fetch() without .json(): Chromium never finishes the request, so there is no complete body to ask for.
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/unread', html(`<script>fetch('/api/unread', { method: 'POST' }); fetch('/api/unread-big')</script>`)) });
    await expect.poll(async () => (await agent.server.ok('browser_network_requests')).text).toContain('/api/unread → 200 OK');
    const id = /\[([\w.-]+)\] POST \S+\/api\/unread/.exec((await agent.server.ok('browser_network_requests')).text)![1];
    const detail = (await agent.server.ok('browser_network_request', { id })).text;
    expect(detail).toContain('{"status":"queued"}');
    expect(detail).toContain("the response has not finished loading (still streaming, or a fetch() whose body the page never read); above is what has arrived so far");
    // Too big for what Chromium passes on before the page reads: nothing of it to show, and said so.
    await expect.poll(async () => (await agent.server.ok('browser_network_requests')).text).toContain('/api/unread-big → 200 OK');
    const big = /\[([\w.-]+)\] GET \S+\/api\/unread-big/.exec((await agent.server.ok('browser_network_requests')).text)![1];
    const bigDetail = (await agent.server.ok('browser_network_request', { id: big })).text;
    expect(bigDetail).toContain('the response has not finished loading (still streaming, or a fetch() whose body the page never read); none of its body can be read yet');
    expect(bigDetail).not.toContain('above is what has arrived');
  });

  test('cached responses say where they came from', async ({ agent }) => {
    agent.pages.page('/cached.txt', 'cache me', { contentType: 'text/plain', headers: { 'cache-control': 'max-age=3600' } });
    const code = `window.done = fetch('/cached.txt').then((r) => r.text()).then(() => fetch('/cached.txt')).then((r) => r.text());`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/network-cache', html(`<script>${code}</script>`)) });
    await agent.server.ok('browser_evaluate', { expression: 'await window.done' });
    const { text } = await agent.server.ok('browser_network_requests', { urlContains: 'cached.txt' });
    const [newest, oldest] = text.split('\n').slice(1);
    expect(newest).toMatch(/cached\.txt → 200 OK .*from (disk|memory) cache/);
    expect(oldest).not.toMatch(/from .* cache/);
  });
});
