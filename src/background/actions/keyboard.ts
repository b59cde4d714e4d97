import type { TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import type { ActionReport } from '../../shared/methods/actions.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { ensureAttached } from '../cdp.ts';
import { sendToFrame, tryFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { refPrefix } from '../../shared/refs.ts';
import { downFrames } from '../frame-map.ts';
import { assertNoDialog } from './dialogs.ts';
import { withEffects, type Effects } from './effects.ts';
import { insertText, pressKey as dispatchKey } from './input.ts';
import { keyForChar, onMac, parseChord, platformName } from './keys.ts';
import { frameOf, targetSpec } from './target.ts';
import { movedOn, shownBy } from './shown.ts';
import { fieldsRefusedWithin } from './validation.ts';
import { afterInputTimers } from './input-timers.ts';
import { waitBudget } from '../timing.ts';
import { asksAfterInput, knownBlocked, reportAfterInput, settleOrBusy } from '../unresponsive.ts';

export async function fill(params: Params<'fill'>, ctx: CommandContext): Promise<Result<'fill'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  await ensureAttached(tabId);
  // Focused to take the text, the field may show a picker: what that says is the fill's (withEffects' since).
  const began = Date.now();
  const prepared = await sendToFrame(tabId, frameOf(spec), { type: 'prepareFill', target: spec, value: params.value, timeoutMs: ctx.actionWaitMs });
  if (prepared.mode === 'native') {
    // What its change handler does, and what the timers it set do a moment later (a list filtered by the date), is the fill's.
    const { effects } = await withEffects(tabId, ctx.signal, async () => {
      // Its handler may block the page as it runs: the value is in, and the round trip after says so.
      const set = await asksAfterInput(tabId, frameOf(spec), sendToFrame(tabId, frameOf(spec), { type: 'setNativeValue', target: spec, value: params.value }));
      if (!('stuck' in set)) await afterInputTimers(tabId, frameOf(spec), 'click');
    }, { frameId: frameOf(spec), since: began });
    return { tabId, detail: prepared.description, via: 'dom', ...effects };
  }
  if (prepared.mode === 'keys') return fillByKeys(tabId, spec, prepared, Number(params.value), ctx);
  if (prepared.mode === 'segments') {
    // The field moves on from part to part as the digits come (MUI X's date field, React Aria's): typed, as a person does.
    const typed = await type({ ...(params.tabId !== undefined ? { tabId: params.tabId } : {}), ref: prepared.first, text: params.value }, ctx);
    // What the parts typed into say now, which their own checks may have made other than what was given (a month 13).
    const parts = await tryFrame(tabId, frameOf(spec), { type: 'segmentTexts', target: { ref: prepared.first } }).catch(() => undefined);
    const unlike = parts !== undefined && !sameNumbers(params.value, parts.texts);
    const from = typed.detail === prepared.description ? '' : ` from ${typed.detail}`;
    // Its other parts, drawn anew with the digits, are no controls it showed.
    const lines = typed.revealed?.lines.filter((line) => !line.startsWith('spinbutton '));
    const { revealed: _parts, ...rest } = typed;
    return {
      ...rest, ...(lines?.length ? { revealed: { lines, more: typed.revealed!.more } } : {}),
      detail: `${prepared.description}, typed a key at a time${from}, the field moving on from part to part`, ...(unlike ? { fieldHolds: JSON.stringify(parts.shown) } : {}),
    };
  }
  // The content is selected: inserted text replaces it; Delete clears it.
  const { value: timersRan, effects } = await withEffects(tabId, ctx.signal, async () => {
    if (prepared.keysFirst) await pressChord(tabId, prepared.keysFirst);
    await (params.value === '' ? dispatchKey(tabId, parseChord('Delete').key) : insertText(tabId, params.value));
    return afterInputTimers(tabId, frameOf(spec));
  }, { frameId: frameOf(spec), since: began });
  const after = await reportAfterInput(tabId, frameOf(spec), (async () => {
    const { movedOn, ...held } = await heldUnlike(tabId, spec, params.value, effects, { timersRan: !!timersRan, filled: true });
    // The page put the text into a row of fields (a code's boxes) and moved the focus on: where it is said.
    const focus = movedOn ? (await focusAfter(tabId, frameOf(spec), effects)).focus : undefined;
    return { ...held, ...(focus ? { focus } : {}) };
  })());
  return { tabId, detail: prepared.description, via: 'cdp', ...effects, ...after };
}

/**
 * The numbers of `value` are those the parts of a segmented field say, in order: "04/20/2025" is a month "4"
 * (React Aria's drops the zero), day "20", year "2025"; digits typed in one run ("04202025") are read the same.
 */
function sameNumbers(value: string, texts: string[]): boolean {
  const runs = value.match(/\d+/g) ?? [];
  const parts = texts.map((text) => /\d+/.exec(text)?.[0]).filter((part): part is string => part !== undefined);
  if (runs.length > 1) return runs.every((run, i) => parts[i] !== undefined && Number(parts[i]) === Number(run));
  let rest = runs[0] ?? '';
  for (const part of parts) {
    if (!rest) break;
    const taken = new RegExp(`^0*${part}`).exec(rest);
    if (!taken) return false;
    rest = rest.slice(taken[0].length);
  }
  return rest === '';
}

/** A chord the content script asked for before the text (an editor's select all, or its end). */
async function pressChord(tabId: number, chord: string): Promise<void> {
  const { key, modifiers } = parseChord(chord);
  await dispatchKey(tabId, key, modifiers);
}

/** Arrow keys pressed at most for one fill of a custom slider, a step each. */
const MAX_STEPS = 200;

/**
 * A custom slider or spin button takes keys, one step each: its arrow key is pressed until it says
 * the value asked for, or the nearest its steps reach; it stops where a key moves it no further (its
 * end, or a slider that takes no keys). Home and End go straight to its ends.
 */
async function fillByKeys(tabId: number, spec: TargetSpec, prepared: { description: string; role: 'slider' | 'spinbutton'; now: number; min?: number; max?: number }, goal: number, ctx: CommandContext): Promise<Result<'fill'>> {
  const frameId = frameOf(spec);
  const [up, down] = prepared.role === 'slider' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowUp', 'ArrowDown'];
  let now: number | null = prepared.now;
  const pressed = new Map<string, number>();
  let stuck = false;
  let tooFar = false;
  const press = async (key: string, was: number) => {
    await dispatchKey(tabId, parseChord(key).key);
    pressed.set(key, (pressed.get(key) ?? 0) + 1);
    now = (await sendToFrame(tabId, frameId, { type: 'steppedValue', target: spec, was })).now;
  };
  const { effects } = await withEffects(tabId, ctx.signal, async () => {
    if (prepared.min !== undefined && goal <= prepared.min && now !== goal) await press('Home', prepared.now);
    else if (prepared.max !== undefined && goal >= prepared.max && now !== goal) await press('End', prepared.now);
    let presses = 0;
    while (now !== null && now !== goal) {
      if (presses++ === MAX_STEPS) {
        tooFar = true;
        break;
      }
      ctx.signal.throwIfAborted();
      const toward = goal > now ? up : down;
      const was: number = now;
      await press(toward, was);
      if (now === null || now === was) {
        stuck = true;
        break;
      }
      // Past it (steps of 5 toward 7): the nearer of the two values on either side.
      if ((goal - was) * (goal - now) < 0) {
        if (Math.abs(now - goal) > Math.abs(was - goal)) await press(toward === up ? down : up, now);
        break;
      }
    }
    await afterInputTimers(tabId, frameId);
  }, { frameId });
  const keys = [...pressed].map(([key, count]) => `${count} × ${key}`).join(', ');
  return {
    tabId, detail: `${prepared.description} by keys${keys ? ` (${keys})` : ''}`, via: 'cdp', ...effects,
    ...(now !== goal ? { stepped: { asked: goal, now, stuck, ...(tooFar ? { presses: MAX_STEPS } : {}) } } : {}),
  };
}

export async function type(params: Params<'type'>, ctx: CommandContext): Promise<Result<'type'>> {
  // Long text takes a while, a key at a time (2,800 characters: 4 s): stopped in time to say how far it got.
  const keysUntil = Date.now() + waitBudget(ctx.timeoutMs);
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const spec = targetSpec(params)!;
  await ensureAttached(tabId);
  const began = Date.now();
  const prepared = await sendToFrame(tabId, frameOf(spec), { type: 'prepareType', target: spec, text: params.text, clear: params.clear ?? false, timeoutMs: ctx.actionWaitMs });
  // In a <textarea> or an editor a tab is part of the text (code, a table); in a one-line field it is
  // the Tab key, which moves on to the next field ("name\tpassword").
  const tabsMove = params.text.includes('\t') && !prepared.multiline;
  const sent = params.submit || params.text.includes('\n');
  // Sent, the keys may close the dialog the field is in (a prompt's OK on Enter) or open one.
  const noted = sent && (await noteBeforeKeys(tabId, spec, false));
  const started = Date.now();
  const chars = [...params.text];
  let typed = 0;
  // The action ended before the keys did: a key opened a dialog, which holds it until handled.
  let ended = false;
  // A key sent the page elsewhere.
  let left = false;
  const { value: timersRan, effects } = await withEffects(tabId, ctx.signal, async () => {
    if (prepared.keysFirst) await pressChord(tabId, prepared.keysFirst);
    for (const char of chars) {
      // Not on once the dialog is handled: by then the agent has moved on, and the keys would go
      // to whatever has focus then (a field it types into next).
      if (ended) return false;
      if (ctx.signal.aborted || Date.now() > keysUntil) {
        throw new AgentError('TIMEOUT', `Typing ran out of time (${ctx.timeoutMs} ms) after ${typed} of ${chars.length} characters, which went in; the rest did not. browser_fill sets long text at once; or pass a larger timeout.`);
      }
      const key = char === '\t' && !tabsMove ? undefined : keyForChar(char);
      try {
        // Characters no US key produces (é, 日本) are inserted as text, as an IME would.
        if (key) await dispatchKey(tabId, key);
        else await insertText(tabId, char);
      } catch (error) {
        // The page went elsewhere as the keys went in (a search box that goes on its first letters):
        // the rest would land on the next page, and is not sent (cdp.ts). Reported, not refused.
        if (!(typed > 0 && error instanceof AgentError && error.code === 'NAV_ABORTED')) throw error;
        left = true;
        return false;
      }
      typed++;
      if (params.delay) await new Promise((resolve) => setTimeout(resolve, params.delay));
    }
    if (params.submit && !ended) await dispatchKey(tabId, parseChord('Enter').key);
    return afterInputTimers(tabId, frameOf(spec));
  }, { frameId: frameOf(spec), since: began });
  ended = true;
  // A dialog: the key that opened it went in (its keydown did it), those after it did not. A navigation:
  // the key it came after went in, the one that met it did not.
  const notTyped = effects.dialog && typed + 1 < chars.length ? { notTyped: { rest: chars.slice(typed + 1).join(''), after: chars[typed]!, by: 'dialog' as const } }
    : left ? { notTyped: { rest: chars.slice(typed).join(''), after: chars[typed - 1]!, by: 'navigation' as const } }
    : {};
  // Once sent, a page may clear the field (a chat box): what it holds then says nothing about the typing.
  // After a Tab the field holds the text before it; the rest went where focus went, which is said.
  const typedHere = tabsMove ? params.text.slice(0, params.text.indexOf('\t')) : params.text;
  // Sent, what it showed is asked alone (a search's results with their links); else with what the field holds.
  const after = await reportAfterInput(tabId, frameOf(spec), (async () => {
    const { movedOn, ...held }: Held = sent ? await shownByKeys(tabId, spec, effects, noted)
      : await heldUnlike(tabId, spec, (prepared.before ?? '') + typedHere + (prepared.after ?? ''), effects, { timersRan: !!timersRan, room: prepared.room });
    // Typed on through a row of fields (a one-time code's digits): where the last key went is said.
    const moved = tabsMove || prepared.room !== undefined || movedOn ? await focusAfter(tabId, frameOf(spec), effects) : undefined;
    const focus = moved?.focus ? { focus: moved.focus } : {};
    return { ...held, ...focus, ...(sent ? await refusedAfter(tabId, frameOf(spec), started, effects) : {}) };
  })());
  return { tabId, detail: prepared.description, via: 'cdp', ...effects, ...notTyped, ...after };
}

export async function pressKey(params: Params<'pressKey'>, ctx: CommandContext): Promise<Result<'pressKey'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const chord = parseChord(params.key);
  const spec = targetSpec(params, false);
  await ensureAttached(tabId);
  let detail = `pressed ${params.key}`;
  const began = Date.now();
  if (spec) {
    const focused = await sendToFrame(tabId, frameOf(spec), { type: 'focus', target: spec, timeoutMs: ctx.actionWaitMs });
    detail += ` on ${focused.description}`;
  }
  detail += macShortcutNote(chord) + browserShortcutNote(chord);
  const noted = await noteBeforeKeys(tabId, spec, true);
  // Enter or Space on an upload button opens a file chooser as a click does.
  const started = Date.now();
  const { effects } = await withEffects(tabId, ctx.signal, async () => {
    await dispatchKey(tabId, chord.key, chord.modifiers);
    await afterInputTimers(tabId, frameOf(spec));
  }, { frameId: frameOf(spec), fileChoosers: true, since: began });
  // Enter, Space or an arrow on a closed menu button or drop-down opens its popup, maybe a frame or two later.
  const opening = !chord.modifiers.length && OPENING_KEYS.has(chord.key.key);
  const after = await reportAfterInput(tabId, frameOf(spec), (async () => {
    const shown = await shownByKeys(tabId, spec, effects, noted, opening ? POPUP_WAIT_MS : 0);
    // Where focus is decides where Enter sent a form: a field in a frame (a payment form) sends the frame's.
    const { frameId, ...focus } = await focusAfter(tabId, frameOf(spec), effects);
    const refused = chord.key.key === 'Enter' ? await refusedAfter(tabId, frameId, started, effects) : {};
    return { ...refused, ...focus, ...shown };
  })());
  return { tabId, detail, via: 'cdp', ...effects, ...after };
}

