import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHome, freePort } from './helpers/agent-server.ts';
import { CHROMIUM_PATH } from './helpers/chromium.ts';
import { assertBuilt, removeDir, ROOT } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

// What a user gets from `npm install llm-browser-agent`: the tarball alone, in a
// directory with no access to this checkout, must run the server and launch a
// browser with the extension it carries.
test('npm pack: the installed package runs its bin, lists tools over MCP and launches Chromium with the bundled extension', async () => {
  test.slow();
  assertBuilt();
  // Outside the checkout on purpose: under it, Node would resolve a dependency the
  // package forgot from this repository's node_modules and the test would pass.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-pkg-'));
  try {
    await packInstallAndRun(dir);
  } finally {
    removeDir(dir);
  }
});

async function packInstallAndRun(dir: string): Promise<void> {
  const packDir = path.join(dir, 'pack');
  const project = path.join(dir, 'project');
  fs.mkdirSync(packDir);
  fs.mkdirSync(project);
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', packDir], ROOT)) as { filename: string; files: { path: string }[] }[];
  const files = packed.files.map((f) => f.path);
  expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'agent-server/dist/cli.js', 'dist/manifest.json']));
  // Sources, tests and examples stay out of the package.
  expect(files.filter((f) => /^(src|e2e|examples|scripts|agent-server\/src)\//.test(f))).toEqual([]);

  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'clean-project', version: '1.0.0', private: true }));
  npm(['install', path.join(packDir, packed.filename), '--prefer-offline', '--no-audit', '--no-fund'], project);
  const installed = path.join(project, 'node_modules', 'llm-browser-agent');
  // The CLI finds these relative to itself: ../../dist and ../../package.json.
  expect(fs.existsSync(path.join(installed, 'dist', 'manifest.json'))).toBe(true);
  const bin = path.join(project, 'node_modules', '.bin', 'browser-agent');
  expect(execFileSync(bin, ['--version'], { cwd: project, encoding: 'utf8' }).trim()).toContain(VERSION);

  // Short on purpose: Chromium's socket path under TMPDIR must stay short.
  const tmp = path.join(dir, 't');
  fs.mkdirSync(tmp);
  const { home } = createHome(dir);
  const pages = await new TestServer().start();
  const client = new Client({ name: 'package-e2e', version: '1.0.0' });
  let log = '';
  const transport = new StdioClientTransport({
    command: bin,
    args: ['mcp', '--port', String(await freePort()), '--headless'],
    cwd: project,
    env: { ...(process.env as Record<string, string>), BROWSER_AGENT_HOME: home, CHROME_PATH: CHROMIUM_PATH, TMPDIR: tmp },
    stderr: 'pipe',
  });
  try {
    await client.connect(transport);
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    expect(client.getServerVersion()?.version).toBe(VERSION);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['browser_navigate', 'browser_snapshot', 'browser_click', 'browser_take_screenshot']));

    // Managed mode from the installed package: its own copy of the extension connects.
    const url = pages.page('/packaged', html('<h1>Packaged</h1><button>Works</button>', 'Packaged page'));
    const nav = (await client.callTool({ name: 'browser_navigate', arguments: { url } }, undefined, { timeout: 60_000 })) as CallToolResult;
    const text = nav.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(nav.isError, `${text}\n--- server log ---\n${log}`).toBeFalsy();
    expect(text).toContain('Title: Packaged page');
  } finally {
    await client.close().catch(() => undefined);
    await pages.stop();
  }
}
