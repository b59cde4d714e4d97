import browser from 'webextension-polyfill';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { sendToFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { raiseRefFloor, refFloor, resolveTab } from '../tabs.ts';
import { assertNoDialog, handleDialog as answerDialog } from './dialogs.ts';
import { frameOf, targetSpec, waitBudget } from './target.ts';

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
  let detail = params.time !== undefined ? `waited ${params.time}s` : '';
  if (spec || params.text !== undefined || params.textGone !== undefined) {
    assertNoDialog(tabId);
    const result = await sendToFrame(tabId, frameOf(spec), {
      type: 'waitFor',
      target: spec,
      text: params.text,
      textGone: params.textGone,
      state: params.state ?? 'visible',
      timeoutMs: Math.max(100, budget - (Date.now() - started)),
    });
    detail = result.detail;
  }
  if (params.url !== undefined) detail = [detail, `URL matches ${params.url}`].filter(Boolean).join('; ');
  return { tabId, detail, waitedMs: Date.now() - started };
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

export async function handleDialog(params: Params<'handleDialog'>): Promise<Result<'handleDialog'>> {
  const tabId = await resolveTab(params.tabId);
  const dialog = await answerDialog(tabId, params.accept, params.promptText);
  return { tabId, detail: `${params.accept ? 'Accepted' : 'Dismissed'} the ${dialog.type} dialog "${dialog.message}"${params.promptText !== undefined ? ` with "${params.promptText}"` : ''}.` };
}

export async function get(params: Params<'get'>): Promise<Result<'get'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params, false);
  const { value } = await sendToFrame(tabId, frameOf(spec), { type: 'get', what: params.what, target: spec, name: params.name });
  return { tabId, value };
}

export async function is(params: Params<'is'>): Promise<Result<'is'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const { value } = await sendToFrame(tabId, frameOf(spec), { type: 'is', what: params.what, target: spec });
  return { tabId, value };
}

export async function find(params: Params<'find'>): Promise<Result<'find'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  if (params.text === undefined && params.role === undefined && params.name === undefined) {
    throw new AgentError('INVALID_PARAMS', 'Say what to find: text, role and/or name.');
  }
  const result = await sendToFrame(tabId, 0, {
    type: 'find',
    text: params.text,
    role: params.role,
    name: params.name,
    limit: params.limit ?? 20,
    refPrefix: '',
    refFloor: await refFloor(tabId),
  });
  await raiseRefFloor(tabId, result.maxRef);
  return { tabId, matches: result.matches, total: result.total };
}
