import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createHome, freePort, McpServerProcess, startHub } from './helpers/agent-server.ts';
import { assertBuilt, CLI, removeDir, tempDir } from './helpers/paths.ts';
import { startHubChain } from './helpers/hub-chain.ts';
import { html } from './helpers/server.ts';

async function httpClient(port: number, token: string, name: string): Promise<{ call(tool: string, args?: object): Promise<{ text: string; isError: boolean }>; close(): Promise<void> }> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return {
    async call(tool, args = {}) {
      const result = (await client.callTool({ name: tool, arguments: args as Record<string, unknown> })) as CallToolResult;
      return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

test('one hub, three clients (two stdio, one HTTP): each works in its own tab group and cannot touch the others', async () => {
  const chain = await startHubChain('hub', 'agent-a');
  const { agent: a, browser, pages, port, home, token } = chain;
  const b = await new McpServerProcess({ args: ['--port', String(port)], home, clientName: 'agent-b' }).start();
  try {
    await a.waitForLog(/using the hub on port/);
    const c = await httpClient(port, token, 'agent-c');

    const [navA, navB, navC] = await Promise.all([
      a.ok('browser_navigate', { url: pages.page('/a', html('<button>A button</button>', 'Page A')) }),
      b.ok('browser_navigate', { url: pages.page('/b', html('<button>B button</button>', 'Page B')) }),
      c.call('browser_navigate', { url: pages.page('/c', html('<button>C button</button>', 'Page C')) }),
    ]);
    const tabA = Number(/Tab: (\d+)/.exec(navA.text)![1]);
    const tabB = Number(/Tab: (\d+)/.exec(navB.text)![1]);
    expect(navC.text).toContain('Title: Page C');

    // Each sees only its own tab (the first calls of several agents at once: none takes another's new tab).
    const listA = (await a.ok('browser_tabs', { action: 'list' })).text;
    const listB = (await b.ok('browser_tabs', { action: 'list' })).text;
    const listC = (await c.call('browser_tabs', { action: 'list' })).text;
    for (const [list, own] of [[listA, 'Page A'], [listB, 'Page B'], [listC, 'Page C']]) {
      expect(list).toContain(own);
      for (const other of ['Page A', 'Page B', 'Page C']) if (other !== own) expect(list).not.toContain(other);
    }
    // And cannot read or act on another's tab.
    const peek = await a.call('browser_snapshot', { tabId: tabB });
    expect(peek.text).toContain(`TAB_NOT_FOUND: Tab ${tabB} is not one of this agent's tabs. Valid tab ids: ${tabA}`);
    const poke = await b.call('browser_click', { selector: 'button', tabId: tabA });
    expect(poke.text).toContain('TAB_NOT_FOUND');
    expect((await a.ok('browser_snapshot')).text).toContain('button "A button"');

    // The user sees named, coloured tab groups.
    const worker = await browser.serviceWorker();
    const groups = await worker.evaluate(async () => (await chrome.tabGroups.query({})).map((g) => g.title).sort());
    expect(groups).toEqual(['agent-a', 'agent-b', 'agent-c']);

    // Dragging a user's tab into agent-a's group shares it; dragging it out revokes at once.
    const userPage = await browser.context.newPage();
    await userPage.goto(pages.page('/user', html('<p>mine</p>', 'User tab')));
    const shared = await worker.evaluate(async () => {
      const [user] = await chrome.tabs.query({ title: 'User tab' });
      const group = (await chrome.tabGroups.query({ title: 'agent-a' }))[0];
      await chrome.tabs.group({ tabIds: [user.id!], groupId: group.id });
      return user.id!;
    });
    await expect.poll(async () => (await a.ok('browser_tabs', { action: 'list' })).text).toContain('User tab');
    expect((await a.ok('browser_snapshot', { tabId: shared })).text).toContain('mine');
    await worker.evaluate(async (id) => chrome.tabs.ungroup(id), shared);
    await expect.poll(async () => (await a.call('browser_snapshot', { tabId: shared })).text).toContain('TAB_NOT_FOUND');
    await c.close();
  } finally {
    await b.stop();
    await chain.stop();
  }
});

test('the hub refuses HTTP clients without the token or from web pages, and a second hub on the port is reported, not killed', async () => {
  assertBuilt();
  const dir = tempDir('hub-sec');
  const port = await freePort();
  const { home } = createHome(dir);
  const hub = startHub(port, home);
  try {
    await hub.ready;
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const noToken = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) });
    expect(noToken.status).toBe(401);
    expect(await noToken.text()).toContain('browser-agent token');
    const evil = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: JSON.stringify(init) });
    expect(evil.status).toBe(403);

    const second = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--no-launch'], { env: { ...process.env, BROWSER_AGENT_HOME: home } });
    let err = '';
    second.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(err).toContain(`Port ${port} is already in use (by a browser-agent hub`);
    expect(err).toContain('Nothing was killed');
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  } finally {
    await hub.stop();
    removeDir(dir);
  }
});

test('a stdio agent that joined the hub carries on after the hub restarts, with its tab', async () => {
  const chain = await startHubChain('hub-restart', 'agent-r');
  const { agent, pages } = chain;
  try {
    const nav = await agent.ok('browser_navigate', { url: pages.page('/r', html('<button>Still here</button>', 'Restart page')) });
    const tab = /Tab: (\d+)/.exec(nav.text)![1];

    await chain.hub.stop();
    const down = await agent.call('browser_snapshot');
    expect(down.text).toContain('EXTENSION_DISCONNECTED');
    expect(down.text).toContain('The next call connects again');

    chain.hub = startHub(chain.port, chain.home);
    await chain.hub.ready;
    await expect.poll(() => chain.hub.output()).toContain('extension 0.1.0 connected');
    // A new hub session, same name: the agent gets its tab back.
    const again = await agent.ok('browser_snapshot');
    expect(again.text).toContain('button "Still here"');
    expect(again.text).toContain(`Tab: ${tab}`);

    // Restarted between two calls: the old session is unknown to the new hub, and the call still goes through.
    await chain.hub.stop();
    chain.hub = startHub(chain.port, chain.home);
    await chain.hub.ready;
    await expect.poll(() => chain.hub.output()).toContain('extension 0.1.0 connected');
    expect((await agent.ok('browser_snapshot')).text).toContain('button "Still here"');
  } finally {
    await chain.stop();
  }
});
