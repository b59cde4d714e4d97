/**
 * The last click that landed where it was aimed, as the guard (guard.ts) saw it: its element, to read
 * its state once the page has replaced it (checked.ts), and when it was aimed, for what the page
 * announced since. Apart from the guard, which reads toggle states (checked.ts) for its report.
 */
import type { Announcement } from '../../shared/content-messages.ts';
import { announcedSince } from '../announcements.ts';

let landed: WeakRef<Element> | null = null;
// When the guard of that click was armed (Date.now()): its announcements are those since.
let landedSince = 0;

export function noteLanded(element: Element, armedWall: number): void {
  landed = new WeakRef(element);
  landedSince = armedWall;
}

export function lastLanded(): Element | null {
  return landed?.deref() ?? null;
}

/** When the last click that landed was aimed (Date.now()); now, in a document no click landed in. */
export function lastLandedAt(): number {
  return landedSince || Date.now();
}

/**
 * What the page announced since the last click that landed was aimed: once its timers have run too (the "Saved" a
 * moment later). undefined in a document no click landed in (the click's timer sent the page elsewhere).
 */
export function announcedSinceLastClick(): Announcement[] | undefined {
  return landedSince ? announcedSince(landedSince) : undefined;
}