/**
 * Before keys that may open a dialog (Control+K's command palette, ? for the shortcuts) or close one
 * (Escape, Enter on its button or in its field): the dialogs shown now, in the top frame, to say which
 * as a click's report does. With `shown`, also what is visible in the frame the keys go to, to tell
 * what else they showed (a grid's filter popup on Control+Enter, a listbox on ArrowDown); typing notes
 * that as it gets the field ready. False when the page does not answer or runs no content script (a PDF).
 */
async function noteBeforeKeys(tabId: number, spec: TargetSpec | undefined, shown: boolean): Promise<boolean> {
  if (knownBlocked(tabId)) return false;
  const keyFrame = frameOf(spec);
  // The frame the keys go to also reads the text they write (shownByKeys asks it).
  const keysHere = { ...(shown ? { shown: spec ? { target: spec } : {} } : {}), text: true as const };
  const noted = await settleOrBusy(tabId, Promise.all([
    tryFrame(tabId, 0, { type: 'noteDialogs', ...(keyFrame === 0 ? keysHere : {}) }).catch(() => undefined),
    keyFrame === 0 ? undefined : tryFrame(tabId, keyFrame, { type: 'noteDialogs', ...keysHere }).catch(() => undefined),
  ]).then(([top]) => top));
  return noted !== 'busy' && noted.value !== undefined;
}

