/**
 * One MCP client script for three servers: ours, @playwright/mcp and
 * chrome-devtools-mcp, each spawned over stdio and pointed at the same
 * Chromium. Every peer names its tools and refs its own way; the adapters
 * below hide only that, so each measured call is the tool's own default.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { createHome, freePort } from '../e2e/helpers/agent-server.ts';
import { CHROMIUM_PATH } from '../e2e/helpers/chromium.ts';
import { CLI, ROOT } from '../e2e/helpers/paths.ts';

export interface CallOutput {
  text: string;
  isError: boolean;
  bytes: number;
}

export interface Driver {
  readonly name: string;
  start(): Promise<void>;
  toolsListBytes(): Promise<number>;
  navigate(url: string): Promise<CallOutput>;
  snapshot(): Promise<CallOutput>;
  /** The ref of the first snapshot line with this role and accessible name, in the tool's own syntax. */
  findRef(snapshot: string, role: string, name: string): string;
  type(ref: string, text: string, label: string): Promise<CallOutput>;
  click(ref: string, label: string): Promise<CallOutput>;
  evaluate(expression: string): Promise<CallOutput>;
  screenshot(): Promise<CallOutput>;
  console(): Promise<CallOutput>;
  stop(): Promise<void>;
}

/** A stdio MCP server and its client; stderr is kept to explain failures. */
class StdioServer {
  readonly client = new Client({ name: 'bench', version: '1.0.0' });
  private stderr = '';

