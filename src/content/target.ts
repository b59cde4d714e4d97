import type { TargetSpec } from '../shared/content-messages.ts';
import { AgentError } from '../shared/errors.ts';
import { queryShadowRoots } from './snapshot/dom.ts';
import { resolveRef } from './snapshot/index.ts';
import { isVisible } from './snapshot/visibility.ts';
import { invalid as invalidSelector, playwrightEngine } from './selectors.ts';
import { canonicalRef, isRef } from '../shared/refs.ts';

// Same shape refs.ts accepts: optional frame prefix, then e<number>.

export interface Resolved {
  element: Element;
  /** How many elements the selector matched (1 for a ref). */
  count: number;
  /** 1-based position of `element` among the matches. */
  index: number;
}

/**
 * Finds the element a command names: a ref from a snapshot, or a CSS
 * selector. A stale ref throws STALE_REF (from resolveRef) — it never falls
 * back to a selector or another element.
 */
export function resolveTarget(refOrSelector: string): Element {
  return isRef(refOrSelector) ? resolveRef(canonicalRef(refOrSelector)) : resolveSelector(refOrSelector).element;
}

/**
 * Resolves a TargetSpec. A selector that matches several elements acts on
 * the FIRST VISIBLE match (or the first match when none is visible), and the
 * caller reports "(2 of 3 matches)" in its description. We chose this over
 * refusing because CSS-selector callers (Kapture/unibrowse style) routinely
 * send selectors like `button.primary` that also match hidden templates or
 * off-screen copies; the count in the result tells the agent to narrow the
 * selector when the choice mattered.
 */
export function resolveSpec(spec: TargetSpec): Resolved {
  if (spec.ref) {
    if (!isRef(spec.ref)) {
      throw new AgentError('STALE_REF', `"${spec.ref}" is not a ref from a snapshot (refs look like e12 or f3e12). Take a new snapshot (browser_snapshot) and use a ref from it, or pass a CSS selector as "selector".`);
    }
    return { element: resolveRef(canonicalRef(spec.ref)), count: 1, index: 1 };
  }
  if (spec.selector) return resolveSelector(spec.selector);
  throw new AgentError('INVALID_PARAMS', 'Name the element with "ref" (from browser_snapshot) or "selector" (CSS).');
}

/** `ref e12` or `selector "button.save"`, for messages. */
export function targetLabel(spec: TargetSpec): string {
  return spec.ref ? `ref ${spec.ref}` : `selector "${spec.selector ?? ''}"`;
}

/** " (2 of 3 matches)" when a selector matched several elements, else "". */
export function matchNote(resolved: Resolved): string {
  return resolved.count > 1 ? ` (${resolved.index} of ${resolved.count} matches)` : '';
}

/**
 * Adds the agent's own description of the element to an error, after its
 * first sentence: `Ref e12 is stale: … (the "Submit button" you described). Take …`.
 */
export function withElementHint(error: unknown, spec: TargetSpec | undefined): unknown {
  if (!(error instanceof AgentError) || !spec?.element) return error;
  return new AgentError(error.code, afterFirstSentence(error.message, ` (the "${spec.element}" you described)`));
}

/** Inserts `text` before the full stop of the message's first sentence. */
export function afterFirstSentence(message: string, text: string): string {
  const at = firstSentenceEnd(message);
  return at >= 0 ? `${message.slice(0, at)}${text}${message.slice(at)}` : `${message}${text}`;
}

// The end of the first sentence, not counting a full stop inside an element
// description like `<p>Saved. Thanks</p>`.
function firstSentenceEnd(message: string): number {
  const descriptions = Array.from(message.matchAll(/<([a-z][\w-]*)[^>]*>(?:[^<]*<\/\1>)?/g), (m) => [m.index, m.index + m[0].length]);
  for (const m of message.matchAll(/[.!?](?=\s|$)/g)) {
    if (!descriptions.some(([from, to]) => m.index >= from && m.index < to)) return m.index;
  }
  return -1;
}

/** Every match of `selector` in the document; when the light DOM has none, also inside shadow roots. */
export function queryAll(selector: string): Element[] {
  const engine = playwrightEngine(selector);
  if (engine) return engine();
  let matches: Element[];
  try {
    matches = Array.from(document.querySelectorAll(selector));
  } catch {
    throw invalidSelector(selector);
  }
  if (matches.length === 0) matches = queryShadowRoots(document, selector);
  return matches;
}

function resolveSelector(selector: string): Resolved {
  const matches = queryAll(selector);
  if (matches.length === 0) {
    throw new AgentError('ELEMENT_NOT_FOUND', `No element matches the selector "${selector}". Check the selector, or take a snapshot (browser_snapshot) and use a ref.`);
  }
  const visible = matches.findIndex(isVisible);
  const i = visible >= 0 ? visible : 0;
  return { element: matches[i], count: matches.length, index: i + 1 };
}
