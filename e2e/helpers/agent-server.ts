import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { CLI } from './paths.ts';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A per-test config home with a known pairing token, as `browser-agent token` would create. */
export function createHome(dir: string, token = crypto.randomBytes(24).toString('base64url')): { home: string; token: string } {
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ token }), { mode: 0o600 });
  return { home, token };
}

export interface ToolResult {
  text: string;
  isError: boolean;
  images: { data: string; mimeType: string }[];
}

/**
 * The real agent server, spawned from the built CLI and driven by a real MCP
 * client over stdio, exactly as Claude Code or Cursor would run it.
 */
export class McpServerProcess {
  readonly client: Client;
  private transport: StdioClientTransport | undefined;
  private logText = '';
  private readonly logWaiters: { pattern: RegExp; resolve: () => void }[] = [];

  constructor(private readonly options: { args: string[]; home: string; env?: Record<string, string>; clientName?: string }) {
    this.client = new Client({ name: options.clientName ?? 'e2e', version: '1.0.0' });
  }

  async start(): Promise<this> {
    const stderr = new PassThrough();
    this.transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', ...this.options.args],
      env: { ...(process.env as Record<string, string>), BROWSER_AGENT_HOME: this.options.home, ...this.options.env },
      stderr: 'pipe',
    });
    await this.client.connect(this.transport);
    this.transport.stderr?.pipe(stderr);
    stderr.on('data', (chunk: Buffer) => {
      this.logText += chunk.toString();
      if (process.env.E2E_DEBUG) process.stderr.write(chunk);
      for (const waiter of [...this.logWaiters]) {
        if (waiter.pattern.test(this.logText)) {
          this.logWaiters.splice(this.logWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
    return this;
  }

  /** Everything the server wrote to stderr so far. */
  get log(): string {
    return this.logText;
  }

  waitForLog(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    if (pattern.test(this.logText)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server log never matched ${pattern}; log:\n${this.logText}`)), timeoutMs);
      this.logWaiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
    const result = (await this.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as CallToolResult;
    const text = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text).join('\n');
    const images = result.content.filter((c) => c.type === 'image') as { data: string; mimeType: string }[];
    return { text, isError: result.isError === true, images };
  }

  /** Calls a tool and cancels the call after `afterMs`, as a client does when the person presses Esc; resolves with the client's error. */
  async callCancelled(name: string, args: Record<string, unknown>, afterMs: number): Promise<string> {
    const controller = new AbortController();
    const call = this.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000, signal: controller.signal });
    setTimeout(() => controller.abort('cancelled by the test'), afterMs);
    return call.then(() => 'the call finished before it was cancelled', (error: Error) => error.message);
  }

  /** Calls a tool that must succeed; a failure shows the server's message. */
  async ok(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
    const result = await this.call(name, args);
    if (result.isError) throw new Error(`${name} failed: ${result.text}\n--- server log ---\n${this.logText}`);
    return result;
  }

  get pid(): number | null {
    return this.transport?.pid ?? null;
  }

  async stop(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

export interface HubProcess {
  child: ChildProcess;
  /** Everything the hub wrote to stderr so far. */
  output(): string;
  /** Resolves once the hub listens; rejects if it exits first. */
  ready: Promise<void>;
  /** SIGTERM, and wait until it is gone (its port is free again). */
  stop(): Promise<void>;
}

/** `browser-agent serve` as a user runs it (no browser launch: tests bring their own). */
export function startHub(port: number, home: string, extraArgs: string[] = []): HubProcess {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--no-launch', ...extraArgs], {
    env: { ...process.env, BROWSER_AGENT_HOME: home },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('browser-agent hub on')) resolve();
    });
    void exited.then(() => reject(new Error(`hub exited before listening: ${output}`)));
  });
  ready.catch(() => undefined); // a test that never awaits ready must not crash on a later exit
  return {
    child,
    output: () => output,
    ready,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
