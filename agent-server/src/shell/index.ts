/**
 * `browser-agent <command> [args]`: one browser action per shell command,
 * for agents and scripts that drive the browser from a shell loop. Each
 * command is one MCP tool call on the shared hub; the output is the tool's
 * text (or JSON with --json), and the exit code says how it went.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_PORT } from '../../../src/shared/constants.ts';
import { capsNeeded, COMMANDS, count, FLAG_DEFS, GLOBAL_FLAGS, tabId, UsageError, type Command, type Flag, type Flags, type Params } from './commands.ts';
import { connectSession, ensureHub, ShellError } from './connect.ts';

export { commandsHelp } from './commands.ts';

export function isShellCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

interface Invocation {
  tool: Command['tool'];
  params: Params;
  port: number;
  json: boolean;
  /** Where `screenshot <file>` writes the image. */
  file?: string;
}

export async function runShell(name: string, argv: string[]): Promise<number> {
  const command = COMMANDS[name]!;
  let invocation: Invocation | 'help';
  try {
    invocation = parse(name, command, argv);
  } catch (error) {
    // parseArgs reports unknown or malformed flags as errors coded ERR_PARSE_ARGS_*.
    const fromParseArgs = String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
    if (!(error instanceof UsageError || fromParseArgs)) throw error;
    process.stderr.write(`browser-agent ${name}: ${(error as Error).message}\nUsage: browser-agent ${command.usage}\n`);
    return 2;
  }
  if (invocation === 'help') {
    process.stdout.write(`Usage: browser-agent ${command.usage}\n  ${command.summary}\nOptions: --port <n>, --tab <id>, --timeout <ms>, --json\n`);
    return 0;
  }
  let client: Client | undefined;
  try {
    await ensureHub(invocation.port);
    client = await connectSession(invocation.port);
    // The SDK gives up on a request after 60 s by itself: a longer --timeout (a wait) needs more, and
    // the first command may also be launching the browser.
    const toolTimeout = typeof invocation.params.timeout === 'number' ? invocation.params.timeout : DEFAULT_COMMAND_TIMEOUT_MS;
    const options = { timeout: Math.max(60_000, toolTimeout + 30_000) };
    const result = (await client.callTool({ name: invocation.tool, arguments: invocation.params }, undefined, options)) as CallToolResult;
    return report(result, invocation);
  } catch (error) {
    if (!(error instanceof ShellError)) throw error;
    process.stderr.write(`browser-agent: ${error.message}\n`);
    return 1;
  } finally {
    await client?.close().catch(() => undefined);
  }
}

function parse(name: string, command: Command, argv: string[]): Invocation | 'help' {
  const { values, positionals } = parseArgs({ args: withNegativeValues(argv), options: FLAG_DEFS, strict: true, allowPositionals: true });
  const flags = values as Flags;
  if (flags.help) return 'help';
  const allowed = new Set<Flag>([...GLOBAL_FLAGS, ...(command.flags ?? [])]);
  for (const flag of Object.keys(flags) as Flag[]) {
    if (!allowed.has(flag)) throw new UsageError(`${name} does not take --${flag}.`);
  }
  const [min, max] = command.args;
  if (positionals.length < min || positionals.length > max) {
    const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    throw new UsageError(`expected ${wanted} argument${max === 1 ? '' : 's'}, got ${positionals.length}.`);
  }
  const port = flags.port === undefined ? DEFAULT_PORT : Number(flags.port);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new UsageError(`--port must be a port number, not "${String(flags.port)}".`);
  const params = command.params(positionals, flags);
  const timeout = count('timeout', flags.timeout);
  if (timeout !== undefined) params.timeout = timeout;
  if (typeof flags.tab === 'string') {
    if (name === 'tabs') throw new UsageError('tabs takes the tab id as an argument ("tabs select <id>"), not --tab.');
    params.tabId = tabId(flags.tab);
  }
  // Drop unset optional params so the tool sees exactly what was given.
  const given = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return { tool: command.tool, params: given, port, json: flags.json === true, file: name === 'screenshot' ? positionals[0] : undefined };
}

