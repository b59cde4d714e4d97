/**
 * Shared pieces of the reliability suite: scaling, the hub as a user runs it
 * (restartable), typed-error checks and a figure printer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ERROR_CODES } from '../src/shared/errors.ts';
import { CLI } from '../e2e/helpers/paths.ts';
import type { ToolResult } from '../e2e/helpers/agent-server.ts';

/** RELIABILITY_SCALE=0.1 runs a tenth of every count (for a quick local pass); default is the full spec. */
export function scaled(full: number, min = 1): number {
  const scale = Number(process.env.RELIABILITY_SCALE ?? '1');
  return Math.max(min, Math.round(full * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}

/** Each test prints its figure on one line so the run log is the report. */
export function figure(name: string, value: string): void {
  process.stdout.write(`\n[reliability] ${name}: ${value}\n`);
}

const CODES = new Set<string>(ERROR_CODES);

/** The code of a typed tool error ("Error TAB_CLOSED: …"), or null when the text is not one. */
export function errorCode(result: ToolResult): string | null {
  const m = /^Error ([A-Z_]+):/.exec(result.text);
  return m && CODES.has(m[1]) ? m[1] : null;
}

/** Rejects after `ms` so a hanging promise fails the test with a name instead of a Playwright timeout. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms (hang)`)), ms))),
  ]);
}

/** `browser-agent serve` as a user runs it; stderr is kept and searchable. */
export class Hub {
  child: ChildProcess | undefined;
  private output = '';

  constructor(private readonly port: number, private readonly home: string) {}

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, [CLI, 'serve', '--port', String(this.port), '--no-launch'], {
      env: { ...process.env, BROWSER_AGENT_HOME: this.home },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
      if (process.env.E2E_DEBUG) process.stderr.write(chunk);
    });
    await this.waitFor(/browser-agent hub on/, 15_000);
  }

  get log(): string {
    return this.output;
  }

  async waitFor(pattern: RegExp, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!pattern.test(this.output)) {
      if (Date.now() > deadline) throw new Error(`hub log never matched ${pattern} within ${ms} ms:\n${this.output}`);
      if (this.child?.exitCode !== null) throw new Error(`hub exited (${this.child?.exitCode}):\n${this.output}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** SIGKILL: no goodbye to the extension, as when the process crashes. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Tab id from a browser_navigate result ("Tab: 123"). */
export function tabIdOf(result: ToolResult): number {
  const m = /Tab: (\d+)/.exec(result.text);
  if (!m) throw new Error(`no tab id in: ${result.text}`);
  return Number(m[1]);
}

/** Tab id from browser_tabs new ("Opened tab 123 …"). */
export function openedTabId(result: ToolResult): number {
  const m = /Opened tab (\d+)/.exec(result.text);
  if (!m) throw new Error(`no tab id in: ${result.text}`);
  return Number(m[1]);
}
