/**
 * What the page announces to screen readers: its live regions (role alert,
 * status or log, aria-live, <output>). A toast "Saved", "Wrong password", "3
 * results": an action's report quotes what changed during it, so the agent
 * learns the outcome without a snapshot, even of a toast gone two seconds later.
 *
 * Watched from the first request the frame gets (the agent is looking at it),
 * not in every page the browser shows.
 */
import type { Announcement } from '../shared/content-messages.ts';

const LIVE = '[aria-live]:not([aria-live="off" i]), [role~="alert"], [role~="status"], [role~="log"], output';
/** Enough for one action's toasts; older ones only matter until the next action asks. */
const MAX_KEPT = 20;
const MAX_TEXT = 300;

/**
 * A region that changed this often in the 5 s before an action ticks on its
 * own (a clock, a ticker, "saved 5 s ago"): what it says then is not news.
 */
const TICKING_CHANGES = 3;
const TICKING_MS = 5000;

let observer: MutationObserver | null = null;
const recent: (Announcement & { at: number; region: Element })[] = [];
// What each region said last: a re-render that writes the same text again is no news.
const said = new WeakMap<Element, string>();
// When each region changed, in the last TICKING_MS.
const changes = new WeakMap<Element, number[]>();

export function watchAnnouncements(): void {
  if (observer) return;
  for (const region of document.querySelectorAll(LIVE)) said.set(region, textOf(region));
  observer = new MutationObserver((records) => {
    const changed = new Set<Element>();
    // A busy page's batch holds many records on the same parent: each is looked up once.
    const looked = new Set<Element>();
    for (const record of records) {
      const node = record.target.nodeType === Node.ELEMENT_NODE ? (record.target as Element) : record.target.parentElement;
      if (node && !looked.has(node)) {
        looked.add(node);
        const region = node.closest(LIVE);
        if (region) changed.add(region);
      }
      // A toast container added with its text already in it.
      for (const added of record.addedNodes) {
        if (added.nodeType !== Node.ELEMENT_NODE) continue;
        const el = added as Element;
        if (el.matches(LIVE)) changed.add(el);
        else for (const inner of el.querySelectorAll(LIVE)) changed.add(inner);
      }
    }
    for (const region of changed) note(region);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

function note(region: Element): void {
  if (!region.isConnected) return;
  const text = textOf(region);
  const before = said.get(region);
  if (text === before) return;
  said.set(region, text);
  // The last TICKING_MS of them, kept whole: an action can outlast several ticks, and the
  // ones before it must still be there to tell. (A region changing every frame keeps ~300.)
  const now = Date.now();
  changes.set(region, [...(changes.get(region) ?? []).filter((t) => t > now - TICKING_MS), now]);
  // Emptied (a toast leaving) or not rendered: nothing a screen reader would say.
  if (!text || region.getClientRects().length === 0) return;
  // Added after what it said before (a second toast, a log's new line): as a screen reader, only the news.
  const news = before && text.startsWith(before) ? text.slice(before.length).trim() : text;
  if (news) recent.push({ at: Date.now(), role: roleOf(region), text: news, region });
  if (recent.length > MAX_KEPT) recent.shift();
}

/** Announcements made at or after `since` (Date.now() of the service worker, the same clock). */
export function announcedSince(since: number): Announcement[] {
  return recent.filter((a) => a.at >= since && !ticking(a.region, since)).map(({ role, text }) => ({ role, text }));
}

function ticking(region: Element, since: number): boolean {
  return (changes.get(region) ?? []).filter((t) => t < since && t >= since - TICKING_MS).length >= TICKING_CHANGES;
}

function textOf(region: Element): string {
  const text = ((region as HTMLElement).innerText ?? region.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function roleOf(region: Element): string {
  const role = region.getAttribute('role')?.split(/\s+/).find((r) => r === 'alert' || r === 'status' || r === 'log');
  if (role) return role;
  if (region.localName === 'output') return 'status';
  return region.getAttribute('aria-live')?.toLowerCase() === 'assertive' ? 'alert' : 'status';
}
