/**
 * Console capture: every tab the agent controls, from the moment it is
 * adopted, across navigations. Entries live in this worker's memory (bounded
 * per tab); if Chrome stops the service worker they are lost, and the next
 * attach recovers only what the current document still holds (Runtime.enable
 * replays it).
 */
import type { ConsoleEntry, ConsoleLevel } from '../../shared/methods/devtools.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdpSession, isAttached, onCdpEvent } from '../cdp.ts';
import { resolveTab } from '../tabs.ts';
import { formatConsoleArgs, formatRemote, isCutShort, type Rendered, type RemoteObject } from './preview.ts';
import { serializeInPage } from './serialize.ts';
import { BoundedLog } from './bounded.ts';
import { sourceOf } from './targets.ts';
import { sleep } from '../timing.ts';
import { PAGE_SCRIPT_URL } from '../page-scripts/install.ts';
import { pageFrames, type CallFrame, type StackTrace } from './stack.ts';

const MAX_ENTRIES = 10_000;
const logs = new Map<number, BoundedLog<ConsoleEntry>>();
/**
 * Chromium sends a document's messages again, with their first timestamps:
 * Runtime.enable and Log.enable replay them after a reattach (the user closed
 * the debugging bar), and a page the back/forward cache restores replays them
 * to its sessions, its frames' new ones too ("an error" twice after
 * browser_navigate_back). So a message with the timestamp, level and place of
 * one already taken is that one again, also after a clear: the tab's last
 * MAX_ENTRIES of them are kept apart from the log. A timestamp has
 * microseconds: two messages logged in a row are tens of them apart.
 */
const taken = new Map<number, Set<string>>();

function takenBefore(tabId: number, timestamp: number, entry: Omit<ConsoleEntry, 'time'>): boolean {
  let keys = taken.get(tabId);
  if (!keys) taken.set(tabId, (keys = new Set()));
  const key = `${timestamp} ${entry.level} ${entry.url ?? ''}:${entry.line ?? ''}:${entry.column ?? ''}`;
  if (keys.has(key)) return true;
  keys.add(key);
  // A Set keeps insertion order: the first is the oldest.
  if (keys.size > MAX_ENTRIES) keys.delete(keys.values().next().value!);
  return false;
}

/**
 * V8 binds every object a page logs (console arguments, thrown values) into
 * the "console" object group of each CDP session that has Runtime enabled,
 * and keeps it there until that session releases the group — long after the
 * message itself is gone (found by e2e-reliability/memory.spec.ts: the page
 * heap grew by every logged object). We need the objects only while an entry
 * is rendered, so our session's group is released every RELEASE_EVERY
 * objects; DevTools, with a session of its own, keeps its bindings.
 */
const RELEASE_EVERY = 100;

/** How long a read waits at most for renders in flight (a page that stopped answering never renders). */
const RENDER_WAIT_MS = 500;

interface Bound {
  objects: number;
  /** renderDeep calls in flight: they still use objectIds from the group, and a read waits for them. */
  renders: Set<Promise<unknown>>;
}
const bound = new Map<string, Bound>();

function boundOf(tabId: number, sessionId: string | undefined): Bound {
  const key = `${tabId}/${sessionId ?? ''}`;
  let entry = bound.get(key);
  if (!entry) bound.set(key, (entry = { objects: 0, renders: new Set() }));
  return entry;
}

function releaseIfDue(tabId: number, sessionId: string | undefined, entry: Bound): void {
  // Never through a tab we no longer debug: cdp() would attach to it again.
  if (entry.objects < RELEASE_EVERY || entry.renders.size > 0 || !isAttached(tabId)) return;
  entry.objects = 0;
  const release = { objectGroup: 'console' };
  void cdpSession(tabId, sessionId, 'Runtime.releaseObjectGroup', release).catch(() => undefined);
}

function logOf(tabId: number): BoundedLog<ConsoleEntry> {
  let log = logs.get(tabId);
  if (!log) logs.set(tabId, (log = new BoundedLog(MAX_ENTRIES)));
  return log;
}

/** Entries of errors the page's scripts threw and nothing caught (Runtime.exceptionThrown), not console.error calls. */
const thrown = new WeakSet<ConsoleEntry>();

/** How many of a tab's newest entries an action's report looks through for what it threw. */
const THROWN_LOOKED_AT = 200;

