/**
 * Turns a command's ref/selector into a frame and a point in the tab's
 * viewport, after the content script has waited for the element to be
 * actionable.
 */
import type { LocateOptions, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { ensureAttached } from '../cdp.ts';
import { frameOrigin } from '../frame-map.ts';
import { sendToFrame } from '../frames.ts';
import { frameOfRef, isRef } from '../../shared/refs.ts';

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
  return { ...(ref !== undefined ? { ref } : { selector }), ...(element !== undefined ? { element } : {}) };
}

/** Target given as one string (drag's from/to): a ref if it looks like one, else a selector. */
export function targetFromString(text: string): TargetSpec {
  return isRef(text) ? { ref: text } : { selector: text };
}

export function frameOf(spec: TargetSpec | undefined): number {
  return spec?.ref ? frameOfRef(spec.ref) : 0;
}

/** Milliseconds the content script may wait for actionability, leaving time to act and answer. */
export function waitBudget(timeoutMs: number): number {
  return Math.max(100, timeoutMs - 1000);
}

export interface Point {
  x: number;
  y: number;
  description: string;
}

/**
 * Where to send trusted input for the element. The debugger is attached
 * first: its infobar (when shown) changes the viewport, so we measure after.
 */
export async function pointFor(tabId: number, spec: TargetSpec, options: LocateOptions): Promise<Point> {
  await ensureAttached(tabId);
  const frameId = frameOf(spec);
  const located = await sendToFrame(tabId, frameId, { type: 'locate', target: spec, options });
  const origin = frameId === 0 ? { x: 0, y: 0 } : await frameOrigin(tabId, frameId);
  // No zoom factor: CDP input takes the page's CSS pixels at any page zoom
  // (measured: scaling by tabs.getZoom misses the element at 150 %).
  return { x: located.x + origin.x, y: located.y + origin.y, description: located.description };
}
