import { AgentError } from '../../shared/errors.ts';

/**
 * Ref bookkeeping for one document (one content-script instance).
 *
 * A ref number is bound to one element for the element's lifetime and is never
 * issued again, in the tab or in another: each request brings the tab's block
 * of numbers (background/ref-leases.ts), from above the highest any earlier
 * document of the tab gave out up to the block's end, which no other tab is
 * given. Agents that act on a stale ref then get STALE_REF instead of
 * silently hitting whatever element took the number over (the failure peers
 * ship: vercel-labs/agent-browser#1443, chrome-devtools-mcp#561).
 */

const numberOf = new WeakMap<Element, number>();
// WeakRef so that the registry never keeps a removed subtree alive.
const elementOf = new Map<number, WeakRef<Element>>();
let maxIssued = 0;
// The end of the tab's block (background/ref-leases.ts): no number above it is ours to give out.
// Infinity until a request brings one (the engine's own tests call it directly).
let ceiling = Infinity;
// Whether the background has told this document the tab's floor (a snapshot or search did):
// only then is a number above maxIssued known never to have been given out.
let floorKnown = false;
let liveAfterLastPrune = 0;
// What each ref was printed as (role and accessible name), kept after its element goes: a
// stale ref's error can then point at the element the page put in its place.
const issuedAs = new Map<number, { role: string; name: string }>();
// The name each ref was last printed with, by a snapshot or a report's line (content/actions/reused.ts).
const printedAs = new Map<number, string>();
// The frame's ref prefix ('' or f<frameId>): the same for every ref of this document.
let documentPrefix = '';
/** The one element with this role and name now, as a line with its ref; null when there is none, or several. */
type FindLike = (role: string, name: string, refPrefix: string) => string | null;
let findLike: FindLike | null = null;

const REF_PATTERN = /^(?:f[0-9A-Za-z_-]+)?e(\d+)$/;

/** The role and name a ref was printed with in a whole-page snapshot, kept after its element went. */
export function issuedAsOf(ref: string): { role: string; name: string } | undefined {
  const match = REF_PATTERN.exec(ref.trim());
  return match ? issuedAs.get(Number(match[1])) : undefined;
}

/** The ref prefix this document's refs were given with ('' before any). */
export function documentRefPrefix(): string {
  return documentPrefix;
}

/** Raises the floor: numbers at or below it belong to earlier documents of this tab. */
export function raiseRefFloor(floor: number | undefined): void {
  if (floor === undefined || !Number.isFinite(floor)) return;
  floorKnown = true;
  if (floor > maxIssued) maxIssued = Math.floor(floor);
}

/**
 * Takes the numbers a request came with: above `floor`, up to `ceiling`.
 * Another tab may be giving out the numbers above the ceiling.
 */
export function takeRefLease(floor: number | undefined, leaseCeiling: number | undefined): void {
  raiseRefFloor(floor);
  if (leaseCeiling !== undefined && Number.isFinite(leaseCeiling)) ceiling = leaseCeiling;
}

/** How many numbers are left of the tab's block. */
export function refsLeft(): number {
  return ceiling - maxIssued;
}

/** A request would give out refs past its tab's block; the worker asks again under a bigger one (background/frames.ts). */
export class RefsExhausted extends AgentError {
  constructor() {
    super('INTERNAL', 'The page has more elements to give refs to than this command may number at once. Take a snapshot (browser_snapshot) and act on its refs.');
  }
}

/** The number bound to `el`, issuing the next free one if it has none. */
export function refNumberFor(el: Element): number {
  const existing = numberOf.get(el);
  if (existing !== undefined) return existing;
  if (maxIssued >= ceiling) throw new RefsExhausted();
  const n = ++maxIssued;
  numberOf.set(el, n);
  elementOf.set(n, new WeakRef(el));
  if (elementOf.size > 2 * liveAfterLastPrune + 1024) prune();
  return n;
}

/** The number already bound to `el`, or undefined; never issues. */
export function existingRefNumber(el: Element): number | undefined {
  return numberOf.get(el);
}

export function formatRef(prefix: string, n: number): string {
  return `${prefix}e${n}`;
}

