/**
 * Which ref numbers a tab's pages may give out, so that two tabs never give
 * out the same one.
 *
 * A page numbers its refs itself (content/snapshot/refs.ts), above the floor
 * each request brings. With one floor for all tabs, two tabs asked at the same
 * moment (two agents, or parallel calls) both started above it: each gave out
 * e5, and tab A's e5 used in tab B clicked B's element.
 *
 * So each tab owns a block of numbers no other tab is given: every request to
 * the tab brings the highest number the tab has given out in its block (a new
 * document of the tab starts above it, so no ref is reissued in the tab) and
 * the block's end, which the page never passes. A tab that has used most of
 * its block gets the next free one. Blocks are small, so refs stay short; a
 * page that needs more numbers than its block has left refuses, and the
 * request is asked again under a block as big as the page (frames.ts).
 */
import { raiseRefFloor, refFloorNow } from './tabs.ts';

export interface RefLease {
  /** The page gives out numbers above this… */
  readonly floor: number;
  /** …up to this one. */
  readonly ceiling: number;
  readonly block: Block;
}

export interface Block {
  end: number;
  /** The highest number the tab's pages reported giving out in it. */
  used: number;
}

/** Numbers in a tab's block; a 10,000-element page's first snapshot gives out about 1,700 and gets a bigger block. */
const BLOCK = 1024;
/** A block with fewer numbers left than this is replaced before the next request: enough for any action's report. */
const RESERVE = 256;

const blocks = new Map<number, Block>();
/** A tab whose page outgrew its block (a very big page) gets blocks this size from then on. */
const sizeOf = new Map<number, number>();

/** The numbers a request to `tabId` may give out; the page's answer is told to returnRefs(). */
export function leaseRefs(tabId: number): RefLease {
  let block = blocks.get(tabId);
  if (!block || block.end - block.used < RESERVE) block = allocate(tabId);
  return { floor: block.used, ceiling: block.end, block };
}

/**
 * What the page reported once it answered: the highest number it has given
 * out. undefined when nobody knows (the request was given up on, and the page
 * may still give out numbers for it): then the whole block counts as used.
 */
export function returnRefs({ block }: RefLease, maxRef: number | undefined): void {
  // Clamped: a newer request may have raised the page to the tab's next block.
  block.used = Math.min(block.end, Math.max(block.used, maxRef ?? block.end));
}

/** The page ran out of numbers; `elements`: how many it has, the most refs it can need. */
export function outgrown(tabId: number, elements: number): void {
  // At least four times the last: the count leaves out elements in shadow roots.
  sizeOf.set(tabId, Math.max(4 * (sizeOf.get(tabId) ?? BLOCK), 2 * elements));
  blocks.delete(tabId);
}

/** A tab closed: its numbers stay given out, and its block is not handed on. */
export function forgetRefs(tabId: number): void {
  blocks.delete(tabId);
  sizeOf.delete(tabId);
}

function allocate(tabId: number): Block {
  // refFloorNow: the end of the last block handed out, by this worker or one before it.
  const start = refFloorNow();
  const block = { end: start + (sizeOf.get(tabId) ?? BLOCK), used: start };
  blocks.set(tabId, block);
  // At once for the next block; stored, so a worker that starts again hands out blocks above this one.
  void raiseRefFloor(block.end);
  return block;
}
