/**
 * browser_fill on a custom slider or spin button (a role="slider" <div>, as
 * Ant Design's and many others are): it takes no text, only keys, one step
 * each. The background presses them until it says the value asked for
 * (actions/keyboard.ts fillByKeys); here, the element is readied and read.
 */
import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { resolveSpec } from '../target.ts';
import { getRole } from '../snapshot/roles.ts';
import { afterDomChange } from '../dom-change.ts';
import { locate } from './locate.ts';

const STEPPED_ROLES = new Set(['slider', 'spinbutton']);
const NUMBER = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)\s*$/;
/** How long a key's change to the value may take to show (a page that draws it on the next frame). */
const SHOWN_WITHIN_MS = 150;

/**
 * For a fill refused as NOT_EDITABLE: a custom slider or spin button with a number to go to is
 * located, focused for its keys, and its value given; anything else is refused as it was.
 */
export async function prepareStepped(refused: unknown, target: TargetSpec, value: string, timeoutMs: number): Promise<ContentResults['prepareFill']> {
  if (!(refused instanceof AgentError && refused.code === 'NOT_EDITABLE')) throw refused;
  const el = resolveSpec(target).element;
  const role = getRole(el);
  const now = valueNow(el);
  if (!role || !STEPPED_ROLES.has(role) || now === null || !NUMBER.test(value)) throw refused;
  const located = await locate(target, { visible: true, enabled: true, stable: true, timeoutMs });
  (located.element as HTMLElement).focus({ preventScroll: true });
  const min = numberAttr(el, 'aria-valuemin');
  const max = numberAttr(el, 'aria-valuemax');
  return { mode: 'keys', description: located.description, role: role as 'slider' | 'spinbutton', now, ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

/** Its value now; once `was` is given, waits a moment for it to change from that. */
export async function steppedValue(request: Extract<ContentRequest, { type: 'steppedValue' }>): Promise<ContentResults['steppedValue']> {
  const el = resolveSpec(request.target).element;
  const deadline = performance.now() + SHOWN_WITHIN_MS;
  while (request.was !== undefined && valueNow(el) === request.was && performance.now() < deadline) {
    await afterDomChange(deadline - performance.now(), async () => undefined, { attributes: true });
  }
  return { now: valueNow(el) };
}

function valueNow(el: Element): number | null {
  return numberAttr(el, 'aria-valuenow');
}

function numberAttr(el: Element, name: string): number | null {
  const value = el.getAttribute(name);
  return value !== null && NUMBER.test(value) ? Number(value) : null;
}