/** What the tab's scripts threw uncaught since `since` (wall-clock ms), oldest first: an action's handler that failed. */
export function thrownSince(tabId: number, since: number): ConsoleEntry[] {
  const found: ConsoleEntry[] = [];
  let looked = 0;
  for (const entry of logs.get(tabId)?.fromNewest() ?? []) {
    if (++looked > THROWN_LOOKED_AT) break;
    if (entry.time >= since && thrown.has(entry)) found.push(entry);
  }
  return found.reverse();
}

function record(tabId: number, timestamp: number, entry: Omit<ConsoleEntry, 'time'>): ConsoleEntry | null {
  if (takenBefore(tabId, timestamp, entry)) return null;
  const full = { time: timestamp, ...entry };
  logOf(tabId).push(full);
  return full;
}

/**
 * Replaces an entry's text once objects whose preview was cut short have
 * been rendered in the page. The entry is recorded first so the buffer keeps
 * the order messages were logged in.
 */
async function renderDeep(tabId: number, sessionId: string | undefined, entry: ConsoleEntry, args: RemoteObject[], type: string): Promise<void> {
  const rendered: Rendered = new Map();
  for (const arg of args) {
    if (!arg.objectId || !isCutShort(arg)) continue;
    const call = { functionDeclaration: RENDER, objectId: arg.objectId, returnByValue: true };
    const reply = await cdpSession<Reply>(tabId, sessionId, 'Runtime.callFunctionOn', call).catch(() => null);
    if (typeof reply?.result.value === 'string') rendered.set(arg, reply.result.value);
  }
  if (rendered.size) entry.text = textOf(type, args, rendered);
}

type Reply = { result: { value?: unknown } };
const RENDER = `function () { return (${serializeInPage.toString()})(this, true); }`;

function textOf(type: string, args: RemoteObject[], rendered?: Rendered): string {
  const text = formatConsoleArgs(args, rendered);
  if (type === 'assert') return `Assertion failed${text ? `: ${text}` : ''}`;
  if (type === 'clear') return 'console.clear() was called';
  return text;
}

export function forgetConsole(tabId: number): void {
  logs.delete(tabId);
  taken.delete(tabId);
  for (const key of bound.keys()) if (key.startsWith(`${tabId}/`)) bound.delete(key);
}

const LEVELS: Record<string, ConsoleLevel> = { warning: 'warn', error: 'error', assert: 'error', debug: 'debug', info: 'info', verbose: 'debug' };

export function watchConsole(): void {
  onCdpEvent('Runtime.consoleAPICalled', (tabId, params, sessionId) => {
    const p = params as { type: string; args: RemoteObject[]; timestamp: number; stackTrace?: StackTrace };
    if (p.type === 'endGroup') return;
    const frame = pageFrames(p.stackTrace)[0];
    const entry = record(tabId, p.timestamp, {
      level: LEVELS[p.type] ?? 'log',
      source: sourceOf(sessionId),
      text: textOf(p.type, p.args),
      ...location(frame),
      // A one-frame stack only repeats the location.
      ...(p.type === 'trace' ? stackOf(p.stackTrace, 1) : p.type === 'error' || p.type === 'assert' ? stackOf(p.stackTrace, 2) : {}),
    });
    const held = boundOf(tabId, sessionId);
    held.objects += p.args.filter((arg) => arg.objectId).length;
    if (entry && p.args.some(isCutShort)) {
      const render: Promise<unknown> = renderDeep(tabId, sessionId, entry, p.args, p.type)
        .catch(() => undefined)
        .finally(() => {
          held.renders.delete(render);
          releaseIfDue(tabId, sessionId, held);
        });
      held.renders.add(render);
    }
    releaseIfDue(tabId, sessionId, held);
  });

  onCdpEvent('Runtime.exceptionThrown', (tabId, params, sessionId) => {
    const { timestamp, exceptionDetails: d } = params as {
      timestamp: number;
      exceptionDetails: { text: string; exception?: RemoteObject; url?: string; lineNumber: number; columnNumber: number; stackTrace?: StackTrace };
    };
    // "Uncaught" or "Uncaught (in promise)" (an unhandled rejection), then the value.
    const description = d.exception ? formatRemote(d.exception) : '';
    const [first, ...restLines] = description.split('\n');
    const text = first ? `${d.text.replace(/\s*$/, '')} ${first}`.trim() : d.text;
    const stack = stackOf(d.stackTrace).stack ?? (restLines.length ? restLines.join('\n') : undefined);
    if (d.exception?.objectId) {
      const held = boundOf(tabId, sessionId);
      held.objects++;
      releaseIfDue(tabId, sessionId, held);
    }
    const entry = record(tabId, timestamp, {
      level: 'error',
      source: sourceOf(sessionId),
      text,
      // A rejection made in a tracker's wrapper (fetch's, offline) is placed where the page called it.
      ...(d.url && d.url !== PAGE_SCRIPT_URL ? { url: d.url, line: d.lineNumber + 1, column: d.columnNumber + 1 } : location(pageFrames(d.stackTrace)[0])),
      ...(stack ? { stack } : {}),
    });
    if (entry) thrown.add(entry);
  });

  // Browser-side messages: failed loads, CSP and mixed content, deprecations, interventions.
  onCdpEvent('Log.entryAdded', (tabId, params, sessionId) => {
    const { entry } = params as { entry: { source: string; level: string; text: string; timestamp: number; url?: string; lineNumber?: number; stackTrace?: StackTrace; args?: RemoteObject[] } };
    // A worker's console calls are also echoed into the page's log as plain
    // text ("[object Object]"); we already have them, with previews, from
    // the worker's own session.
    if (entry.source === 'worker') return;
    record(tabId, entry.timestamp, {
      level: LEVELS[entry.level] ?? 'log',
      source: sessionId ? `${sourceOf(sessionId)} (${entry.source})` : entry.source,
      text: withArgs(entry.text, entry.args ?? []),
      ...(entry.url ? { url: entry.url, ...(entry.lineNumber !== undefined ? { line: entry.lineNumber + 1 } : {}) } : {}),
      // The browser's warnings (security, deprecation, intervention) carry the whole stack of the
      // script that caused them: a dozen framework frames per line, where the location says enough.
      ...(LEVELS[entry.level] === 'error' ? stackOf(entry.stackTrace) : {}),
    });
  });
}

