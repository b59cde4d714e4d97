import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { dialogKind } from '../../shared/methods/common.ts';
import { sendToFrame } from '../frames.ts';
import { frameTransform, linkChildFrames, MAX_FRAME_DEPTH } from '../frame-map.ts';
import { busyFrameCount } from '../busy-frames.ts';
import { toParent, type Box, type FoundElement, type FrameAim, type TargetSpec } from '../../shared/content-messages.ts';
import { viewportSize } from './coordinates.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { assertNoDialog, openDialog } from './dialogs.ts';
import { handleDialog as answerDialog } from './dialogs-cdp.ts';
import { navigationAfter } from '../navigation.ts';
import { loadingBudget } from '../commands/navigate.ts';
import { frameOf, targetSpec } from './target.ts';
import { waitBudget } from '../timing.ts';
import { refPrefix } from '../../shared/refs.ts';
import { waitForText } from './wait-text.ts';
import { throughNavigations } from './through-navigations.ts';
import { askUntold } from './untold.ts';

export async function waitFor(params: Params<'waitFor'>, ctx: CommandContext): Promise<Result<'waitFor'>> {
  const tabId = await resolveTab(params.tabId);
  const started = Date.now();
  const budget = waitBudget(ctx.timeoutMs);
  const spec = targetSpec(params, false);
  const conditions = [spec, params.text, params.textGone, params.url, params.time].filter((c) => c !== undefined).length;
  if (conditions === 0) throw new AgentError('INVALID_PARAMS', 'Say what to wait for: selector, ref, text, textGone, url or time (seconds).');
  if (params.time !== undefined) {
    if (params.time * 1000 > budget) throw new AgentError('INVALID_PARAMS', `time=${params.time}s is longer than the timeout; raise timeout (ms) too.`);
    await new Promise((resolve) => setTimeout(resolve, params.time! * 1000));
  }
  if (params.url !== undefined) await waitForUrl(tabId, params.url, started + budget, ctx.signal);
  let detail = params.time !== undefined ? `${params.time} s to pass` : '';
  if (spec) {
    assertNoDialog(tabId);
    const frameId = frameOf(spec);
    const ask = (timeoutMs: number, waitedMs = 0) => sendToFrame(tabId, frameId, { type: 'waitFor', target: spec, state: params.state ?? 'visible', timeoutMs, waitedMs });
    // A selector may match on the next page; a ref of the old page is STALE_REF there, or gone for hidden/detached.
    // A child frame's ref goes with its page: not asked again.
    const result = frameId === 0 ? await throughNavigations(tabId, started + budget, ctx.signal, ask) : await ask(Math.max(100, budget - (Date.now() - started)));
    detail = [detail, result.detail].filter(Boolean).join(' and ');
  }
  if (params.text !== undefined || params.textGone !== undefined) {
    assertNoDialog(tabId);
    const textDetail = await waitForText(tabId, params.text, params.textGone, started + budget, ctx.signal);
    detail = [detail, textDetail].filter(Boolean).join(' and ');
  }
  if (params.url !== undefined) detail = [detail, `the URL to match ${params.url}`].filter(Boolean).join(' and ');
  // A wait for time or the URL goes on whatever the page does: one that opened a dialog meanwhile is held by it.
  const dialog = openDialog(tabId);
  if (dialog) detail += `; meanwhile the page opened ${dialogKind(dialog)} ("${dialog.message}"), which blocks it: call browser_handle_dialog`;
  const waitedMs = Date.now() - started;
  // What the page said meanwhile (a toast as the data came), or since the last report.
  const untold = dialog ? {} : await askUntold(tabId, Date.now()).told();
  // Not the text waited for again.
  const texts = untold.text?.texts.filter((t) => params.text === undefined || !t.includes(params.text));
  const textShown = untold.text && texts?.length ? { texts, more: untold.text.more } : undefined;
  return { tabId, detail, waitedMs, ...(untold.announced ? { announced: untold.announced } : {}), ...(textShown ? { textShown } : {}) };
}

/** A URL condition: exact, substring, or a glob with * (e.g. "**\/checkout*"). */
function urlMatches(url: string, pattern: string): boolean {
  if (!pattern.includes('*')) return url === pattern || url.includes(pattern);
  const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return regex.test(url);
}