/** `--dy -300`: parseArgs takes a value starting with a dash for a flag, and refuses it; joined, it is the value. */
function withNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = /^--([a-z-]+)$/.exec(argv[i]!)?.[1];
    const def = name ? (FLAG_DEFS as Record<string, { type: string }>)[name] : undefined;
    if (def?.type === 'string' && /^-\d/.test(argv[i + 1] ?? '')) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]!);
  }
  return out;
}

function report(result: CallToolResult, invocation: Invocation): number {
  const text = result.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
  const images = result.content.flatMap((c) => (c.type === 'image' ? [{ mimeType: c.mimeType, data: c.data }] : []));
  const ok = result.isError !== true;
  let output = text;
  // A hub started with a narrower --caps than the CLI needs (e.g. "serve" with the defaults lacks get/is).
  if (!ok && text.startsWith('Error UNKNOWN_TOOL')) {
    output = `Error UNKNOWN_TOOL: the hub on port ${invocation.port} does not offer ${invocation.tool}. Restart it with "browser-agent serve --caps ${capsNeeded().join(',')}" (or --caps all).`;
  } else if (!ok || !PAGE_DATA.has(invocation.tool)) {
    output = inShellWords(output);
  }
  if (ok && invocation.file) output += `\n${writeImage(invocation.file, text, images[0]?.data)}`;
  if (invocation.json) {
    process.stdout.write(JSON.stringify({ ok, text: output, ...(images.length ? { images } : {}) }) + '\n');
  } else if (ok) {
    process.stdout.write(output + '\n');
  }
  if (!ok) process.stderr.write(output + '\n');
  return ok ? 0 : 1;
}

/**
 * The command here for each tool the errors name ("take a snapshot (browser_snapshot)"), where the shell has one,
 * with the choice it cannot go without ("dialog accept|dismiss": "dialog" alone is a usage error).
 */
const COMMAND_OF = new Map(Object.entries(COMMANDS).map(([name, command]) => {
  const choice = /^\S+ <([a-z]+(?:\|[a-z]+)+)>/.exec(command.usage)?.[1];
  return [command.tool as string, choice ? `${name} ${choice}` : name];
}));

/** Tools whose output is what the page holds (a text, a value, its log): said as it is, whatever words are in it. */
const PAGE_DATA = new Set<string>(['browser_get', 'browser_is', 'browser_evaluate', 'browser_console_messages']);

/**
 * The tool's advice in the words of the shell: a command for each tool it names, flags for its parameters
 * ("The tab is blank: open a page in it with browser-agent open"). A snapshot's YAML is the page's: left as it is.
 */
function inShellWords(text: string): string {
  return text
    .split(/(^```[a-z]*\n[\s\S]*?^```$)/m)
    .map((part, i) => (i % 2 ? part : part
      .replace(/\bbrowser_[a-z_]+\b/g, (tool) => (COMMAND_OF.has(tool) ? `browser-agent ${COMMAND_OF.get(tool)}` : tool))
      .replace(/\b(pass|raise) timeout\b/g, '$1 --timeout')
      .replace(/\bpass waitUntil "([a-z]+)"/g, 'pass --wait-until $1')))
    .join('');
}

/**
 * The tool saves the full-resolution image on the hub's side and returns a
 * copy scaled for models; the hub runs on this machine (loopback only), so
 * copy its file and fall back to the scaled copy only if it is unreadable.
 */
function writeImage(file: string, text: string, scaled: string | undefined): string {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const saved = /^Saved to (.+)$/m.exec(text)?.[1];
  try {
    if (!saved) throw new Error('no file');
    fs.copyFileSync(saved, target);
    return `Wrote ${target}`;
  } catch {
    if (!scaled) throw new ShellError(`The screenshot came back without an image; nothing was written to ${target}.`);
    fs.writeFileSync(target, Buffer.from(scaled, 'base64'));
    return `Wrote ${target} (scaled copy)`;
  }
}
