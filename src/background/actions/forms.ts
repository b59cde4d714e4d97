import { AgentError } from '../../shared/errors.ts';
import { MARK_ATTRIBUTE } from '../../shared/content-messages.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { sendToFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { refPrefix } from '../../shared/refs.ts';
import { assertNoDialog } from './dialogs.ts';
import { withEffects } from './effects.ts';
import { mouseClick } from './input.ts';
import { ACTIONABLE, frameOf, pointFor, targetFromString, targetSpec } from './target.ts';
import { guardedClick } from './guarded.ts';
import { shownBy, textShownBy } from './shown.ts';
import { asksAfterInput, reportAfterInput } from '../unresponsive.ts';
import { selectCustom } from './custom-select.ts';
import { afterInputTimers } from './input-timers.ts';
import { fillFileChooser, nextFileChooser, takeFileChooser, type FileChooser } from './file-chooser.ts';
import type { TargetSpec } from '../../shared/content-messages.ts';

export async function check(params: Params<'check'>, ctx: CommandContext): Promise<Result<'check'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const frameId = frameOf(spec);
  const want = params.checked;
  const before = await sendToFrame(tabId, frameId, { type: 'readChecked', target: spec });
  if (before.checked === want) {
    return { tabId, detail: before.description, via: 'cdp', unchanged: true };
  }
  if (!want && before.kind === 'radio') {
    throw new AgentError('INVALID_TARGET', 'A radio button cannot be unchecked by clicking it; check another radio button of the group instead.');
  }
  const { point, effects } = await guardedClick(tabId, spec, { ...ACTIONABLE, timeoutMs: ctx.actionWaitMs }, ctx, (at) => mouseClick(tabId, at.x, at.y));
  // Its handler opened a dialog (a confirm before deleting all): clicked, and the state waits on the answer.
  if (effects.dialog) return { tabId, detail: `${point.description} (clicked; it cannot be read back while the dialog holds the page)`, via: 'cdp', ...effects };
  // Its handler blocked the page (or a script it started did, before the state could be read back): clicked.
  const unread = `${point.description} (clicked; it cannot be read back while the page does not answer)`;
  if (effects.unresponsive || effects.frameUnresponsive) return { tabId, detail: unread, via: 'cdp', ...effects };
  const read = await asksAfterInput(tabId, frameId, sendToFrame(tabId, frameId, { type: 'readChecked', target: spec, afterClick: true }));
  if ('stuck' in read) return { tabId, detail: unread, via: 'cdp', ...effects, ...read.stuck };
  const after = read.value;
  if (after.checked !== want) {
    throw new AgentError('EXECUTION_ERROR', `Clicked ${point.description} but it is still ${after.checked === true ? 'checked' : after.checked === 'mixed' ? 'mixed' : 'unchecked'}; the page may handle clicks differently — take a snapshot to see.`);
  }
  // The click worked; the ref the agent holds does not any more.
  const replaced = after.replaced ? ' (the page then re-rendered it: take a new snapshot for its new ref)' : '';
  // The fields checking it showed (a gift message, a card's details), looked for once: they show as it is checked.
  // (What it is now, the detail says already.)
  const { revealed } = point.toggles ? await shownBy(tabId, spec, effects, { type: 'revealed', waitMs: 0 }) : {};
  // Else the text it wrote elsewhere (a total with the option ticked).
  const text = revealed ? {} : await reportAfterInput(tabId, frameId, textShownBy(tabId, frameId, effects));
  return { tabId, detail: `${point.description}${replaced}`, via: 'cdp', ...effects, ...(revealed ? { revealed } : {}), ...text };
}

