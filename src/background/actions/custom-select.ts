/**
 * A drop-down made of divs, worked as a person works it: clicked open, each
 * option clicked with trusted input, closed again. Found by selectOption
 * (forms.ts) when the target is not a native <select>.
 */
import { AgentError } from '../../shared/errors.ts';
import type { TargetSpec } from '../../shared/content-messages.ts';
import type { Result } from '../../shared/protocol.ts';
import { sendToFrame, tryFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { refPrefix } from '../../shared/refs.ts';
import { guardedClick } from './guarded.ts';
import { mouseClick, pressKey as dispatchKey } from './input.ts';
import { parseChord } from './keys.ts';
import { ACTIONABLE, frameOf, targetFromString } from './target.ts';

/** How long a custom drop-down may take to show its options once clicked open. */
const OPTIONS_WAIT_MS = 1000;

/**
 * A drop-down made of divs (a design system's Select): clicked open if it is
 * closed, then each option clicked with trusted input, as a person picks one.
 * Instead of three calls (open, snapshot, click) and a guess at the wait between.
 * Several values: most lists close on a pick (Select2's multiple select), so
 * it is opened again for each; an option a multiple list has selected already
 * is left as it is (a click would unselect it).
 */
export async function selectCustom(tabId: number, spec: TargetSpec, values: string[], found: { custom: 'shown' | 'closed'; description: string; opener?: string; multiple?: true }, ctx: CommandContext): Promise<Result<'selectOption'>> {
  const frameId = frameOf(spec);
  const actionable = { ...ACTIONABLE, timeoutMs: ctx.actionWaitMs };
  const click = (at: { x: number; y: number }) => mouseClick(tabId, at.x, at.y);
  const done: string[] = [];
  let effects = {};
  let state = found.custom;
  // Opened by us: closed again at the end if it is still open (a multiple list stays open, as does one not clicked).
  let openedByUs = false;
  let opener = found.opener;
  // The list says it takes several (Select2's), or stayed open after a pick (Ant Design's, which does not say).
  let multiple = false;
  for (const [i, value] of values.entries()) {
    if (i > 0) {
      ({ state, opener } = await stateOf(tabId, spec, ctx, state));
      if (state === 'closed' && !multiple) {
        throw new AgentError('INVALID_PARAMS', `${found.description} takes one choice: its list closed after the first pick, as a single-choice drop-down's does, and it does not say it takes several (aria-multiselectable). The first pick stands (${done[0]}); pick one value per call.`);
      }
    }
    if (state === 'closed') {
      await guardedClick(tabId, opener ? targetFromString(opener) : spec, actionable, ctx, click);
      openedByUs = true;
    }
    const hint = found.multiple ? { multiple: true as const } : {};
    const picked = await sendToFrame(tabId, frameId, { type: 'customOptions', target: spec, values: [value], ...hint, refPrefix: refPrefix(frameId), waitMs: OPTIONS_WAIT_MS }).catch(async (error: unknown) => {
      // No such option, or a list that takes one choice: closed again, as it was, not left over the fields below it.
      if (state === 'closed' && error instanceof AgentError) await closeList(tabId);
      throw error;
    });
    const option = `option "${picked.labels[0]}" [ref=${picked.refs[0]}]`;
    const opened = state === 'closed' ? 'opened it and ' : '';
    multiple ||= !!picked.multiple || i > 0;
    if (picked.selected[0]) {
      done.push(`${opened}left ${option} selected, as it was`);
      continue;
    }
    const target = targetFromString(picked.refs[0]);
    ({ effects } = await guardedClick(tabId, target, actionable, ctx, click));
    // Chosen already in a list that does not say it takes several, yet does (Ant Design's multiple
    // Select): the click unselected it, so a second one puts it back.
    if (picked.wasSelected[0] && (await tryFrame(tabId, frameId, { type: 'isSelected', target }))?.selected === false) {
      ({ effects } = await guardedClick(tabId, target, actionable, ctx, click));
      done.push(`${opened}left ${option} selected, as it was`);
      multiple = true;
      continue;
    }
    done.push(`${opened}clicked ${option}`);
  }
  // Closed as a person closes it; a page the pick took elsewhere has nothing to close.
  if (openedByUs && (await stateOf(tabId, spec, ctx, 'closed').catch(() => ({ state: 'closed' }))).state === 'shown') await closeList(tabId);
  return { tabId, detail: `${found.description} → ${done.join(', then ')}`, via: 'cdp', ...effects };
}

/** Whether the drop-down shows its list now (after a pick, most close), and what to click to open it. */
async function stateOf(tabId: number, spec: TargetSpec, ctx: CommandContext, was: 'shown' | 'closed'): Promise<{ state: 'shown' | 'closed'; opener?: string }> {
  const frameId = frameOf(spec);
  const result = await sendToFrame(tabId, frameId, { type: 'selectOption', target: spec, values: [], timeoutMs: ctx.actionWaitMs, refPrefix: refPrefix(frameId) });
  return result && 'custom' in result ? { state: result.custom, opener: result.opener } : { state: was };
}

/** Escape, as a person closes a list: it goes to the focused combobox. */
function closeList(tabId: number): Promise<void> {
  return dispatchKey(tabId, parseChord('Escape').key);
}