/**
 * The browser's own messages keep DevTools' placeholders for the objects they name ("[DOM] Password
 * field is not contained in a form: %o" and the field): each filled with its object's description.
 */
function withArgs(text: string, args: RemoteObject[]): string {
  let next = 0;
  return text.replace(/ ?%[oOs]/g, (placeholder) => {
    const arg = args[next++];
    const said = arg ? formatRemote(arg) : '';
    return said ? `${placeholder.startsWith(' ') ? ' ' : ''}${said}` : '';
  });
}

function location(frame: CallFrame | undefined): Partial<ConsoleEntry> {
  if (!frame?.url) return {};
  return { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 };
}

/** The innermost frames say where; a framework's dozens below them mostly cost the agent tokens. */
const MAX_STACK_FRAMES = 10;

function stackOf(trace: StackTrace | undefined, minFrames = 1): { stack?: string } {
  const page = pageFrames(trace);
  if (page.length < minFrames) return {};
  const frames = page.slice(0, MAX_STACK_FRAMES).map((f) => `    at ${f.functionName || '(anonymous)'} (${f.url}:${f.lineNumber + 1}:${f.columnNumber + 1})`);
  const more = page.length - frames.length;
  if (more > 0) frames.push(`    … ${more} more frame${more === 1 ? '' : 's'}`);
  return { stack: frames.join('\n') };
}

export async function consoleList(params: Params<'console.list'>): Promise<Result<'console.list'>> {
  const tabId = await resolveTab(params.tabId);
  // An object logged just before is still being rendered: its whole text, not V8's cut preview.
  const renders = [...bound.entries()].filter(([key]) => key.startsWith(`${tabId}/`)).flatMap(([, held]) => [...held.renders]);
  if (renders.length) await Promise.race([Promise.all(renders), sleep(RENDER_WAIT_MS)]);
  const all = logs.get(tabId)?.newestFirst() ?? [];
  const needle = params.contains?.toLowerCase();
  const matching = all.filter((e) => (!params.level || e.level === params.level) && (!needle || `${e.text}\n${e.stack ?? ''}`.toLowerCase().includes(needle)));
  return { tabId, total: matching.length, entries: matching.slice(0, params.limit ?? 100) };
}

export async function consoleClear(params: Params<'console.clear'>): Promise<Result<'console.clear'>> {
  const tabId = await resolveTab(params.tabId);
  const dropped = logs.get(tabId)?.clear() ?? 0;
  return { tabId, dropped };
}