export async function selectOption(params: Params<'selectOption'>, ctx: CommandContext): Promise<Result<'selectOption'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const frameId = frameOf(spec);
  const { value: result, effects } = await withEffects(tabId, ctx.signal, async () => {
    const chosen = await sendToFrame(tabId, frameId, { type: 'selectOption', target: spec, values: params.values, timeoutMs: ctx.actionWaitMs, refPrefix: refPrefix(frameId) });
    // What the change handler does a moment later (a timer it set: the next field's options fetched, "Saved") is the choice's.
    if (chosen && !('custom' in chosen)) await afterInputTimers(tabId, frameId, 'click');
    return chosen;
  }, { frameId });
  if (result && 'custom' in result) return selectCustom(tabId, result.target ? targetFromString(result.target) : spec, params.values, result, ctx);
  if (!result) {
    // Its change handler opened a dialog, which holds the page before the choice could be read back.
    const named = spec.ref ?? spec.selector ?? 'the drop-down';
    return { tabId, detail: `${named} → ${JSON.stringify(params.values)} (its change handler opened a dialog before the choice could be read back)`, via: 'dom', ...effects };
  }
  const chose = result.pageChose;
  const outcome = chose
    ? `the page changed the choice as it came: it holds ${chose.length ? JSON.stringify(chose) : 'none'}, not ${JSON.stringify(params.values)}`
    : `selected ${JSON.stringify(result.selected)}`;
  // What the choice wrote elsewhere (a total, the price of the size chosen).
  const text = await reportAfterInput(tabId, frameId, textShownBy(tabId, frameId, effects));
  return { tabId, detail: `${result.description} → ${outcome}`, via: 'dom', ...effects, ...text };
}

export async function focus(params: Params<'focus'>, ctx: CommandContext): Promise<Result<'focus'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const { description } = await sendToFrame(tabId, frameOf(spec), { type: 'focus', target: spec, timeoutMs: ctx.actionWaitMs });
  return { tabId, detail: description, via: 'dom' };
}

export async function scroll(params: Params<'scroll'>, ctx: CommandContext): Promise<Result<'scroll'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params, false);
  // With its effects: an infinite list fetches its next page when scrolled to its end.
  const { value: result, effects } = await withEffects(tabId, ctx.signal, async () => {
    const scrolled = await sendToFrame(tabId, frameOf(spec), { type: 'scroll', target: spec, deltaX: params.deltaX ?? 0, deltaY: params.deltaY ?? 0 });
    // A list that loads its next rows once the scrolling pauses (a debounced scroll handler) does so within the scroll.
    if (scrolled) await afterInputTimers(tabId, frameOf(spec), 'scroll');
    return scrolled;
  }, { frameId: frameOf(spec) });
  const by = `by (${params.deltaX ?? 0}, ${params.deltaY ?? 0})`;
  // No answer when a dialog its handler opened holds the page: the report names the dialog.
  if (!result) return { tabId, detail: spec ? 'the element' : `the page ${by}`, via: 'dom', ...effects };
  const page = `(${Math.round(result.scrollX)}, ${Math.round(result.scrollY)})`;
  const detail = result.description ? `${result.description}; the page is at ${page}` : `the page ${by} to ${page}`;
  return { tabId, detail, via: 'dom', ...effects };
}

/**
 * Files into a page, three ways: a file chooser an earlier click opened (no
 * target); a file input in the main frame, set directly (hidden ones too);
 * anything else — the styled "Upload" button most pages show, an input in a
 * frame or shadow root — clicked, and the chooser that click opens filled;
 * where the click opens none, the files dropped on it (a drop-only zone).
 * The server has already checked that every path exists.
 */
