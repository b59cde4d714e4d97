/**
 * The shell commands: each one maps its words and flags onto one MCP tool
 * call, so the CLI does exactly what an agent's tool call would do.
 */
import path from 'node:path';
import { capabilityOf, DEFAULT_CAPS } from '../mcp/caps.ts';
import { get, is } from '../mcp/tools/actions/query.ts';
import { waitFor } from '../mcp/tools/actions/wait.ts';
import { navigate } from '../mcp/tools/navigate.ts';
import { isRef } from '../../../src/shared/refs.ts';

/** Flags every command takes; the others are declared per command. */
export const GLOBAL_FLAGS = ['port', 'json', 'tab', 'timeout', 'help'] as const;

/** Every flag any command knows, in node:util parseArgs form. */
export const FLAG_DEFS = {
  port: { type: 'string' },
  json: { type: 'boolean' },
  tab: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  interactive: { type: 'boolean', short: 'i' },
  depth: { type: 'string' },
  root: { type: 'string' },
  'max-chars': { type: 'string' },
  offset: { type: 'string' },
  name: { type: 'string' },
  full: { type: 'boolean' },
  submit: { type: 'boolean' },
  clear: { type: 'boolean' },
  level: { type: 'string' },
  'wait-until': { type: 'string' },
  text: { type: 'string' },
  gone: { type: 'string' },
  url: { type: 'string' },
  state: { type: 'string' },
  seconds: { type: 'string' },
  dx: { type: 'string' },
  dy: { type: 'string' },
} as const;

export type Flag = keyof typeof FLAG_DEFS;
export type Flags = Partial<Record<Flag, string | boolean>>;

export type Params = Record<string, unknown>;

export interface Command {
  usage: string;
  summary: string;
  /** The MCP tool this command calls. */
  tool: `browser_${string}`;
  /** Fewest and most positional arguments. */
  args: [number, number];
  flags?: Flag[];
  params(args: string[], flags: Flags): Params;
}

/** Wrong words on the command line: exit code 2 and the command's usage. */
export class UsageError extends Error {}

// Refs look like e12 (main frame) or f3e7 (a frame); anything else is a CSS
// selector — the same rule the extension applies (src/content/target.ts).

function target(refOrSelector: string): Params {
  return isRef(refOrSelector) ? { ref: refOrSelector } : { selector: refOrSelector };
}

export function count(flag: string, value: string | boolean | undefined): number | undefined {
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

// A function (`() => …`, `async (a) => …`, `function …`) is called; anything else is evaluated as an expression,
// a call of a function too (`(() => 1)()`, whose first parenthesis is no parameter list).
const FUNCTION_SOURCE = /^\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)/;

function element(tool: Command['tool'], verb: string, summary: string): Command {
  return { usage: `${verb} <ref>`, summary, tool, args: [1, 1], params: ([ref]) => target(ref!) };
}

const WAIT_UNTIL: readonly string[] = navigate.schema.waitUntil.unwrap().options;
const waitUntil = (flags: Flags) => (typeof flags['wait-until'] === 'string' ? oneOf('--wait-until', flags['wait-until'], WAIT_UNTIL) : undefined);

/** back, forward and reload: the history tools, which take nothing but when the page counts as loaded. */
function history(tool: Command['tool'], verb: string, summary: string): Command {
  return { usage: `${verb} [--wait-until W]`, summary, tool, args: [0, 0], flags: ['wait-until'], params: (_args, flags) => ({ waitUntil: waitUntil(flags) }) };
}

