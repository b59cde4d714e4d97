/**
 * ARIA that custom elements set through ElementInternals (Material Web's
 * md-radio: `internals.role = 'radio'`, `internals.ariaChecked`), as the
 * page-world tracker reports it (background/page-scripts/internals.ts).
 * Asked once per snapshot pass, which reads it for many elements while the
 * page's code does not run; outside a pass at each read, as an action reads
 * a state before and after its input. Only custom elements can have
 * internals, so a page without them never asks.
 */
import { INTERNALS_TRACKER } from '../../shared/page-trackers.ts';
import { onWindow } from '../window-listeners.ts';
import { PassCache } from './dom.ts';

let aria = new WeakMap<Element, Record<string, string>>();
const askedInPass = new PassCache<'asked', true>();
let listening = false;

function ask(): void {
  if (!listening) {
    listening = true;
    onWindow(INTERNALS_TRACKER.report, (event) => {
      const target = event.composedPath()[0];
      const detail = (event as CustomEvent<unknown>).detail;
      if (!(target instanceof Element) || typeof detail !== 'string') return;
      try {
        aria.set(target, JSON.parse(detail) as Record<string, string>);
      } catch {
        // Not the tracker's: ignored.
      }
    }, true);
  }
  aria = new WeakMap();
  // The tracker answers synchronously: the reports are in when this returns.
  document.dispatchEvent(new CustomEvent(INTERNALS_TRACKER.ask));
}

/** An autonomous custom element: the only kind that can attach internals. */
export const mayHaveInternals = (el: Element): boolean => el.localName.includes('-');

/** The ARIA attribute, or else what the element's internals say (null: neither). */
export function ariaAttribute(el: Element, attribute: string): string | null {
  const value = el.getAttribute(attribute);
  if (value !== null || !mayHaveInternals(el)) return value;
  const pass = askedInPass.get();
  if (!pass?.has('asked')) {
    ask();
    pass?.set('asked', true);
  }
  return aria.get(el)?.[attribute] ?? null;
}
