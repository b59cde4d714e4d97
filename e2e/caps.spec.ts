import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { CAPABILITIES, capabilityOf } from '../agent-server/src/mcp/caps.ts';
import { TOOLS } from '../agent-server/src/mcp/tools/index.ts';
import { createHome, McpServerProcess } from './helpers/agent-server.ts';
import { CLI, removeDir, tempDir } from './helpers/paths.ts';

test('every tool belongs to exactly one capability group', () => {
  for (const tool of TOOLS) expect(capabilityOf(tool.name), tool.name).toBeDefined();
  const all = Object.values(CAPABILITIES).flat();
  expect(new Set(all).size).toBe(all.length);
  expect(all.sort()).toEqual(TOOLS.map((t) => t.name).sort());
});

test('--caps chooses the tool groups; the default set is small; unknown groups are refused', async () => {
  const dir = tempDir('caps');
  const { home } = createHome(dir);
  const byDefault = await new McpServerProcess({ args: ['--port', '0', '--no-launch'], home, env: { BROWSER_AGENT_CAPS: '' } }).start();
  const chosen = await new McpServerProcess({ args: ['--port', '0', '--no-launch', '--caps', 'core,network'], home }).start();
  try {
    const defaults = (await byDefault.client.listTools()).tools.map((t) => t.name);
    expect(defaults).toEqual(expect.arrayContaining([...CAPABILITIES.core, ...CAPABILITIES.tabs]));
    expect(defaults).not.toContain('browser_network_requests');
    const withNetwork = (await chosen.client.listTools()).tools.map((t) => t.name);
    expect(withNetwork).toContain('browser_network_requests');
    expect(withNetwork).not.toContain('browser_tabs');
    const bytes = JSON.stringify(await byDefault.client.listTools()).length;
    console.log(`default tools/list: ${defaults.length} tools, ${bytes} bytes`);
  } finally {
    await byDefault.stop();
    await chosen.stop();
    removeDir(dir);
  }
  const bad = spawnSync(process.execPath, [CLI, 'mcp', '--port', '0', '--caps', 'core,bogus'], { encoding: 'utf8', input: '' });
  expect(bad.status).not.toBe(0);
  expect(bad.stderr).toContain('Unknown capability "bogus"');
});
