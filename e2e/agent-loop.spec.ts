import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BrowserAgentClient } from '../agent-server/src/client.ts';
import { DEMO_SHOP_DIR, runAgentLoop } from '../examples/agent-loop.ts';
import { anthropicDecider, openAiDecider, parseAction } from '../examples/llm-decider.ts';
import { DEMO_SHOP_DONE, DEMO_SHOP_GOAL, DEMO_SHOP_PLAN, scriptedDecider } from '../examples/scripted-decider.ts';
import { createHome, freePort } from './helpers/agent-server.ts';
import { CHROMIUM_PATH } from './helpers/chromium.ts';
import { assertBuilt, removeDir, tempDir } from './helpers/paths.ts';
import { TestServer } from './helpers/server.ts';

test('the example agent loop buys a mouse in the demo shop, finding every ref in the snapshot text', async () => {
  assertBuilt();
  const dir = tempDir('agent-loop');
  // Short on purpose: Chromium's socket path under TMPDIR must stay short.
  const tmp = fs.mkdtempSync('/tmp/ba-loop-');
  const { home } = createHome(dir);
  const pages = await new TestServer().start();
  const read = (name: string) => fs.readFileSync(path.join(DEMO_SHOP_DIR, name), 'utf8');
  const shop = pages.page('/', read('index.html'));
  pages.page('/app.js', read('app.js'), { contentType: 'text/javascript; charset=utf-8' });

  // Its own server process, as the example runs it: no extension connects, so it launches a managed Chromium.
  let log = '';
  const client = await BrowserAgentClient.launch({
    args: ['--port', String(await freePort()), '--headless'],
    env: { CHROME_PATH: CHROMIUM_PATH, BROWSER_AGENT_HOME: home, TMPDIR: tmp },
    onLog: (text) => (log += text),
  });
  const lines: string[] = [];
  try {
    const result = await runAgentLoop({
      client,
      goal: DEMO_SHOP_GOAL,
      startUrl: shop,
      decide: scriptedDecider(DEMO_SHOP_PLAN, DEMO_SHOP_DONE),
      log: (line) => lines.push(line),
    });
    expect(result.done, `loop output:\n${lines.join('\n')}\n--- server log ---\n${log}`).toBe(true);
    expect(result.steps.map((s) => s.action.type)).toEqual(['fill', 'click', 'click', 'click', 'click', 'fill', 'fill', 'fill', 'click']);
    // No step failed: every ref the decider took from a snapshot was live when used.
    expect(result.steps.filter((s) => s.result.startsWith('Error'))).toEqual([]);
    expect(result.finalSnapshot).toContain('heading "Order confirmed"');
    expect(result.finalSnapshot).toContain('Thank you, Ada Lovelace! Order DS-1007 (1 item, $24.00)');
    // Each step reports what its snapshot cost.
    expect(lines.filter((l) => /^step \d+: snapshot \d+ chars ≈ \d+ tokens/.test(l))).toHaveLength(10);
    // The last snapshot (the one that showed the confirmation) counts too.
    expect(result.snapshotTokens).toBeGreaterThan(result.steps.reduce((sum, s) => sum + s.snapshotTokens, 0));
  } finally {
    await client.close();
    await pages.stop();
    removeDir(dir);
    removeDir(tmp);
  }
});

// The model deciders are not run against a real API in CI; a local stand-in
// checks that the request carries the goal and snapshot and that the reply becomes an action.
test('the LLM deciders send the snapshot and parse the action from Anthropic and OpenAI-compatible replies', async () => {
  const requests: { url: string; auth: string; body: string }[] = [];
  const api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', auth: String(req.headers['x-api-key'] ?? req.headers.authorization), body });
      const reply = 'Sure.\n```json\n{"type":"click","ref":"e12","reason":"add the mouse"}\n```';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/v1/messages' ? { content: [{ type: 'text', text: reply }] } : { choices: [{ message: { content: reply } }] }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const snapshot = '- button "Add Wireless Mouse to cart" [ref=e12]';
  const history = [{ action: { type: 'fill' as const, ref: 'e2', value: 'mouse' }, result: 'Filled searchbox', snapshotTokens: 90 }];
  try {
    for (const decide of [anthropicDecider('ak', base, 'test-model'), openAiDecider('ok', `${base}/v1`, 'test-model')]) {
      expect(await decide('Buy a mouse', snapshot, history)).toEqual({ type: 'click', ref: 'e12', reason: 'add the mouse' });
    }
  } finally {
    api.close();
  }
  expect(requests.map((r) => [r.url, r.auth])).toEqual([
    ['/v1/messages', 'ak'],
    ['/v1/chat/completions', 'Bearer ok'],
  ]);
  for (const request of requests) {
    expect(request.body).toContain('Goal: Buy a mouse');
    expect(request.body).toContain('[ref=e12]');
    expect(request.body).toContain('1. {\\"type\\":\\"fill\\"');
  }
  expect(() => parseAction('I would click the button')).toThrow(/did not answer with a JSON action/);
  expect(() => parseAction('{"type":"fill","ref":"e2"}')).toThrow(/lacks "value"/);
});
