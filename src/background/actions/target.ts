/**
 * Turns a command's ref/selector into a frame and a point in the tab's
 * viewport, after the content script has waited for the element to be
 * actionable.
 */
import { toParent, type LocateOptions, type TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { ensureAttached } from '../cdp.ts';
import { framesDrawn, frameTransform } from '../frame-map.ts';
import { sendToFrame } from '../frames.ts';
import { sleep } from '../timing.ts';
import { canonicalRef, frameOfRef, isRef } from '../../shared/refs.ts';

export interface TargetParams {
  ref?: string;
  selector?: string;
  element?: string;
}

/** Exactly one of ref or selector; a ref must look like one. */
export function targetSpec(params: TargetParams, required = true): TargetSpec | undefined {
  const { ref, selector, element } = params;
  if (ref !== undefined && selector !== undefined) throw new AgentError('INVALID_PARAMS', 'Give either ref or selector, not both.');
  if (ref === undefined && selector === undefined) {
    if (!required) return undefined;
    throw new AgentError('INVALID_PARAMS', 'Say which element: pass ref (from browser_snapshot, e.g. "e12") or a CSS selector.');
  }
  if (ref !== undefined && !isRef(ref)) {
    throw new AgentError('INVALID_PARAMS', `"${ref}" is not a ref: refs look like e12 or f3e7 and come from browser_snapshot. For CSS use the selector parameter.`);
  }
  return { ...(ref !== undefined ? { ref: canonicalRef(ref) } : { selector }), ...(element !== undefined ? { element } : {}) };
}

/** Target given as one string (drag's from/to): a ref if it looks like one, else a selector. */
export function targetFromString(text: string): TargetSpec {
  return isRef(text) ? { ref: canonicalRef(text) } : { selector: text };
}

export function frameOf(spec: TargetSpec | undefined): number {
  return spec?.ref ? frameOfRef(spec.ref) : 0;
}

/** The checks a click waits for, as Playwright's actionability. */
export const ACTIONABLE = { visible: true, enabled: true, stable: true, hitTest: true, scroll: true };

export interface Point {
  x: number;
  y: number;
  description: string;
  /** A closed menu button or drop-down: the input may open its popup (content/actions/popup.ts). */
  opens?: true;
  /** A collapsed disclosure: a click shows what it holds (content/actions/revealed.ts). */
  discloses?: true;
  /** A checkbox, radio or switch: a click may show the fields that go with it. */
  toggles?: true;
}

/**
 * Where to send trusted input for the element. The debugger is attached
 * first: its infobar (when shown) changes the viewport, so we measure after.
 * In a child frame, the frames around it scroll the point into view and
 * check nothing of theirs covers it (with hitTest), waiting like the frame's
 * own checks for a cover to go away.
 */
export async function pointFor(tabId: number, spec: TargetSpec, options: LocateOptions, guard = false): Promise<Point> {
  await ensureAttached(tabId);
  const frameId = frameOf(spec);
  const start = Date.now();
  for (;;) {
    const located = await sendToFrame(tabId, frameId, { type: 'locate', target: spec, guard, options: { ...options, timeoutMs: Math.max(0, start + options.timeoutMs - Date.now()) } });
    // No zoom factor: CDP input takes the page's CSS pixels at any page zoom
    // (measured: scaling by tabs.getZoom misses the element at 150 %).
    if (frameId === 0) return located;
    try {
      const transform = await frameTransform(tabId, frameId, options.hitTest ? located : undefined, true, guard);
      // Scrolled into view just now: the frame draws there before input can reach it (content/actions/frame-press.ts).
      if (transform.cameIntoView) await framesDrawn(tabId, frameId);
      const { opens, discloses, toggles } = located;
      return {
        ...toParent(transform, located), description: located.description,
        ...(opens ? { opens } : {}), ...(discloses ? { discloses } : {}), ...(toggles ? { toggles } : {}),
      };
    } catch (error) {
      if (!(error instanceof AgentError && error.code === 'COVERED')) throw error;
      const waited = Date.now() - start;
      if (waited >= options.timeoutMs) throw new AgentError('COVERED', `${error.message} (after waiting ${waited} ms; pass timeout to wait longer)`);
      await sleep(COVER_RETRY_MS);
    }
  }
}

/** Between checks of a cover over a frame: about a rendered frame or two. */
const COVER_RETRY_MS = 30;