/** After them: the dialog they opened, with its controls, or the one they closed; else what else they showed. */
async function shownByKeys(tabId: number, spec: TargetSpec | undefined, effects: Effects, noted: boolean, ownerWaitMs = 0): Promise<Pick<ActionReport, 'opened' | 'revealed' | 'toggled' | 'closedDialog' | 'textShown'>> {
  if (!noted || movedOn(effects)) return {};
  const changed = await tryFrame(tabId, 0, { type: 'dialogChanges' }).catch(() => undefined);
  const closed = changed?.closed ? { closedDialog: changed.closed } : {};
  const shown = changed?.opened ? await shownBy(tabId, undefined, effects, { type: 'openedDialog' }) : await shownBy(tabId, spec, effects, { type: 'revealed', waitMs: 0, keyed: true, acted: true, ...(ownerWaitMs ? { ownerWaitMs } : {}) });
  return { ...shown, ...closed };
}

/** Keys that open a menu button's or a drop-down's popup (ARIA's menu button and combobox patterns). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);
/** How long a popup a key opens may take to show (as a click's: pointer.ts). */
const POPUP_WAIT_MS = 500;

/**
 * Meta+A, Cmd+C: a Mac's shortcuts, which a model often sends by habit. Elsewhere the browser's own
 * editing shortcuts go with Control, so the keys went to the page but selected or copied nothing: said.
 */
