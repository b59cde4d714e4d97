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
import { onWindow } from './window-listeners.ts';

const LIVE = '[aria-live]:not([aria-live="off" i]), [role~="alert"], [role~="status"], [role~="log"], output';
/** Enough for one action's toasts; older ones only matter until the next action asks. */
const MAX_KEPT = 20;
const MAX_TEXT = 300;
/**
 * What a section holds, not a message. A polite region drawn with such content in it (Swagger
 * UI's responses table, rendered when an operation is expanded) came with what the action
 * showed: no screen reader reads a polite region out as it first appears, and neither do we.
 * A toast appears with its text in it, and is told; an alert is read out as it appears, whatever
 * it holds; and what such a region says later (the response to a request) is news.
 */
const SECTION_CONTENT = 'table, h1, h2, h3, h4, h5, h6, input, select, textarea, [role=heading], [role=table], [role=grid], [role=tablist], [role=form]';

/**
 * A region that said something new this often in the 5 s before an action,
 * with nothing done to the page, ticks on its own (a clock, a ticker, "saved
 * 5 s ago"): what it says then is not news. One that says something after
 * each thing done (a toast per click, from one container) is not ticking,
 * however quick the actions; one that changes far more often than things are
 * done to it (a clock during a run of quick actions) still is.
 */
const TICKING_CHANGES = 3;
const TICKING_MS = 5000;
/** A change this soon after input is taken for its answer (a toast, "Saved" after a request), not the region's own ticking. */
const CAUSE_MS = 1500;
/** Input events this close together are one thing done (a click's press, release and click; a key's down, input and up). */
const BURST_MS = 100;
/** Input from a person or an action (ours set some values through the DOM, with input and change events of their own). */
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'keydown', 'input', 'change', 'click'];

let observer: MutationObserver | null = null;
const recent: (Announcement & { at: number; region: Element })[] = [];
// What each region said last: a re-render that writes the same text again is no news.
const said = new WeakMap<Element, string>();
// When each region said something, in the last TICKING_MS, and whether input came just before.
const changes = new WeakMap<Element, { at: number; caused: boolean }[]>();
// When each burst of input began, in the last TICKING_MS; and the last input event.
let inputs: number[] = [];
let lastInputAt = -Infinity;

function noteInput(): void {
  const now = Date.now();
  if (now - lastInputAt > BURST_MS) inputs = [...inputs.filter((t) => t > now - TICKING_MS), now];
  lastInputAt = now;
}

export function watchAnnouncements(): void {
  if (observer) return;
  for (const type of INPUT_EVENTS) onWindow(type, noteInput, true);
  for (const region of document.querySelectorAll(LIVE)) said.set(region, textOf(region));
  observer = new MutationObserver((records) => {
    const changed = new Set<Element>();
    const added = new Set<Element>();
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
      for (const addedNode of record.addedNodes) {
        if (addedNode.nodeType !== Node.ELEMENT_NODE) continue;
        const el = addedNode as Element;
        for (const region of el.matches(LIVE) ? [el] : el.querySelectorAll(LIVE)) {
          changed.add(region);
          added.add(region);
        }
      }
    }
    for (const region of changed) {
      if (added.has(region) && isSection(region)) said.set(region, textOf(region));
      else note(region);
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** A polite region holding a section's content (SECTION_CONTENT), not a message. */
function isSection(region: Element): boolean {
  return roleOf(region) !== 'alert' && (region.matches(SECTION_CONTENT) || region.querySelector(SECTION_CONTENT) !== null);
}

function note(region: Element): void {
  if (!region.isConnected) return;
  const text = textOf(region);
  const before = said.get(region);
  if (text === before) return;
  said.set(region, text);
  // Emptied (a toast leaving) or not rendered: nothing a screen reader would say.
  if (!text || region.getClientRects().length === 0) return;
  // The last TICKING_MS of them, kept whole: an action can outlast several ticks, and the
  // ones before it must still be there to tell. (A region changing every frame keeps ~300.)
  const now = Date.now();
  changes.set(region, [...(changes.get(region) ?? []).filter((c) => c.at > now - TICKING_MS), { at: now, caused: now - lastInputAt <= CAUSE_MS }]);
  // Added to what it said before (a second toast, a log's new line, a dialog's error message between
  // its field and its buttons): as a screen reader, only the news.
  const news = (before ? insertedInto(before, text) : null) ?? text;
  if (news) recent.push({ at: Date.now(), role: roleOf(region), text: news, region });
  if (recent.length > MAX_KEPT) recent.shift();
}

/** Announcements made at or after `since` (Date.now() of the service worker, the same clock). */
export function announcedSince(since: number): Announcement[] {
  return recent.filter((a) => a.at >= since && !ticking(a.region, since)).map(({ role, text }) => ({ role, text }));
}

function ticking(region: Element, since: number): boolean {
  const before = (changes.get(region) ?? []).filter((c) => c.at < since && c.at >= since - TICKING_MS);
  if (before.length < TICKING_CHANGES) return false;
  if (before.filter((c) => !c.caused).length >= TICKING_CHANGES) return true;
  const done = inputs.filter((t) => t < since && t >= since - TICKING_MS).length;
  return before.length >= 2 * done + 1;
}

/**
 * The words `after` has that `before` did not, when it is `before` with whole words put in one place
 * (at the end, the start or between): SweetAlert2's "New person Full name OK Cancel" becomes "New
 * person Full name Write a name OK Cancel". Null when something was taken away or changed ("3
 * results" → "5 results", "Total: 5" → "Total: 55"), which a screen reader reads whole.
 */
function insertedInto(before: string, after: string): string | null {
  if (after.length <= before.length) return null;
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (start + end < before.length) return null;
  const stop = after.length - end;
  const space = (at: number) => at < 0 || at >= after.length || /\s/.test(after[at]);
  const wholeWords = (space(start - 1) || space(start)) && (space(stop) || space(stop - 1));
  return wholeWords ? after.slice(start, stop).trim() : null;
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
