/**
 * Which ref numbers a tab's pages may give out, so that two tabs never give
 * out the same one.
 *
 * Every request to a page carries the floor its new refs are numbered above
 * (tabs.ts keeps the highest number given out so far). Two tabs asked at the
 * same moment (two agents, or parallel calls) both started above the same
 * floor: each gave out e5, and tab A's e5 used in tab B clicked B's element.
 *
 * So a tab with requests in flight holds a lease: numbers from its floor up to
 * its ceiling, which no other tab's lease overlaps. Requests to the tab share
 * the lease; once none is in flight, the highest number its pages reported is
 * what the next lease of any tab starts above. Without other tabs at work
 * nothing changes: each lease starts where the last one's numbers ended. A tab
 * leasing while another tab's lease is out starts above that lease's ceiling,
 * which leaves a gap in the numbers, never a number given out twice.
 *
 * A page that would pass its ceiling refuses to (content/snapshot/refs.ts);
 * the request is asked again with a lease as big as the page's element count
 * (frames.ts).
 */
import { raiseRefFloor, refFloorNow } from './tabs.ts';

export interface RefLease {
  readonly floor: number;
  readonly ceiling: number;
}

interface Lease extends RefLease {
  tabId: number;
  /** Requests sent under it that have not been answered. */
  requests: number;
  /** The highest number its pages reported giving out. */
  used: number;
}

/** Numbers in a tab's first lease: a snapshot of a 10,000-element page gives out about 1,700 refs. */
const BLOCK = 4096;

/** Leases with requests in flight, the current one of each tab and any it outgrew. */
const live = new Set<Lease>();
const current = new Map<number, Lease>();
/** A tab whose page needed more numbers than BLOCK (a very big page) gets leases that size. */
const sizeOf = new Map<number, number>();

/** The lease a request to `tabId` is sent under; every lease taken is given back with returnRefs(). */
export function leaseRefs(tabId: number): RefLease {
  let lease = current.get(tabId);
  // A lease half used by a tab kept busy (one request after another, never none in flight) is
  // replaced before a request can run out of it.
  if (!lease || lease.used - lease.floor > (lease.ceiling - lease.floor) / 2) lease = open(tabId);
  lease.requests++;
  return lease;
}

/**
 * Gives a lease back once its request is answered. maxRef: the highest number
 * the page reports having given out; undefined when nobody knows (the request
 * was given up on, and the page may still be working on it): then all of it
 * counts as given out.
 */
export function returnRefs(taken: RefLease, maxRef: number | undefined): void {
  const lease = taken as Lease;
  lease.used = Math.max(lease.used, maxRef ?? lease.ceiling);
  if (--lease.requests > 0) return;
  live.delete(lease);
  if (current.get(lease.tabId) === lease) current.delete(lease.tabId);
  // Synchronous for the next lease; stored for a worker that starts again.
  void raiseRefFloor(lease.used);
}

/**
 * The page ran out of numbers (it reported how many elements it has, the most refs it can need):
 * the tab's next lease is that big, and starts above everything leased so far.
 */
export function outgrown(tabId: number, elements: number): void {
  // At least four times the last: the count leaves out elements in shadow roots.
  sizeOf.set(tabId, Math.max(4 * (sizeOf.get(tabId) ?? BLOCK), 2 * elements));
  const lease = current.get(tabId);
  if (lease) lease.used = lease.ceiling;
}

function open(tabId: number): Lease {
  let floor = refFloorNow();
  for (const other of live) floor = Math.max(floor, other.ceiling);
  const lease: Lease = { tabId, floor, ceiling: floor + (sizeOf.get(tabId) ?? BLOCK), requests: 0, used: floor };
  live.add(lease);
  current.set(tabId, lease);
  return lease;
}