function macShortcutNote(chord: ReturnType<typeof parseChord>): string {
  if (!chord.modifiers.includes('Meta') || chord.modifiers.includes('Control') || chord.key.key.length !== 1) return '';
  if (onMac()) return '';
  return ` (Meta shortcuts are the Mac's: on ${platformName() || 'this system'}, as here, the browser's select all, copy and paste go with Control; ControlOrMeta+${chord.key.key} works on both)`;
}

/**
 * The browser's own shortcuts for what a tool does (back, reload, close the tab): keys sent
 * through DevTools go to the page alone, so the browser does none of it, and the report would
 * read as if it had. The one that does is named.
 */
function browserShortcutNote(chord: ReturnType<typeof parseChord>): string {
  const held = chord.modifiers;
  const name = [
    ...(held.includes('Control') || held.includes('Meta') ? ['Command'] : []),
    ...(held.includes('Alt') ? ['Alt'] : []),
    ...(held.includes('Shift') ? ['Shift'] : []),
    chord.key.key.length === 1 ? chord.key.key.toUpperCase() : chord.key.key,
  ].join('+');
  const shortcut = BROWSER_SHORTCUTS.find(({ keys }) => keys.includes(name));
  return shortcut ? ` (the browser's shortcut to ${shortcut.does}: keys go to the page alone, so the browser did not do that; ${shortcut.tool} does)` : '';
}

