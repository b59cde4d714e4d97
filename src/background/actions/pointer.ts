import type { Params, Result } from '../../shared/protocol.ts';
import type { CommandContext } from '../router.ts';
import { assertNoDialog } from './dialogs.ts';
import { withEffects, type Effects } from './effects.ts';
import { mouseClick, mouseDown, mouseMove, mouseUp } from './input.ts';
import { dragWithInterception } from './drag.ts';
import { ACTIONABLE, frameOf, pointFor, targetFromString, targetSpec, type Point } from './target.ts';
import { AgentError } from '../../shared/errors.ts';
import { sendToFrame, tryFrame } from '../frames.ts';
import { resolveTab } from '../tabs.ts';
import type { TargetSpec } from '../../shared/content-messages.ts';
import type { ActionReport } from '../../shared/methods/actions.ts';
import { ensureAttached } from '../cdp.ts';
import { guardedClick, type Clicked } from './guarded.ts';
import { asksAfterInput, reportAfterInput } from '../unresponsive.ts';
import { focusAfter } from './keyboard.ts';
import { shownBy, textShownBy, type Shown } from './shown.ts';
import { afterInputTimers } from './input-timers.ts';
import { withFrontOnDemand } from '../in-front.ts';
import { framesDrawn } from '../frame-map.ts';

export async function click(params: Params<'click'>, ctx: CommandContext): Promise<Result<'click'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  // A right click is for a context menu: what it shows is listed as for a disclosure.
  const contextMenu = params.button === 'right';
  // Any click may show controls without saying so in ARIA (an Edit button's inline form, a
  // settings link's popover): what is visible is noted, to list what it showed after.
  const options = { ...ACTIONABLE, timeoutMs: ctx.actionWaitMs, noteShown: true };
  const debuggable = await ensureAttached(tabId).then(
    () => null,
    (error: unknown) => {
      // Without the debugger (DevTools-like tools holding the tab, a policy)
      // a plain left click can still be done through the DOM; say so.
      if (!(error instanceof AgentError && error.code === 'DEBUGGER_DETACHED') || params.button || params.modifiers?.length || (params.clickCount ?? 1) > 1) throw error;
      return error;
    },
  );
  if (debuggable) {
    const { value, effects } = await withEffects(tabId, ctx.signal, () => sendToFrame(tabId, frameOf(spec), { type: 'domClick', target: spec, options }), { frameId: frameOf(spec) });
    return { tabId, detail: `${value?.description ?? ''} (debugger unavailable: ${debuggable.message})`, via: 'dom', ...effects };
  }
  const clicked = await guardedClick(tabId, spec, options, ctx, (at) =>
    mouseClick(tabId, at.x, at.y, { button: params.button, clickCount: params.clickCount, modifiers: params.modifiers }),
  );
  // Cut short when the page stopped answering since: then the click's own effects, and that.
  const after = await reportAfterInput(tabId, frameOf(spec), afterClick(tabId, spec, clicked, contextMenu));
  return { tabId, detail: clicked.point.description, via: 'cdp', ...clicked.effects, ...after };
}

/** What the click did, as its page has settled: what it showed, where it put the focus, the state it toggled. */
async function afterClick(tabId: number, spec: TargetSpec, clicked: Clicked, contextMenu: boolean): Promise<Omit<Result<'click'>, 'tabId' | 'detail' | 'via'>> {
  const { point, effects, dialogOpened, focusMoved, toggled } = clicked;
  // What it showed: the dialog it opened, the popup it names, else any control it made visible.
  // Waited for where the element says it shows something; else what shows by the time the page
  // has settled (the requests the click started answered) is what the click showed.
  const shown = dialogOpened ? await shownBy(tabId, spec, effects, { type: 'openedDialog' })
    : point.discloses || contextMenu ? await shownBy(tabId, spec, effects, { type: 'revealed', waitMs: DISCLOSE_WAIT_MS, acted: true })
    : point.opens ? await openedOrRevealed(tabId, spec, effects, DISCLOSE_WAIT_MS)
    : await shownBy(tabId, spec, effects, { type: 'revealed', waitMs: 0, acted: true, ...(point.toggles ? {} : { plain: true as const }) });
  // Put the focus in a field (an Edit button's inline editor, a Reply's box): where to type next.
  const focus = focusMoved ? (await focusAfter(tabId, frameOf(spec), effects)).focus : undefined;
  // The toggle's state as the page has settled, else as read right after the click (the list it was in drawn anew).
  const { announced: later, toggled: settled, markedInvalid: markedLate, ...what } = withoutFocused(shown, focus);
  const state = settled ?? toggled;
  // Announced since the click, asked again with what it showed: more than the click's own trip heard (a
  // component's toast). Of the top frame only: a frame's click hears the top frame's news from its own trip.
  const heard = frameOf(spec) === 0 && later && later.length > (effects.announced?.length ?? 0) ? { announced: later } : {};
  // Marked as the click was answered, or once the form's checks had run (after a promise): each field once, as read
  // last, with the message the page drew by then (antd's come two frames after the fields are marked).
  const early = (effects.markedInvalid ?? []).map((field) => markedLate?.find((late) => late.field === field.field) ?? field);
  const marked = [...early, ...(markedLate ?? []).filter((late) => !early.includes(late))];
  return {
    ...effects, ...heard, ...what, ...(marked.length ? { markedInvalid: marked } : {}),
    ...(focus ? { focus } : {}), ...(state ? { toggled: state } : {}),
  };
}