/** A number given as a flag's value, negative and fractional ones too (--dy -300, --seconds 0.5). */
function number(flag: string, value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${flag} must be a number, not "${String(value)}".`);
  return n;
}

const WAIT_STATES: readonly string[] = waitFor.schema.state.unwrap().options;

export const COMMANDS: Record<string, Command> = {
  open: {
    usage: 'open <url> [--wait-until W]',
    summary: 'load a URL in the current tab (opens one if there is none)',
    tool: 'browser_navigate',
    args: [1, 1],
    flags: ['wait-until'],
    params: ([url], flags) => ({ url, waitUntil: waitUntil(flags) }),
  },
  back: history('browser_navigate_back', 'back', 'go back in the tab\'s history'),
  forward: history('browser_navigate_forward', 'forward', 'go forward in the tab\'s history'),
  reload: history('browser_reload', 'reload', 'reload the page'),
  snapshot: {
    usage: 'snapshot [-i] [--depth N] [--root REF] [--max-chars N] [--offset K]',
    summary: 'accessibility snapshot with refs; -i: interactive elements only; a long one is cut, and says which --offset shows the rest',
    tool: 'browser_snapshot',
    args: [0, 0],
    flags: ['interactive', 'depth', 'root', 'max-chars', 'offset'],
    params: (_args, flags) => ({
      interactive: flags.interactive === true || undefined,
      depth: count('depth', flags.depth),
      root: flags.root,
      maxChars: count('max-chars', flags['max-chars']),
      offset: count('offset', flags.offset),
    }),
  },
  click: element('browser_click', 'click', 'click an element'),
  fill: {
    usage: 'fill <ref> <text>',
    summary: 'replace the value of a field ("" clears it)',
    tool: 'browser_fill',
    args: [2, 2],
    params: ([ref, value]) => ({ ...target(ref!), value }),
  },
  type: {
    usage: 'type <ref> <text> [--clear] [--submit]',
    summary: 'type text key by key; --submit presses Enter after',
    tool: 'browser_type',
    args: [2, 2],
    flags: ['clear', 'submit'],
    params: ([ref, text], flags) => ({ ...target(ref!), text, clear: flags.clear === true || undefined, submit: flags.submit === true || undefined }),
  },
  press: {
    usage: 'press <key> [ref]',
    summary: 'press a key or chord (Enter, Control+A), optionally on an element',
    tool: 'browser_press_key',
    args: [1, 2],
    params: ([key, ref]) => ({ key, ...(ref === undefined ? {} : target(ref)) }),
  },
  select: {
    usage: 'select <ref> <value...>',
    summary: 'choose options of a <select> by value or label',
    tool: 'browser_select_option',
    args: [2, Infinity],
    params: ([ref, ...values]) => ({ ...target(ref!), values }),
  },
  dblclick: element('browser_dblclick', 'dblclick', 'double-click an element'),
  check: element('browser_check', 'check', 'check a checkbox or radio'),
  uncheck: element('browser_uncheck', 'uncheck', 'uncheck a checkbox'),
  hover: element('browser_hover', 'hover', 'move the mouse over an element'),
  drag: {
    usage: 'drag <from> <to>',
    summary: 'drag one element onto another',
    tool: 'browser_drag',
    args: [2, 2],
    params: ([from, to]) => ({ from, to }),
  },
  scroll: {
    usage: 'scroll [ref] [--dx N] [--dy N]',
    summary: 'scroll an element into view, or scroll the page (or that element) by pixels',
    tool: 'browser_scroll',
    args: [0, 1],
    flags: ['dx', 'dy'],
    params: ([ref], flags) => {
      const deltaX = number('dx', flags.dx);
      const deltaY = number('dy', flags.dy);
      if (ref === undefined && deltaX === undefined && deltaY === undefined) throw new UsageError('say what to scroll: a ref to bring into view, or --dy/--dx pixels.');
      return { ...(ref === undefined ? {} : target(ref)), deltaX, deltaY };
    },
  },
  upload: {
    usage: 'upload <ref> <file...>',
    summary: 'choose files for a file input (or the button or drop zone that takes them)',
    tool: 'browser_file_upload',
    args: [2, Infinity],
    // Paths are this shell's: the hub may have been started elsewhere.
    params: ([ref, ...files]) => ({ ...target(ref!), paths: files.map((file) => path.resolve(file)) }),
  },
  dialog: {
    usage: 'dialog <accept|dismiss> [text]',
    summary: 'answer the alert, confirm, prompt or beforeunload dialog the page opened; text answers a prompt',
    tool: 'browser_handle_dialog',
    args: [1, 2],
    params: ([answer, promptText]) => {
      oneOf('dialog answer', answer!, ['accept', 'dismiss']);
      if (promptText !== undefined && answer !== 'accept') throw new UsageError('only "dialog accept" takes a text (the prompt\'s answer).');
      return { accept: answer === 'accept', promptText };
    },
  },
  wait: {
    usage: 'wait [ref] [--state S] [--text T] [--gone T] [--url U] [--seconds N]',
    summary: 'wait until an element is visible (or --state hidden|attached|detached), a text appears or goes, the URL matches, or time passes',
    tool: 'browser_wait_for',
    args: [0, 1],
    flags: ['state', 'text', 'gone', 'url', 'seconds'],
    params: ([ref], flags) => {
      const state = typeof flags.state === 'string' ? oneOf('--state', flags.state, WAIT_STATES) : undefined;
      if (state !== undefined && ref === undefined) throw new UsageError('--state is the state of an element: give its ref or selector.');
      const params = { ...(ref === undefined ? {} : target(ref)), state, text: flags.text, textGone: flags.gone, url: flags.url, time: number('seconds', flags.seconds) };
      if (Object.values(params).every((value) => value === undefined)) throw new UsageError('say what to wait for: a ref, --text, --gone, --url or --seconds.');
      return params;
    },
  },
  get: {
    usage: 'get <what> [ref] [--name N]',
    summary: `read ${GET_WHAT.join('|')}`,
    tool: 'browser_get',
    args: [1, 2],
    flags: ['name'],
    params: ([what, ref], flags) => {
      oneOf('thing to get', what!, GET_WHAT);
      if (ref === undefined && !PAGE_WIDE.has(what!)) throw new UsageError(`get ${what} needs a ref or CSS selector.`);
      return { what, ...(ref === undefined ? {} : target(ref)), name: flags.name };
    },
  },
  is: {
    usage: 'is <what> <ref>',
    summary: `true or false: ${IS_WHAT.join('|')}`,
    tool: 'browser_is',
    args: [2, 2],
    params: ([what, ref]) => ({ what: oneOf('state', what!, IS_WHAT), ...target(ref!) }),
  },
  screenshot: {
    usage: 'screenshot [file] [--full] [--root REF]',
    summary: 'capture the viewport (--full: whole page; --root: one element) and write the image',
    tool: 'browser_take_screenshot',
    args: [0, 1],
    flags: ['full', 'root'],
    params: ([file], flags) => ({
      fullPage: flags.full === true || undefined,
      ...(typeof flags.root === 'string' ? target(flags.root) : {}),
      format: file && /\.jpe?g$/i.test(file) ? 'jpeg' : undefined,
    }),
  },
  console: {
    usage: 'console [--level L]',
    summary: 'console messages of the current tab, newest first',
    tool: 'browser_console_messages',
    args: [0, 0],
    flags: ['level'],
    params: (_args, flags) => ({ level: flags.level }),
  },
  tabs: {
    usage: 'tabs [new [url] | select <id> | close [id]]',
    summary: "list the CLI's tabs, or open, select or close one",
    tool: 'browser_tabs',
    args: [0, 2],
    params: ([action = 'list', arg]) => {
      oneOf('tabs action', action, ['list', 'new', 'select', 'close']);
      if (action === 'list' && arg !== undefined) throw new UsageError('tabs (list) takes no argument.');
      if (action === 'select' && arg === undefined) throw new UsageError('tabs select needs a tab id (see "tabs").');
      if (action === 'new') return { action, url: arg };
      return { action, tabId: arg === undefined ? undefined : tabId(arg) };
    },
  },
  eval: {
    usage: 'eval <js>',
    summary: 'run JavaScript in the page (an expression, or a function to call) and print the result',
    tool: 'browser_evaluate',
    args: [1, 1],
    params: ([source]) => (FUNCTION_SOURCE.test(source!) ? { function: source } : { expression: source }),
  },
};

/**
 * The tool groups (--caps) a hub must offer for every command to work: the
 * default groups plus those of the CLI's tools (get and is are "interact").
 */
export function capsNeeded(): string[] {
  return [...new Set([...DEFAULT_CAPS, ...Object.values(COMMANDS).map((c) => capabilityOf(c.tool) ?? 'all')])];
}

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
  Every command takes --port <n>, --tab <id> (act in that tab instead of the current one), --timeout <ms>
  (how long it may take; default 30000) and --json (print {"ok", "text", "images"} for scripts). A <ref> is a ref from "snapshot" (e12, f3e7)
  or a CSS selector. Exit code 0 on success, 1 when the command fails (the error on stderr), 2 on
  bad usage. All CLI commands share one session, so they keep working in the same tab.`;
}
