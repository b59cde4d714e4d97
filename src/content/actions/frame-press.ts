/**
 * Trusted input aimed into a child frame that runs in a process of its own is
 * routed there by the browser only once that frame has been drawn. Until then
 * (a frame that has just loaded, or was out of sight and has just been shown)
 * the press goes to the <iframe> element in the page around it, and the frame
 * never sees it. Measured: 23 of 30 clicks right after a load, 18 of 20 right
 * after showing a hidden frame.
 *
 * So the frames around a clicked frame catch, for a moment, a press that lands
 * on its <iframe>: stopped before the page's listeners see it (a stray click
 * on the page around), and reported, so the worker clicks again once the
 * frame has drawn (background/actions/guarded.ts).
 */
import { onWindow } from '../window-listeners.ts';
import { CLICK_EVENTS, landedOn } from './guard.ts';
import { nextFrame } from './motion.ts';

/** Let go on its own, like the guard, if the worker never asks (its click failed, it restarted). */
const ARMED_MS = 2000;

interface Catcher {
  frame: Element;
  caught: boolean;
  timer: ReturnType<typeof setTimeout>;
}

let catcher: Catcher | null = null;

for (const type of CLICK_EVENTS) onWindow(type, stopOnFrame, true);

function stopOnFrame(event: Event): void {
  if (!catcher || !event.isTrusted || landedOn(event, catcher.frame) !== catcher.frame) return;
  catcher.caught = true;
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** Armed while a click goes into `frame`. */
export function catchPressOn(frame: Element): void {
  if (catcher) clearTimeout(catcher.timer);
  const armed: Catcher = { frame, caught: false, timer: setTimeout(() => catcher === armed && (catcher = null), ARMED_MS) };
  catcher = armed;
}

/**
 * Whether a press landed on the frame's <iframe> instead of in it; then lets
 * go. Else it stays armed: the press may still come (the frame's own answer
 * can come back before the page around it has handled a press).
 */
export function caughtPress(): boolean {
  const caught = !!catcher?.caught;
  if (caught) letGo();
  return caught;
}

/** A click on something of this frame's own follows: a press on the <iframe> is then that click's. */
export function letGo(): void {
  if (catcher) clearTimeout(catcher.timer);
  catcher = null;
}

/**
 * Resolves once this frame has drawn: two animation frames, the second after
 * the first was handed to the compositor; or when the wait ends (a frame out
 * of sight draws nothing: nextFrame's timer moves on). hidden: the page is
 * told it is hidden, so nothing is drawn. A tab behind another is not told
 * so while the debugger emulates focus on it: the worker asks the tab itself
 * (background/in-front.ts).
 */
export async function drawn(): Promise<{ hidden: boolean }> {
  await nextFrame();
  await nextFrame();
  return { hidden: document.hidden };
}
