import { AgentError } from '../shared/errors.ts';
import { resolveRef } from './snapshot/index.ts';

const REF = /^(f\d+)?e\d+$/;

/**
 * Finds the element a command names: a ref from a snapshot, or a CSS
 * selector. A stale ref throws STALE_REF (from resolveRef) — it never falls
 * back to a selector or another element.
 */
export function resolveTarget(refOrSelector: string): Element {
  if (REF.test(refOrSelector)) return resolveRef(refOrSelector);
  let element: Element | null;
  try {
    element = document.querySelector(refOrSelector);
  } catch {
    throw new AgentError('INVALID_SELECTOR', `"${refOrSelector}" is neither a ref (like e12) nor a valid CSS selector.`);
  }
  if (!element) throw new AgentError('ELEMENT_NOT_FOUND', `No element matches the selector "${refOrSelector}".`);
  return element;
}