  constructor(private readonly command: string, private readonly args: string[], private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const transport = new StdioClientTransport({ command: this.command, args: this.args, env: { ...(process.env as Record<string, string>), ...this.env }, stderr: 'pipe' });
    transport.stderr?.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4000)));
    await this.client.connect(transport);
  }

  async toolsListBytes(): Promise<number> {
    const { tools } = await this.client.listTools();
    // What a client puts into the model's context: the tools array as JSON.
    return Buffer.byteLength(JSON.stringify(tools));
  }

  async call(name: string, args: Record<string, unknown>): Promise<CallOutput> {
    const result = (await this.client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const bytes = Buffer.byteLength(JSON.stringify(result.content));
    return { text, isError: result.isError === true, bytes };
  }

  async ok(name: string, args: Record<string, unknown>): Promise<CallOutput> {
    const out = await this.call(name, args);
    if (out.isError) throw new Error(`${name} failed: ${out.text.slice(0, 500)}\n--- stderr ---\n${this.stderr}`);
    return out;
  }

  async stop(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `- textbox "Name" [ref=e5]` (ours and Playwright MCP share the aria-snapshot grammar). */
function ariaRef(snapshot: string, role: string, name: string): string {
  const m = new RegExp(`- ${role} "${escapeRe(name)}"[^\\n]*\\[ref=([a-z0-9]+)\\]`).exec(snapshot);
  if (!m) throw new Error(`no ref for ${role} "${name}" in:\n${snapshot.slice(0, 2000)}`);
  return m[1];
}

/** A short per-run folder: Chromium's socket paths must stay under 108 bytes. */
function shortTemp(prefix: string): string {
  return fs.mkdtempSync(path.join('/tmp', prefix));
}

export class OursDriver implements Driver {
  readonly name = 'ours';
  private server!: StdioServer;
  private dir = '';

  /** `extraArgs`: e.g. ['--caps', 'all'] for tools outside the default set. */
  constructor(private readonly extraArgs: string[] = []) {}

  async start(): Promise<void> {
    this.dir = shortTemp('ba-bench-');
    const { home } = createHome(this.dir);
    const tmp = path.join(this.dir, 'tmp');
    fs.mkdirSync(tmp);
    this.server = new StdioServer(process.execPath, [CLI, 'mcp', '--port', String(await freePort()), '--headless', '--output-dir', path.join(this.dir, 'out'), ...this.extraArgs], {
      CHROME_PATH: CHROMIUM_PATH, BROWSER_AGENT_HOME: home, TMPDIR: tmp,
    });
    await this.server.start();
  }

  toolsListBytes = () => this.server.toolsListBytes();
  navigate = (url: string) => this.server.ok('browser_navigate', { url });
  // The whole snapshot, as the peers return it: by default ours cuts at 40,000 characters.
  snapshot = () => this.server.ok('browser_snapshot', { maxChars: 10_000_000 });
  findRef = ariaRef;
  type = (ref: string, text: string) => this.server.ok('browser_type', { ref, text });
  click = (ref: string) => this.server.ok('browser_click', { ref });
  evaluate = (expression: string) => this.server.ok('browser_evaluate', { expression });
  screenshot = () => this.server.ok('browser_take_screenshot', {});
  console = () => this.server.ok('browser_console_messages', {});
  /** Direct access for the transport micro-benchmarks. */
  call = (name: string, args: Record<string, unknown>) => this.server.ok(name, args);

  async stop(): Promise<void> {
    await this.server.stop();
    fs.rmSync(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

export class PlaywrightMcpDriver implements Driver {
  readonly name = '@playwright/mcp';
  private server!: StdioServer;
  private dir = '';

  async start(): Promise<void> {
    this.dir = shortTemp('pw-bench-');
    const cli = path.join(ROOT, 'node_modules/@playwright/mcp/cli.js');
    this.server = new StdioServer(process.execPath, [cli, '--headless', '--isolated', '--no-sandbox', '--browser', 'chromium', '--executable-path', CHROMIUM_PATH, '--output-dir', this.dir], { TMPDIR: this.dir });
    await this.server.start();
  }

  toolsListBytes = () => this.server.toolsListBytes();
  navigate = (url: string) => this.server.ok('browser_navigate', { url });
  snapshot = () => this.server.ok('browser_snapshot', {});
  findRef = ariaRef;
  // 0.0.83 names the ref parameter `target` (a ref or a selector).
  type = (ref: string, text: string, label: string) => this.server.ok('browser_type', { target: ref, text, element: label });
  click = (ref: string, label: string) => this.server.ok('browser_click', { target: ref, element: label });
  evaluate = (expression: string) => this.server.ok('browser_evaluate', { function: `() => (${expression})` });
  screenshot = () => this.server.ok('browser_take_screenshot', {});
  console = () => this.server.ok('browser_console_messages', {});

  async stop(): Promise<void> {
    await this.server.stop();
    fs.rmSync(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

export class DevtoolsMcpDriver implements Driver {
  readonly name = 'chrome-devtools-mcp';
  private server!: StdioServer;
  private dir = '';

  async start(): Promise<void> {
    this.dir = shortTemp('cd-bench-');
    const cli = path.join(ROOT, 'node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js');
    this.server = new StdioServer(process.execPath, [cli, '--headless', '--isolated', '--executablePath', CHROMIUM_PATH, '--no-usage-statistics',
      '--chromeArg=--no-sandbox', '--chromeArg=--disable-gpu', '--chromeArg=--disable-background-networking', '--chromeArg=--disable-component-update'], {
      TMPDIR: this.dir, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1',
    });
    await this.server.start();
    // 1.11 wants a pageId on every page tool: the page it opened at launch.
    const pages = await this.server.ok('list_pages', {});
    const id = /(\d+):/.exec(pages.text);
    if (!id) throw new Error(`no page id in list_pages output:\n${pages.text}`);
    this.pageId = Number(id[1]);
  }

  private pageId = 0;
  toolsListBytes = () => this.server.toolsListBytes();
  navigate = (url: string) => this.server.ok('navigate_page', { pageId: this.pageId, type: 'url', url });
  snapshot = () => this.server.ok('take_snapshot', { pageId: this.pageId });
  /** `uid=1_5 textbox "Name"` */
  findRef(snapshot: string, role: string, name: string): string {
    const m = new RegExp(`uid=(\\S+) ${role} "${escapeRe(name)}"`).exec(snapshot);
    if (!m) throw new Error(`no uid for ${role} "${name}" in:\n${snapshot.slice(0, 2000)}`);
    return m[1];
  }
  // chrome-devtools-mcp has no per-key "type into element"; fill is its way to enter text by uid.
  type = (ref: string, text: string) => this.server.ok('fill', { pageId: this.pageId, uid: ref, value: text });
  click = (ref: string) => this.server.ok('click', { pageId: this.pageId, uid: ref });
  evaluate = (expression: string) => this.server.ok('evaluate_script', { pageId: this.pageId, function: `() => (${expression})` });
  screenshot = () => this.server.ok('take_screenshot', { pageId: this.pageId });
  console = () => this.server.ok('list_console_messages', { pageId: this.pageId });

  async stop(): Promise<void> {
    await this.server.stop();
    fs.rmSync(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