/**
 * What a click showed, without the field it put the focus in (an editable title's field, drawn in place of
 * its text): the Focus line names it already.
 */
function withoutFocused(shown: Shown, focus: string | undefined): Shown {
  const ref = focus?.match(/\[ref=[^\]]+\]/)?.[0];
  if (!ref || !shown.revealed) return shown;
  const lines = shown.revealed.lines.filter((line) => !line.includes(ref));
  if (lines.length === shown.revealed.lines.length) return shown;
  const { revealed: _, ...rest } = shown;
  return lines.length || shown.revealed.more ? { ...rest, revealed: { lines, more: shown.revealed.more } } : rest;
}

/** How long a menu a click opened may take to show its items (menus animate in, or render after a fetch). */
const POPUP_WAIT_MS = 500;
/**
 * How long what a hover shows may take to appear once the timers it set have run: only
 * waited while an animation runs on the page (a CSS transition's delay).
 */
const HOVER_WAIT_MS = 300;
/** An accordion shows its content at once (an animation only grows its box). */
const DISCLOSE_WAIT_MS = 100;

/**
 * A menu button's menu (the popup it names), else whatever else became visible (a menu it
 * names no popup for). causal: after a hover, whose timers have run (input-timers.ts).
 */
async function openedOrRevealed(tabId: number, spec: TargetSpec, effects: Effects, revealMs: number, causal?: true): Promise<Shown> {
  const popup = await shownBy(tabId, spec, effects, { type: 'openedPopup', target: spec, waitMs: POPUP_WAIT_MS, ...(causal ? { causal } : {}) });
  return popup.opened ? popup : shownBy(tabId, spec, effects, { type: 'revealed', waitMs: revealMs, ...(causal ? { causal } : {}) });
}

export async function hover(params: Params<'hover'>, ctx: CommandContext): Promise<Result<'hover'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  const frameId = frameOf(spec);
  const { point, effects } = await inFrontForFrames(tabId, [frameId], async (brought) => {
    const aim = { visible: true, stable: true, hitTest: true, scroll: true, timeoutMs: ctx.actionWaitMs };
    let point = await pointFor(tabId, spec, { ...aim, noteShown: true });
    // What shows after a delay (a tooltip's timer, the request it makes) is waited for in the action.
    const { effects } = await withEffects(tabId, ctx.signal, async () => {
      await mouseMove(tabId, point.x, point.y);
      if (brought) await reachedFrame(tabId, spec, point, ctx.signal);
      else point = await keptOn(tabId, spec, point, () => pointFor(tabId, spec, aim));
      await afterInputTimers(tabId, frameId);
    }, { frameId });
    return { point, effects };
  });
  const shown = await reportAfterInput(tabId, frameId, point.opens ? openedOrRevealed(tabId, spec, effects, HOVER_WAIT_MS, true) : shownBy(tabId, spec, effects, { type: 'revealed', waitMs: HOVER_WAIT_MS, causal: true, text: true }));
  return { tabId, detail: point.description, via: 'cdp', ...effects, ...shown };
}