export async function fileUpload(params: Params<'fileUpload'>, ctx: CommandContext): Promise<Result<'fileUpload'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params, false);
  const count = `${params.paths.length} file${params.paths.length === 1 ? '' : 's'}`;
  if (!spec) {
    const chooser = takeFileChooser(tabId);
    if (!chooser) {
      throw new AgentError('INVALID_PARAMS', `No file chooser is open in tab ${tabId}. Pass the ref of the file input or of the button that opens the file chooser.`);
    }
    const { effects } = await withEffects(tabId, ctx.signal, () => fillChooser(tabId, chooser, params.paths));
    return { tabId, detail: `the open file chooser ← ${count}`, via: 'cdp', ...effects };
  }
  const input = frameOf(spec) === 0 ? await mainFrameFileInput(tabId, spec) : null;
  if (input?.objectId) {
    // With its effects: many pages upload the files as soon as they are chosen.
    const { effects } = await withEffects(tabId, ctx.signal, () => cdp(tabId, 'DOM.setFileInputFiles', { objectId: input.objectId, files: params.paths }));
    return { tabId, detail: `${input.description} ← ${count}`, via: 'cdp', ...effects };
  }
  takeFileChooser(tabId); // one left from before is not this click's
  const { point, effects } = await guardedClick(tabId, spec, { ...ACTIONABLE, timeoutMs: ctx.actionWaitMs }, ctx, (at) => mouseClick(tabId, at.x, at.y));
  const chooser = await nextFileChooser(tabId, CHOOSER_WAIT_MS);
  if (!chooser) {
    // A drop zone that only takes dropped files.
    const dropped = await dropFiles(tabId, spec, params.paths, ctx.actionWaitMs);
    if (dropped === 'taken') return { tabId, detail: `${point.description} ← ${count}, dropped on it (a click opened no file chooser)`, via: 'cdp', ...effects };
    throw new AgentError(
      'INVALID_TARGET',
      `Clicking ${point.description} opened no file chooser, and ${dropped === 'refused' ? 'the page did not take files dropped on it' : 'it takes no dropped files'}. Pass the <input type="file"> itself (a selector such as input[type=file] finds a hidden one), the button that opens the chooser, or the drop zone.`,
    );
  }
  const filled = await withEffects(tabId, ctx.signal, () => fillChooser(tabId, chooser, params.paths));
  const { fileChooser: _filled, ...rest } = effects;
  return { tabId, detail: `${point.description} → file chooser ← ${count}`, via: 'cdp', ...rest, ...filled.effects };
}

/**
 * Drags the files onto the element through CDP, as a person drags them from
 * their desktop. 'none': the page accepts no drop there (its dragover said so);
 * 'refused': the drop came but no handler took it.
 */
async function dropFiles(tabId: number, spec: TargetSpec, paths: string[], timeoutMs: number): Promise<'taken' | 'refused' | 'none'> {
  const frameId = frameOf(spec);
  const point = await pointFor(tabId, spec, { visible: true, scroll: true, hitTest: true, timeoutMs });
  await sendToFrame(tabId, frameId, { type: 'watchDrop', target: spec });
  const drag = (type: string) => cdp(tabId, 'Input.dispatchDragEvent', { type, x: point.x, y: point.y, data: { items: [], files: paths, dragOperationsMask: 1 } });
  await drag('dragEnter');
  await drag('dragOver');
  // Dropped where the page takes no drop, the browser opens the file in a new tab in front.
  if (!(await sendToFrame(tabId, frameId, { type: 'dragAccepted' })).accepted) {
    await drag('dragCancel');
    return 'none';
  }
  await drag('drop');
  const { reached, taken } = await sendToFrame(tabId, frameId, { type: 'dropOutcome' });
  return taken ? 'taken' : reached ? 'refused' : 'none';
}

/** How long after its click a button may take to open its file chooser. */
const CHOOSER_WAIT_MS = 1000;

async function fillChooser(tabId: number, chooser: FileChooser, paths: string[]): Promise<void> {
  if (paths.length > 1 && !chooser.multiple) {
    throw new AgentError('INVALID_PARAMS', `The file chooser takes one file, and ${paths.length} were given. Pass one path.`);
  }
  await fillFileChooser(tabId, chooser, paths);
}

/**
 * The target as a page object when it is an <input type="file"> in the main
 * frame's document, found through a mark the content script sets (main-world
 * code cannot see refs); null for other elements and for inputs in shadow
 * roots, which a document query cannot reach.
 */
async function mainFrameFileInput(tabId: number, spec: TargetSpec): Promise<{ objectId: string; description: string } | null> {
  const nonce = crypto.randomUUID();
  const { description } = await sendToFrame(tabId, 0, { type: 'mark', target: spec, nonce });
  const selector = `[${MARK_ATTRIBUTE}="${nonce}"]`;
  const { result } = await cdp<{ result: { objectId?: string } }>(tabId, 'Runtime.evaluate', {
    expression: `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el?.removeAttribute(${JSON.stringify(MARK_ATTRIBUTE)}); return el instanceof HTMLInputElement && el.type === 'file' ? el : null; })()`,
  });
  return result.objectId ? { objectId: result.objectId, description } : null;
}
