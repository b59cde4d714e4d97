/**
 * The shell commands: each one maps its words and flags onto one MCP tool
 * call, so the CLI does exactly what an agent's tool call would do.
 */
import { get, is } from '../mcp/tools/actions/query.ts';

/** Flags every command takes; the others are declared per command. */
export const GLOBAL_FLAGS = ['port', 'json', 'tab', 'help'] as const;

/** Every flag any command knows, in node:util parseArgs form. */
export const FLAG_DEFS = {
  port: { type: 'string' },
  json: { type: 'boolean' },
  tab: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  interactive: { type: 'boolean', short: 'i' },
  depth: { type: 'string' },
  root: { type: 'string' },
  name: { type: 'string' },
  full: { type: 'boolean' },
  submit: { type: 'boolean' },
  clear: { type: 'boolean' },
  level: { type: 'string' },
} as const;

export type Flag = keyof typeof FLAG_DEFS;
export type Flags = Partial<Record<Flag, string | boolean>>;

export interface ToolCall {
  tool: `browser_${string}`;
  params: Record<string, unknown>;
}

export interface Command {
  usage: string;
  summary: string;
  /** Fewest and most positional arguments. */
  args: [number, number];
  flags?: Flag[];
  build(args: string[], flags: Flags): ToolCall;
}

/** Wrong words on the command line: exit code 2 and the command's usage. */
export class UsageError extends Error {}

// Refs look like e12 (main frame) or f3e7 (a frame); anything else is a CSS
// selector — the same rule the extension applies (src/content/target.ts).
const REF = /^(?:f[0-9A-Za-z_-]+)?e\d+$/;

function target(refOrSelector: string): Record<string, string> {
  return REF.test(refOrSelector) ? { ref: refOrSelector } : { selector: refOrSelector };
}

function count(flag: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 0) throw new UsageError(`--${flag} must be a whole number, not "${String(value)}".`);
  return n;
}

function oneOf(kind: string, value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new UsageError(`Unknown ${kind} "${value}". One of: ${allowed.join(', ')}.`);
  return value;
}

const GET_WHAT: readonly string[] = get.schema.what.options;
const IS_WHAT: readonly string[] = is.schema.what.options;
// These read the page, not an element; the others need a ref or selector.
const PAGE_WIDE = new Set(['title', 'url', 'form_values', 'metadata', 'visible_text']);

// A function (`() => …`, `async (a) => …`, `function …`) is called; anything else is evaluated as an expression.
const FUNCTION_SOURCE = /^\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)/;

function element(tool: ToolCall['tool'], summary: string, verb: string): Command {
  return { usage: `${verb} <ref>`, summary, args: [1, 1], build: ([ref]) => ({ tool, params: target(ref!) }) };
}

