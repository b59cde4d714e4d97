/**
 * What a hover showed: controls and tooltips that were not visible before the
 * pointer came and are now. A row's Delete button drawn on :hover, a
 * navigation's submenu, a tooltip: the agent gets their refs without a
 * snapshot. Noted when the element is located for the hover, compared after.
 */
import type { ContentRequest, ContentResults } from '../../shared/content-messages.ts';
import { currentMaxRef, raiseRefFloor } from '../snapshot/refs.ts';
import { lineFor } from './find.ts';
import { nextFrame } from './locate.ts';

const CANDIDATES = [
  'a[href]', 'button', 'input:not([type=hidden])', 'select', 'textarea', 'summary', '[tabindex]:not([tabindex="-1"])',
  ...['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'checkbox', 'switch', 'tooltip'].map((role) => `[role=${role}]`),
].join(', ');
/** Lines in the report; the rest are counted. */
const MAX_SHOWN = 10;

let shownBefore: WeakSet<Element> | null = null;

/** Before the pointer moves: what is visible now. */
export function noteShown(): void {
  shownBefore = new WeakSet(visibleCandidates());
}

/**
 * After it moved: what became visible, waited for up to `waitMs` (menus that
 * open after a hover-intent delay, tooltips after theirs). Each hover compares
 * with its own note only.
 */
export async function revealed(request: Extract<ContentRequest, { type: 'revealed' }>): Promise<ContentResults['revealed']> {
  raiseRefFloor(request.refFloor);
  const before = shownBefore;
  shownBefore = null;
  if (!before) return { maxRef: currentMaxRef() };
  const start = performance.now();
  let shown: Element[] = [];
  for (;;) {
    shown = visibleCandidates().filter((el) => !before.has(el));
    if (shown.length || performance.now() - start >= request.waitMs) break;
    await nextFrame();
  }
  if (!shown.length) return { maxRef: currentMaxRef() };
  const lines = shown.slice(0, MAX_SHOWN).map((el) => lineFor(el, request.refPrefix));
  return { revealed: { lines, more: Math.max(0, shown.length - MAX_SHOWN) }, maxRef: currentMaxRef() };
}

function visibleCandidates(): Element[] {
  return Array.from(document.querySelectorAll(CANDIDATES)).filter(
    (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getClientRects().length > 0,
  );
}
