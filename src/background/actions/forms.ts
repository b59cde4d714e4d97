import { AgentError } from '../../shared/errors.ts';
import { MARK_ATTRIBUTE } from '../../shared/content-messages.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { sendToFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { assertNoDialog } from './dialogs.ts';
import { withEffects } from './effects.ts';
import { mouseClick } from './input.ts';
import { frameOf, pointFor, targetSpec, waitBudget } from './target.ts';

export async function check(params: Params<'check'>, ctx: CommandContext): Promise<Result<'check'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const frameId = frameOf(spec);
  const want = params.checked;
  const before = await sendToFrame(tabId, frameId, { type: 'readChecked', target: spec });
  if (before.checked === want) {
    return { tabId, detail: `already ${want ? 'checked' : 'unchecked'}; nothing to do`, via: 'cdp' };
  }
  if (!want && before.kind === 'radio') {
    throw new AgentError('INVALID_TARGET', 'A radio button cannot be unchecked by clicking it; check another radio button of the group instead.');
  }
  const point = await pointFor(tabId, spec, { visible: true, enabled: true, stable: true, hitTest: true, scroll: true, timeoutMs: waitBudget(ctx.timeoutMs) });
  const { effects } = await withEffects(tabId, ctx.signal, () => mouseClick(tabId, point.x, point.y));
  const after = await sendToFrame(tabId, frameId, { type: 'readChecked', target: spec });
  if (after.checked !== want) {
    throw new AgentError('EXECUTION_ERROR', `Clicked ${point.description} but it is still ${after.checked === true ? 'checked' : after.checked === 'mixed' ? 'mixed' : 'unchecked'}; the page may handle clicks differently — take a snapshot to see.`);
  }
  return { tabId, detail: point.description, via: 'cdp', ...effects };
}

export async function selectOption(params: Params<'selectOption'>, ctx: CommandContext): Promise<Result<'selectOption'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const { value: result, effects } = await withEffects(tabId, ctx.signal, () =>
    sendToFrame(tabId, frameOf(spec), { type: 'selectOption', target: spec, values: params.values, timeoutMs: waitBudget(ctx.timeoutMs) }),
  );
  return { tabId, detail: `${result?.description ?? ''} → selected ${JSON.stringify(result?.selected ?? [])}`, via: 'dom', ...effects };
}

export async function focus(params: Params<'focus'>, ctx: CommandContext): Promise<Result<'focus'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const { description } = await sendToFrame(tabId, frameOf(spec), { type: 'focus', target: spec, timeoutMs: waitBudget(ctx.timeoutMs) });
  return { tabId, detail: description, via: 'dom' };
}

export async function scroll(params: Params<'scroll'>): Promise<Result<'scroll'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params, false);
  const result = await sendToFrame(tabId, frameOf(spec), { type: 'scroll', target: spec, deltaX: params.deltaX ?? 0, deltaY: params.deltaY ?? 0 });
  return { tabId, detail: `${result.description ? `${result.description}; ` : ''}page scrolled to (${Math.round(result.scrollX)}, ${Math.round(result.scrollY)})`, via: 'dom' };
}

/**
 * Sets files on an <input type=file> with CDP DOM.setFileInputFiles: the
 * content script marks the element, the main world finds it by the mark.
 * The server has already checked that every path exists.
 */
export async function fileUpload(params: Params<'fileUpload'>): Promise<Result<'fileUpload'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  if (frameOf(spec) !== 0) throw new AgentError('INVALID_TARGET', 'File inputs inside iframes are not supported yet; open the iframe\'s URL in a tab and upload there.');
  const nonce = crypto.randomUUID();
  const { description } = await sendToFrame(tabId, 0, { type: 'mark', target: spec, nonce });
  const selector = `[${MARK_ATTRIBUTE}="${nonce}"]`;
  const { result } = await cdp<{ result: { objectId?: string; subtype?: string } }>(tabId, 'Runtime.evaluate', {
    expression: `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el?.removeAttribute(${JSON.stringify(MARK_ATTRIBUTE)}); return el; })()`,
  });
  if (!result.objectId) throw new AgentError('STALE_REF', 'The file input disappeared before the files could be set. Take a new snapshot.');
  const isFileInput = await cdp<{ result: { value: boolean } }>(tabId, 'Runtime.callFunctionOn', {
    objectId: result.objectId,
    functionDeclaration: 'function () { return this instanceof HTMLInputElement && this.type === "file"; }',
    returnByValue: true,
  });
  if (!isFileInput.result.value) throw new AgentError('INVALID_TARGET', `${description} is not an <input type="file">; pick the file input (it may be hidden behind a styled button).`);
  await cdp(tabId, 'DOM.setFileInputFiles', { objectId: result.objectId, files: params.paths });
  return { tabId, detail: `${description} ← ${params.paths.length} file(s)`, via: 'cdp' };
}