export const COMMANDS: Record<string, Command> = {
  open: {
    usage: 'open <url>',
    summary: "load a URL in the current tab (opens one if there is none)",
    args: [1, 1],
    build: ([url]) => ({ tool: 'browser_navigate', params: { url } }),
  },
  snapshot: {
    usage: 'snapshot [-i] [--depth N] [--root REF]',
    summary: 'accessibility snapshot with refs; -i: interactive elements only',
    args: [0, 0],
    flags: ['interactive', 'depth', 'root'],
    build: (_args, flags) => ({
      tool: 'browser_snapshot',
      params: { interactive: flags.interactive === true ? true : undefined, depth: count('depth', flags.depth), root: flags.root },
    }),
  },
  click: element('browser_click', 'click an element', 'click'),
  fill: {
    usage: 'fill <ref> <text>',
    summary: 'replace the value of a field ("" clears it)',
    args: [2, 2],
    build: ([ref, value]) => ({ tool: 'browser_fill', params: { ...target(ref!), value } }),
  },
  type: {
    usage: 'type <ref> <text> [--clear] [--submit]',
    summary: 'type text key by key; --submit presses Enter after',
    args: [2, 2],
    flags: ['clear', 'submit'],
    build: ([ref, text], flags) => ({ tool: 'browser_type', params: { ...target(ref!), text, clear: flags.clear === true || undefined, submit: flags.submit === true || undefined } }),
  },
  press: {
    usage: 'press <key> [ref]',
    summary: 'press a key or chord (Enter, Control+A), optionally on an element',
    args: [1, 2],
    build: ([key, ref]) => ({ tool: 'browser_press_key', params: { key, ...(ref === undefined ? {} : target(ref)) } }),
  },
  select: {
    usage: 'select <ref> <value...>',
    summary: 'choose options of a <select> by value or label',
    args: [2, Infinity],
    build: ([ref, ...values]) => ({ tool: 'browser_select_option', params: { ...target(ref!), values } }),
  },
  check: element('browser_check', 'check a checkbox or radio', 'check'),
  uncheck: element('browser_uncheck', 'uncheck a checkbox', 'uncheck'),
  hover: element('browser_hover', 'move the mouse over an element', 'hover'),
  get: {
    usage: 'get <what> [ref] [--name N]',
    summary: `read ${GET_WHAT.join('|')}`,
    args: [1, 2],
    flags: ['name'],
    build: ([what, ref], flags) => {
      oneOf('thing to get', what!, GET_WHAT);
      if (ref === undefined && !PAGE_WIDE.has(what!)) throw new UsageError(`get ${what} needs a ref or CSS selector.`);
      return { tool: 'browser_get', params: { what, ...(ref === undefined ? {} : target(ref)), name: flags.name } };
    },
  },
  is: {
    usage: 'is <what> <ref>',
    summary: `true or false: ${IS_WHAT.join('|')}`,
    args: [2, 2],
    build: ([what, ref]) => ({ tool: 'browser_is', params: { what: oneOf('state', what!, IS_WHAT), ...target(ref!) } }),
  },
  screenshot: {
    usage: 'screenshot [file] [--full] [--root REF]',
    summary: 'capture the viewport (--full: whole page; --root: one element) and write the image',
    args: [0, 1],
    flags: ['full', 'root'],
    build: ([file], flags) => ({
      tool: 'browser_take_screenshot',
      params: {
        fullPage: flags.full === true || undefined,
        ...(typeof flags.root === 'string' ? target(flags.root) : {}),
        format: file && /\.jpe?g$/i.test(file) ? 'jpeg' : undefined,
      },
    }),
  },
  console: {
    usage: 'console [--level L]',
    summary: 'console messages of the current tab, newest first',
    args: [0, 0],
    flags: ['level'],
    build: (_args, flags) => ({ tool: 'browser_console_messages', params: { level: flags.level } }),
  },
  tabs: {
    usage: 'tabs [new [url] | select <id> | close [id]]',
    summary: "list the CLI's tabs, or open, select or close one",
    args: [0, 2],
    build: ([action = 'list', arg]) => {
      oneOf('tabs action', action, ['list', 'new', 'select', 'close']);
      if (action === 'list' && arg !== undefined) throw new UsageError('tabs (list) takes no argument.');
      if (action === 'select' && arg === undefined) throw new UsageError('tabs select needs a tab id (see "tabs").');
      if (action === 'new') return { tool: 'browser_tabs', params: { action, url: arg } };
      return { tool: 'browser_tabs', params: { action, tabId: arg === undefined ? undefined : tabId(arg) } };
    },
  },
  eval: {
    usage: 'eval <js>',
    summary: 'run JavaScript in the page (an expression, or a function to call) and print the result',
    args: [1, 1],
    build: ([source]) => ({ tool: 'browser_evaluate', params: FUNCTION_SOURCE.test(source!) ? { function: source } : { expression: source } }),
  },
};

export function tabId(value: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 0) throw new UsageError(`A tab id is a number (see "tabs"), not "${value}".`);
  return id;
}

/** The "Shell commands" part of `browser-agent --help`. */
export function commandsHelp(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  const lines = Object.values(COMMANDS).map((c) => `  browser-agent ${c.usage.padEnd(width)}  ${c.summary}`);
  return `Shell commands (talk to the hub on --port, starting one with a managed browser if none runs):
${lines.join('\n')}
  Every command takes --port <n>, --tab <id> (act in that tab instead of the current one) and
  --json (print {"ok", "text", "images"} for scripts). A <ref> is a ref from "snapshot" (e12, f3e7)
  or a CSS selector. Exit code 0 on success, 1 when the command fails (the error on stderr), 2 on
  bad usage. All CLI commands share one session, so they keep working in the same tab.`;
}
