/**
 * A small typed client for this project's MCP server, for scripts and agent
 * loops written in JS/TS. It spawns `browser-agent mcp` over stdio with the
 * official MCP SDK client, exactly as Claude Code or Cursor would, so what
 * works here works in any MCP client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';

export interface LaunchOptions {
  /** Extra CLI options after `mcp`, e.g. ['--headless', '--port', '39300']. */
  args?: string[];
  /** Added to this process's environment, e.g. CHROME_PATH or BROWSER_AGENT_HOME. */
  env?: Record<string, string>;
  /** The CLI to run; default: the built agent-server/dist/cli.js next to this file. */
  cli?: string;
  /** Called with the server's stderr log lines (stdout is JSON-RPC). */
  onLog?: (text: string) => void;
}

export interface SnapshotOptions {
  tabId?: number;
  interactive?: boolean;
  depth?: number;
  root?: string;
  viewportOnly?: boolean;
  maxChars?: number;
  offset?: number;
}

export interface TypeOptions {
  clear?: boolean;
  submit?: boolean;
  delay?: number;
  tabId?: number;
}

/** A tool call that came back with `isError`; `code` is the server's error code, e.g. STALE_REF. */
export class BrowserAgentError extends Error {
  readonly code: string;
  readonly tool: string;
  constructor(tool: string, code: string, message: string) {
    super(`${tool}: ${code}: ${message}`);
    this.name = 'BrowserAgentError';
    this.code = code;
    this.tool = tool;
  }
}

const DEFAULT_CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export class BrowserAgentClient {
  private constructor(
    private readonly client: Client,
    private readonly transport: StdioClientTransport,
  ) {}

  /** Spawns `browser-agent mcp` and connects to it. Close it with close(). */
  static async launch(options: LaunchOptions = {}): Promise<BrowserAgentClient> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [options.cli ?? DEFAULT_CLI, 'mcp', ...(options.args ?? [])],
      // The SDK passes only a safe subset of the environment unless told otherwise;
      // CHROME_PATH, DISPLAY and TMPDIR matter to the managed browser.
      env: { ...(process.env as Record<string, string>), ...options.env },
      stderr: options.onLog ? 'pipe' : 'inherit',
    });
    const client = new Client({ name: 'browser-agent-client', version: '1.0.0' });
    await client.connect(transport);
    if (options.onLog) transport.stderr?.on('data', (chunk: Buffer) => options.onLog?.(chunk.toString()));
    return new BrowserAgentClient(client, transport);
  }

  /** Calls any tool and returns its text; throws BrowserAgentError on an error result. */
  async call(tool: string, args: Record<string, unknown> = {}): Promise<string> {
    // Our tools carry their own timeout (default 30 s); the SDK's 60 s default would cut long waits.
    const timeout = typeof args.timeout === 'number' ? args.timeout + 10_000 : 120_000;
    const result = (await this.client.callTool({ name: tool, arguments: args }, undefined, { timeout })) as CallToolResult;
    const text = result.content
      .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
      .map((c) => c.text)
      .join('\n');
    if (result.isError) {
      const match = /^Error ([A-Z_]+): ([\s\S]*)$/.exec(text);
      throw new BrowserAgentError(tool, match?.[1] ?? 'INTERNAL', match?.[2] ?? text);
    }
    return text;
  }

  /** The tools the server offers, as MCP lists them. */
  async listTools(): Promise<{ name: string; description?: string }[]> {
    return (await this.client.listTools()).tools;
  }

  snapshot(options: SnapshotOptions = {}): Promise<string> {
    return this.call('browser_snapshot', { ...options });
  }

  navigate(url: string, tabId?: number): Promise<string> {
    return this.call('browser_navigate', { url, ...(tabId !== undefined && { tabId }) });
  }

  click(ref: string, tabId?: number): Promise<string> {
    return this.call('browser_click', { ref, ...(tabId !== undefined && { tabId }) });
  }

  fill(ref: string, value: string, tabId?: number): Promise<string> {
    return this.call('browser_fill', { ref, value, ...(tabId !== undefined && { tabId }) });
  }

  type(ref: string, text: string, options: TypeOptions = {}): Promise<string> {
    return this.call('browser_type', { ref, text, ...options });
  }

  pressKey(key: string, ref?: string): Promise<string> {
    return this.call('browser_press_key', { key, ...(ref !== undefined && { ref }) });
  }

  /** The server's process id, e.g. to check it exits with the client. */
  get pid(): number | null {
    return this.transport.pid;
  }

  /** Ends the session; the server closes a browser it launched. */
  async close(): Promise<void> {
    await this.client.close();
  }
}