/** Issues (or reuses) the ref of `el` and renders it with the frame prefix. */
export function refForElement(el: Element, refPrefix = ''): string {
  documentPrefix = refPrefix;
  return formatRef(refPrefix, refNumberFor(el));
}

export interface Issued {
  el: Element;
  role: string;
  name: string;
}

/**
 * Records the role and name each ref'd line of a whole-page snapshot was
 * printed with, for a later stale ref's error to look for. Only those no other
 * line had: of two "Delete" buttons, the one left after a re-render may be
 * another row's, and must not be offered for the first's.
 */
export function recordIssued(lines: Issued[]): void {
  const count = new Map<string, number>();
  const key = (line: Issued) => `${line.role}\u0000${line.name}`;
  for (const line of lines) count.set(key(line), (count.get(key(line)) ?? 0) + 1);
  for (const line of lines) {
    const n = numberOf.get(line.el);
    if (n === undefined) continue;
    if (line.name && count.get(key(line)) === 1) issuedAs.set(n, { role: line.role, name: line.name });
    else issuedAs.delete(n);
  }
}

/** The accessible name `el`'s ref was printed with just now (a snapshot's line, a report's). */
export function recordPrinted(el: Element, name: string): void {
  const n = numberOf.get(el);
  if (n !== undefined) printedAs.set(n, name);
}

/** The name `el`'s ref was last printed with, if it has a ref that was printed. */
export function printedNameOf(el: Element): string | undefined {
  const n = numberOf.get(el);
  return n === undefined ? undefined : printedAs.get(n);
}

/** How a stale ref's error finds what replaced its element (content/actions/find.ts; kept out of the engine). */
export function suggestReplacementsWith(find: FindLike): void {
  findLike = find;
}

export function currentMaxRef(): number {
  return maxIssued;
}

/**
 * Finds the element a ref was issued for. A frame prefix (`f3e12`) was already
 * used by the background to route the call to this frame, so only the number
 * matters here.
 */
export function resolveRef(ref: string): Element {
  const match = REF_PATTERN.exec(ref.trim());
  if (!match) {
    throw new AgentError(
      'STALE_REF',
      `"${ref}" is not a ref from a snapshot (refs look like e12 or f3e12). Take a new snapshot (browser_snapshot) and use a ref from it.`,
    );
  }
  const n = Number(match[1]);
  const el = elementOf.get(n)?.deref();
  if (!el || !el.isConnected) {
    // Numbers only grow within a tab (each document starts above the last one's), so one above
    // the highest is not stale but made up, or from another tab.
    if (floorKnown && n > maxIssued) {
      throw new AgentError('STALE_REF', `Ref ${ref} was never given out in this tab (it may be from another tab, or mistyped). Take a snapshot (browser_snapshot) and use a ref from it.`);
    }
    if (!elementOf.has(n)) {
      throw new AgentError('STALE_REF', `Ref ${ref} is stale: it was not issued in this document (the page may have navigated or reloaded, or the ref is from another tab). Take a new snapshot (browser_snapshot) and use the new ref.`);
    }
    // A page that re-renders replaces elements with equal ones: the one now there, if there is exactly one.
    const was = issuedAs.get(n);
    const like = was && findLike?.(was.role, was.name, documentPrefix);
    if (like) {
      throw new AgentError('STALE_REF', `Ref ${ref} is stale: its element was removed from the page, and one like it is there now: ${like}. Nothing was done; use that ref if it is the one you meant, or take a new snapshot (browser_snapshot).`);
    }
    throw new AgentError('STALE_REF', `Ref ${ref} is stale: its element was removed from the page. Take a new snapshot (browser_snapshot) and use the new ref.`);
  }
  return el;
}

// Drops entries whose element was garbage-collected, so the map stays the
// size of the live set on pages that re-render constantly.
function prune(): void {
  for (const [n, weak] of elementOf) {
    if (weak.deref()) continue;
    elementOf.delete(n);
    issuedAs.delete(n);
    printedAs.delete(n);
  }
  liveAfterLastPrune = elementOf.size;
}