/** Command: Control, or Meta as on a Mac; then Alt, then Shift. */
const BROWSER_SHORTCUTS: { keys: string[]; does: string; tool: string }[] = [
  { keys: ['Alt+ArrowLeft', 'BrowserBack'], does: 'go back', tool: 'browser_navigate_back' },
  { keys: ['Alt+ArrowRight', 'BrowserForward'], does: 'go forward', tool: 'browser_navigate_forward' },
  { keys: ['F5', 'Shift+F5', 'Command+F5', 'Command+R', 'Command+Shift+R', 'BrowserRefresh'], does: 'reload', tool: 'browser_reload' },
  { keys: ['Command+W', 'Command+F4'], does: 'close the tab', tool: 'browser_tabs with action close' },
  { keys: ['Command+T', 'Command+N'], does: 'open a tab or window', tool: 'browser_tabs with action new' },
  { keys: ['Command+Tab', 'Command+Shift+Tab', 'Command+PageDown', 'Command+PageUp'], does: 'switch tabs', tool: 'browser_tabs with action select' },
  { keys: ['Command+L', 'Alt+D', 'F6'], does: 'go to the address bar', tool: 'browser_navigate with the URL' },
];

/** How long text in a combobox may take to bring up its suggestions (a debounce, then a fetch). */
const SUGGESTIONS_WAIT_MS = 1000;
/**
 * The same once the timers the keys set (a debounce) have run and the requests they
 * started have answered: what remains is the page drawing the answer.
 */
const SUGGESTIONS_AFTER_TIMERS_MS = 300;

/** movedOn: the focus went on to another field as the text went in, by the page's script. */
type Held = Pick<ActionReport, 'fieldHolds' | 'fieldLimit' | 'fieldReplaced' | 'fieldInvalid' | 'suggestions' | 'revealed' | 'textShown'> & { movedOn?: true };

/**
 * What a text field holds when that is not the text that went in: an input
 * mask reformatted it, a filter dropped keys, a script rewrote it. Else the
 * report would say the text went in when it did not. A password's length only.
 * `room`: the characters the fields after it take (a code's boxes); `filled`:
 * `expected` went in whole, at the end, where the caret is to be left.
 */