export async function drag(params: Params<'drag'>, ctx: CommandContext): Promise<Result<'drag'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const budget = ctx.actionWaitMs;
  return inFrontForFrames(tabId, [params.from, params.to].map((end) => frameOf(targetFromString(end))), async () => {
    const source = targetFromString(params.from);
    const from = await pointFor(tabId, source, { ...ACTIONABLE, enabled: false, timeoutMs: budget, readText: true });
    // The target may only become visible once the drag starts; don't demand a clean hit there.
    const { value: to, effects } = await withEffects(tabId, ctx.signal, async () => {
      await mouseMove(tabId, from.x, from.y);
      await mouseDown(tabId, from.x, from.y);
      const to = await pointFor(tabId, targetFromString(params.to), { visible: true, scroll: false, timeoutMs: budget });
      await dragWithInterception(tabId, from, to);
      await mouseUp(tabId, to.x, to.y);
      // What the drop's handler, or the release's (a pointer-based library's drop), does a moment later (the card
      // moved, "Moved to Done") is the drag's.
      await afterInputTimers(tabId, frameOf(targetFromString(params.to)), 'drop');
      // And what it does once the dropped element has glided into its slot (the move said then). Not
      // waited out when the drop blocked the page: the drag's round trip after says so.
      await asksAfterInput(tabId, frameOf(source), tryFrame(tabId, frameOf(source), { type: 'dropSettled', target: source, maxMs: DROP_ANIMATION_MS }).catch(() => undefined));
      return to;
    }, { frameId: frameOf(source) });
    // The text the drop wrote (a column's count, the card in its new place), read where the drag began.
    const frame = frameOf(source);
    const text = frame === frameOf(targetFromString(params.to)) ? await reportAfterInput(tabId, frame, textShownBy(tabId, frame, effects)) : {};
    return { tabId, detail: `${from.description} → ${to?.description ?? params.to}`, via: 'cdp', ...effects, ...text };
  });
}

/** How long a drop animation is waited for, at most (react-beautiful-dnd's takes about 250 ms). */
const DROP_ANIMATION_MS = 1000;

/**
 * Behind another tab, the browser sends pointer input into a frame of another site by where it last drew
 * the frame (in-front.ts), which is stale once the page has loaded or scrolled since: hover and drag, which
 * have no guard to catch the miss, said they were done and nothing happened. Into a frame, they bring the
 * tab to the front for the moment of the input.
 */
async function inFrontForFrames<T>(tabId: number, frames: number[], act: (brought: boolean) => Promise<T>): Promise<T> {
  const framed = frames.find((id) => id !== 0);
  return withFrontOnDemand(tabId, async (toFront) => {
    const brought = framed !== undefined && (await toFront());
    if (brought) await framesDrawn(tabId, framed);
    return act(brought);
  });
}

/** Moves after the first when the page moved the element as the pointer came (keptOn). */
const REAIMS = 2;

/**
 * After the pointer arrived: the page may have moved the element as it left what it was on before
 * (a menu hovered a moment ago closes and the content under it moves up), so the pointer rests on
 * something else. Aimed again at where the element is now; what it is hovered through (a hidden
 * checkbox's label) never says so, and is left as it was after the tries.
 */
async function keptOn(tabId: number, spec: TargetSpec, point: Point, aim: () => Promise<Point>): Promise<Point> {
  for (let tries = 0; tries < REAIMS; tries++) {
    if ((await hovered(tabId, spec)) !== false) return point;
    point = await aim();
    await mouseMove(tabId, point.x, point.y);
  }
  return point;
}

/**
 * Whether the pointer is over the element, as its frame says; undefined when it cannot say: a script the
 * pointer's arrival started a moment later (a hover handler's timer) may have blocked the page since.
 */
async function hovered(tabId: number, spec: TargetSpec): Promise<boolean | undefined> {
  const asked = await asksAfterInput(tabId, frameOf(spec), tryFrame(tabId, frameOf(spec), { type: 'hovered', target: spec }).catch(() => undefined));
  return 'stuck' in asked ? undefined : asked.value?.hovered;
}

/** Tries of a hover into a frame of a tab just brought to the front, each after its frames have drawn again. */
const HOVER_ATTEMPTS = 4;

/**
 * After a hover into a frame of a tab just brought to the front: the browser may still route by the old
 * picture for a frame or two (seen: 2 hovers in 3 missed). The element says whether the pointer is over it.
 */
async function reachedFrame(tabId: number, spec: TargetSpec, point: Point, signal: AbortSignal): Promise<void> {
  const frameId = frameOf(spec);
  for (let attempt = 1; ; attempt++) {
    signal.throwIfAborted();
    if ((await hovered(tabId, spec)) !== false) return;
    if (attempt >= HOVER_ATTEMPTS) {
      throw new AgentError('EXECUTION_ERROR', `The pointer did not reach ${point.description} in its frame (${attempt} tries): the browser sent it to the page around the frame, as it does for a frame it has not drawn where it is now. Take a screenshot to see whether the frame shows, then try again.`);
    }
    await framesDrawn(tabId, frameId);
    await mouseMove(tabId, point.x, point.y);
  }
}
