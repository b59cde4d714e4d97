/**
 * Getting the shell CLI onto the hub: find the hub on the port or start one
 * in the background, then join the CLI's one MCP session.
 *
 * Every shell command is its own process, but a loop like `open`, then
 * `snapshot`, then `click e3` must act in the same tab. The extension keeps a
 * session's tabs and current tab by session id, and the hub's /mcp gives each
 * `initialize` a new id (a same-named session gets its tabs back only after
 * the extension reconnects, src/background/tabs.ts resumeSession). So the CLI
 * stores its MCP session id in the config dir and resumes that session
 * instead of initializing a new one; only when the hub no longer knows it
 * (the hub restarted) does it start a new session — whose name,
 * "browser-agent CLI", then lets the extension hand it the old tabs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { configDir, loadOrCreateToken } from '../pairing.ts';
import { capsNeeded } from './commands.ts';
import { probe } from '../runtime.ts';
import { SERVER_VERSION } from '../version.ts';

export const CLI_SESSION_NAME = 'browser-agent CLI';
const HUB_START_TIMEOUT_MS = 15_000;

/** A failure outside the tool call (no hub, no session, unwritable file): exit code 1 with this text. */
export class ShellError extends Error {}

function sessionFile(port: number): string {
  return path.join(configDir(), `cli-session-${port}.json`);
}

function hubLog(): string {
  return path.join(configDir(), 'hub.log');
}

function loadSessionId(port: number): string | undefined {
  try {
    const { sessionId } = JSON.parse(fs.readFileSync(sessionFile(port), 'utf8')) as { sessionId?: unknown };
    return typeof sessionId === 'string' ? sessionId : undefined;
  } catch {
    return undefined; // none yet, or unreadable: a new session it is
  }
}

function saveSessionId(port: number, sessionId: string): void {
  fs.mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  fs.writeFileSync(sessionFile(port), JSON.stringify({ sessionId }) + '\n', { mode: 0o600 });
}

/** Makes sure a hub answers on the port, starting `browser-agent serve` in the background if nothing does. */
export async function ensureHub(port: number): Promise<void> {
  const health = await probe(port);
  if (health?.role === 'hub') return;
  if (health) {
    throw new ShellError(
      `Port ${port} is used by an MCP client's own browser-agent server, which has no shell endpoint. ` +
        `Start a hub with "browser-agent serve --port <other>" and pass that --port, or stop that client.`,
    );
  }
  await startHub(port);
}

async function startHub(port: number): Promise<void> {
  fs.mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  // The hub outlives this command, so it must not hold our terminal; its log
  // goes to a file the error below can point at.
  const log = fs.openSync(hubLog(), 'a');
  // Same executable and loader flags (tsx in a checkout), so the hub is the same build as this CLI.
  // It offers the tool groups the CLI's commands use; MCP clients that join it see those too.
  const args = [...process.execArgv, process.argv[1]!, 'serve', '--port', String(port), '--caps', capsNeeded().join(',')];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', log, log],
    env: process.env,
  });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  child.unref();
  process.stderr.write(`browser-agent: no hub on port ${port}; started one in the background (log: ${hubLog()}).\n`);
  const deadline = Date.now() + HUB_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    // Another CLI may have started the hub at the same moment; ours then exits and theirs answers.
    if ((await probe(port))?.role === 'hub') return;
    if (exited !== undefined && (await probe(port)) === null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new ShellError(`The hub on port ${port} did not start${exited !== undefined ? ` (it exited with code ${exited})` : ''}. Its log:\n${tail(hubLog())}`);
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-8).join('\n');
  } catch {
    return '(no log)';
  }
}

/** An MCP client on the CLI's shared session, resumed when the hub still has it. */
export async function connectSession(port: number): Promise<Client> {
  const token = loadOrCreateToken();
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const requestInit = { headers: { authorization: `Bearer ${token}` } };
  const stored = loadSessionId(port);
  if (stored) {
    const client = new Client({ name: CLI_SESSION_NAME, version: SERVER_VERSION });
    // With a sessionId the SDK client skips initialize and joins that session.
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit, sessionId: stored }));
    try {
      await client.ping();
      return client;
    } catch {
      // The hub answers 404 for a session it does not know (it restarted): start a new one.
      await client.close().catch(() => undefined);
    }
  }
  const client = new Client({ name: CLI_SESSION_NAME, version: SERVER_VERSION });
  const transport = new StreamableHTTPClientTransport(url, { requestInit });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new ShellError(`Could not open an MCP session on the hub at ${url.href}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (transport.sessionId) saveSessionId(port, transport.sessionId);
  return client;
}
