/**
 * Actionability: resolve the target, then wait (one check per animation
 * frame) until it is attached, visible, enabled, editable, stable, in view and
 * hit at its action point — whichever the caller asked for. Modelled on
 * Playwright's actionability checks (https://playwright.dev/docs/actionability).
 */
import type { Located, LocateOptions, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { isDisabled } from '../snapshot/states.ts';
import { afterFirstSentence, isVisible, matchNote, resolveSpec, type Resolved } from '../target.ts';
import { isReadOnly, notEditableKind, retargetLabel } from './controls.ts';
import { describe } from './describe.ts';
import { actionPoint, assertHit, boxOf, fullyInViewport, intersectsViewport } from './hit.ts';

export interface LocateResult extends Located {
  element: Element;
}

export interface LocateConfig extends LocateOptions {
  /** Act on a <label>'s control instead of the label (fill, type). */
  retarget?: boolean;
}

/** A check that failed but may pass later (the page is still loading, animating, enabling …). */
class NotYet extends Error {
  constructor(readonly code: AgentError['code'], message: string) {
    super(message);
  }
}

// Never a stale ref, an invalid selector or the wrong kind of element: waiting can't fix those.
const RETRIABLE = new Set(['ELEMENT_NOT_FOUND']);

export async function locate(spec: TargetSpec, options: LocateConfig): Promise<LocateResult> {
  const start = performance.now();
  const deadline = start + Math.max(0, options.timeoutMs);
  let previous: { el: Element; rect: string } | null = null;
  let scrolled: Element | null = null;
  let last: NotYet | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      let resolved: Resolved;
      try {
        resolved = resolveSpec(spec);
      } catch (error) {
        if (error instanceof AgentError && RETRIABLE.has(error.code)) throw new NotYet(error.code, error.message);
        throw error;
      }
      const el = options.retarget ? retargetLabel(resolved.element) : resolved.element;
      check(el, options);
      if (options.scroll !== false && (options.visible || options.hitTest) && !fullyInViewport(el)) {
        // Once per element: a box bigger than the viewport is never "fully" in it.
        if (scrolled !== el || !intersectsViewport(el)) {
          el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          scrolled = el;
          previous = null;
        }
      }
      if (options.stable) {
        const rect = JSON.stringify(el.getBoundingClientRect());
        const moving = !previous || previous.el !== el || previous.rect !== rect;
        previous = { el, rect };
        if (moving) throw new NotYet('TIMEOUT', `${describe(el)} kept moving (its box changed between animation frames); wait for the animation to end, or act without waiting for it.`);
      }
      const point = actionPoint(el) ?? centerOf(el);
      if (options.hitTest) {
        try {
          assertHit(el, point.x, point.y);
        } catch (error) {
          if (error instanceof AgentError) throw new NotYet(error.code, error.message);
          throw error;
        }
      }
      return { element: el, x: point.x, y: point.y, box: boxOf(el), description: describe(el) + matchNote(resolved) };
    } catch (error) {
      if (!(error instanceof NotYet)) throw error;
      last = error;
    }
    // A stability check needs two frames even with no timeout.
    const now = performance.now();
    if (now >= deadline && !(last.code === 'TIMEOUT' && attempt < 2)) {
      throw new AgentError(last.code, afterFirstSentence(last.message, ` (after waiting ${Math.round(now - start)} ms)`));
    }
    await nextFrame();
  }
}

function check(el: Element, options: LocateOptions): void {
  if (options.editable) {
    const wrongKind = notEditableKind(el);
    if (wrongKind) throw wrongKind;
  }
  if (options.visible && !isVisible(el)) {
    throw new NotYet('NOT_VISIBLE', `${describe(el)} is not visible (${whyHidden(el)}). Wait for it to appear (browser_wait_for), open the menu or section that shows it, or pick a visible element.`);
  }
  if (options.enabled && isDisabled(el)) {
    throw new NotYet('NOT_ENABLED', `${describe(el)} is disabled. Do what enables it first (e.g. fill the required fields), or check you have the right element.`);
  }
  if (options.editable && isReadOnly(el)) {
    throw new NotYet('NOT_EDITABLE', `${describe(el)} is read-only. Pick an editable field, or do what makes it editable first.`);
  }
}

function whyHidden(el: Element): string {
  const style = getComputedStyle(el);
  if (style.display === 'none') return 'display: none';
  if (style.visibility !== 'visible') return `visibility: ${style.visibility}`;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return `its box is ${Math.round(r.width)}×${Math.round(r.height)} px; it or an ancestor may be display: none or collapsed`;
  return 'hidden';
}

function centerOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * The next animation frame — or 50 ms, whichever comes first: background
 * tabs get no animation frames at all, and a wait must still make progress.
 */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, 50);
    const frame = requestAnimationFrame(done);
    function done() {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      resolve();
    }
  });
}