async function heldUnlike(tabId: number, spec: TargetSpec, expected: string, effects: Effects, { timersRan, room, filled = false }: { timersRan: boolean; room?: number; filled?: boolean }): Promise<Held> {
  if (movedOn(effects)) return {};
  const frameId = frameOf(spec);
  const answered = !!effects.requests && !effects.requests.list.some((r) => r.pending);
  const held = await tryFrame(tabId, frameId, { type: 'fieldValue', target: spec, ...(filled ? { filled: expected } : {}), suggest: { refPrefix: refPrefix(frameId), waitMs: timersRan ? SUGGESTIONS_AFTER_TIMERS_MS : SUGGESTIONS_WAIT_MS, answered } });
  if (!held) return {};
  // Re-rendered as the text went in: keys that came after went to whatever had focus then. Not
  // news when the field now there holds the text (the page carried a filled value over).
  if (held.replaced) return held.replaced.value === expected ? {} : { fieldReplaced: held.replaced };
  const suggestions = {
    ...(held.suggestions ? { suggestions: held.suggestions } : {}), ...(held.revealed ? { revealed: held.revealed } : {}), ...(held.invalid ? { fieldInvalid: held.invalid } : {}),
    ...(held.text ? { textShown: held.text } : {}),
  };
  if (held.value === undefined || held.value === expected) return suggestions;
  // Filled, and the page moved focus on to the next field of its row, which took the rest: by its maxlength,
  // or by its own script, as Ark's and Chakra's PIN inputs do with no maxlength (the caller says where the focus went).
  // Filled into one box, such a row spreads the text over all of its boxes (Ark's): this one holds a part.
  const part = room === undefined ? expected.includes(held.value) : expected.startsWith(held.value);
  if (!held.focused && held.value && part && (room === undefined || held.value.length >= Math.min(room, expected.length))) {
    return { ...suggestions, ...(room === undefined ? { movedOn: true as const } : {}) };
  }
  const fieldHolds = held.secret ? `${held.value.length} characters, not the ${expected.length} given` : JSON.stringify(held.value);
  // Full at its maxlength, with more given: the browser dropped the rest, whatever the page does.
  const full = held.maxLength !== undefined && held.value.length >= held.maxLength && expected.length > held.maxLength;
  return { ...suggestions, fieldHolds, ...(full ? { fieldLimit: held.maxLength } : {}) };
}

/**
 * Keys move focus (Tab, arrows in a menu): where it is now, with a ref to act
 * on, so no snapshot is needed to find out; into child frames, and the frame
 * it is in.
 */
export async function focusAfter(tabId: number, frameId: number, effects: Effects): Promise<Pick<ActionReport, 'focus'> & { frameId: number }> {
  if (movedOn(effects)) return { frameId };
  const down = await downFrames(
    tabId,
    frameId,
    (id) => tryFrame(tabId, id, { type: 'focused', refPrefix: refPrefix(id) }),
    (answer) => answer.frameNonce,
  );
  const focus = down.answers.map((answer) => answer.line).filter(Boolean).at(-1);
  return { frameId: down.frameId, ...(focus ? { focus } : {}) };
}

/**
 * Enter sends the form of the field it is pressed in: unless it went, the fields the browser refused
 * it for; or, when nothing at all came of it, why the browser did not send it.
 */
async function refusedAfter(tabId: number, frameId: number, started: number, effects: Effects): Promise<Pick<ActionReport, 'invalidFields' | 'markedInvalid' | 'fieldMessages' | 'enterNotSent'>> {
  if (movedOn(effects)) return {};
  // A little more than the keys took: the two clocks are read at slightly different moments.
  const { enterNotSent, ...refused } = await fieldsRefusedWithin(tabId, frameId, Date.now() - started + 50);
  // A page may act on Enter in its own handlers (a request, a message it announces): then it did something.
  const quiet = !effects.requests?.list.length && !effects.announced?.length && !effects.newTabs?.length && !effects.download && !effects.fileChooser;
  return { ...refused, ...(enterNotSent && quiet ? { enterNotSent } : {}) };
}