async function waitForUrl(tabId: number, pattern: string, deadline: number, signal: AbortSignal): Promise<void> {
  let last = '';
  while (!signal.aborted) {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    if (!tab) throw new AgentError('TAB_CLOSED', `Tab ${tabId} was closed while waiting for its URL.`);
    last = tab.url ?? '';
    if (urlMatches(last, pattern)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new AgentError('TIMEOUT', `Waited for the URL to match "${pattern}"; it is still ${last}.`);
}

export async function handleDialog(params: Params<'handleDialog'>, ctx: CommandContext): Promise<Result<'handleDialog'>> {
  const tabId = await resolveTab(params.tabId);
  const answer = () => answerDialog(tabId, params.accept, params.promptText);
  const pending = openDialog(tabId);
  const leaving = pending?.type === 'beforeunload' && params.accept;
  const outcome = leaving ? await navigationAfter(tabId, answer, loadingBudget(ctx)) : null;
  const dialog = leaving ? pending : await answer();
  const message = dialog?.message ? ` "${dialog.message}"` : '';
  const detail = `${params.accept ? 'Accepted' : 'Dismissed'} the ${dialog?.type} dialog${message}${params.promptText !== undefined ? ` with "${params.promptText}"` : ''}.`;
  return { tabId, detail: outcome ? `${detail} Left the page; now at ${outcome.url}.` : detail };
}

export async function get(params: Params<'get'>): Promise<Result<'get'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params, false);
  const frameId = frameOf(spec);
  const { value } = await sendToFrame(tabId, frameId, { type: 'get', what: params.what, target: spec, name: params.name });
  // A box is in the tab's viewport, where the coordinate tools aim (and where Playwright's boundingBox
  // puts it), also for an element inside a frame.
  if (params.what === 'box' && frameId !== 0) return { tabId, value: boxInTab(value as Box, await frameTransform(tabId, frameId)) };
  return { tabId, value };
}

export async function is(params: Params<'is'>): Promise<Result<'is'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const frameId = frameOf(spec);
  const { value } = await sendToFrame(tabId, frameId, { type: 'is', what: params.what, target: spec });
  // In view in its frame, and the frame's part holding it in view in the tab (the page may have scrolled the frame away).
  if (params.what === 'in_viewport' && frameId !== 0 && value) return { tabId, value: await inTabViewport(tabId, frameId, spec) };
  return { tabId, value };
}

function boxInTab(box: Box, frame: FrameAim): Box {
  const round = (n: number) => Math.round(n * 100) / 100;
  const { x, y } = toParent(frame, box);
  return { x: round(x), y: round(y), width: round(box.width * frame.scaleX), height: round(box.height * frame.scaleY) };
}

async function inTabViewport(tabId: number, frameId: number, spec: TargetSpec): Promise<boolean> {
  const [{ value }, frame, view] = await Promise.all([
    sendToFrame(tabId, frameId, { type: 'get', what: 'box', target: spec }),
    frameTransform(tabId, frameId),
    viewportSize(tabId),
  ]);
  const box = boxInTab(value as Box, frame);
  return box.x < view.clientWidth && box.y < view.clientHeight && box.x + box.width > 0 && box.y + box.height > 0;
}

export async function find(params: Params<'find'>): Promise<Result<'find'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  if (params.text === undefined && params.role === undefined && params.name === undefined) {
    throw new AgentError('INVALID_PARAMS', 'Say what to find: text, role and/or name.');
  }
  const search = { query: { text: params.text, role: params.role, name: params.name }, left: params.limit ?? 20 };
  const { matches, total, partial } = await findInFrame(tabId, 0, search, 0);
  // Frames whose page is blocked were not searched (the search found them so): said, as they may hold it.
  const busy = await busyFrameCount(tabId);
  return { tabId, matches, total, ...(!total && partial.length ? { partial } : {}), ...(busy ? { busyFrames: busy } : {}) };
}

interface Search {
  query: { text?: string; role?: string; name?: string };
  /** Matches still wanted (the limit, less those found so far). */
  left: number;
}

/**
 * One frame, then its child frames in document order, as the snapshot shows
 * them: frame-prefixed refs (f<id>e<N>) that later commands route and aim.
 */
async function findInFrame(tabId: number, frameId: number, search: Search, depth: number): Promise<{ matches: FoundElement[]; total: number; partial: string[] }> {
  const result = await sendToFrame(tabId, frameId, { type: 'find', ...search.query, limit: search.left, refPrefix: refPrefix(frameId) });
  search.left -= result.matches.length;
  const found = { matches: [...result.matches], total: result.total, partial: [...(result.partial ?? [])] };
  if (depth >= MAX_FRAME_DEPTH || !result.frames.length) return found;
  const children = await linkChildFrames(tabId, frameId, result.frames);
  for (const childId of children) {
    if (typeof childId !== 'number') continue;
    // A frame that navigates or goes away meanwhile has nothing to add.
    const child = await findInFrame(tabId, childId, search, depth + 1).catch(() => null);
    if (!child) continue;
    found.matches.push(...child.matches);
    found.total += child.total;
    found.partial.push(...child.partial);
  }
  return found;
}
