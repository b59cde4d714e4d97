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
import { observeNewShadowRoots, observeShadowRootsIn } from './announcements-shadow.ts';
import { shadowRootOf } from './snapshot/dom.ts';
import { composedContains } from './actions/hit.ts';
import { collectClickHandlers } from './snapshot/click-handlers.ts';

// aria-live="off" silences a region whatever its role says (React Aria's slider <output>).
export const LIVE = ':is([aria-live], [role~="alert"], [role~="status"], [role~="log"], output):not([aria-live="off" i])';
/** Enough for one action's toasts, and those after its report until the next call asks. */
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
/** Others that read the page's changes (text-shown.ts), told each batch after the regions are: one observer per page, shadow roots included. */
const readers: ((records: MutationRecord[], now: number) => void)[] = [];

export function onPageChanges(reader: (records: MutationRecord[], now: number) => void): void {
  readers.push(reader);
}
// whole: what the region says now, all of it (not words put into what it said before); after: the input it followed.
// told: an action's report has had it (asked for with announcedSince), or a later call's (untoldBefore).
const recent: (Announcement & { at: number; region: Element; whole: boolean; after: number; told: boolean })[] = [];
// What each region said last: a re-render that writes the same text again is no news.
const said = new WeakMap<Element, string>();
// When each region said something, in the last TICKING_MS, and whether input came just before.
const changes = new WeakMap<Element, Change[]>();
// When each burst of input began, in the last TICKING_MS; and the last input event.
let inputs: number[] = [];
let lastInputAt = -Infinity;
// The last move of a pressed pointer (a drag's): what a region says after it answers it.
let lastDragMoveAt = -Infinity;

function noteInput(event: Event): void {
  const now = Date.now();
  // As a press or a key begins: the components upgraded since have their roots watched before its news.
  if (observer && (event.type === 'pointerdown' || event.type === 'keydown')) observeNewShadowRoots(watchRoot);
  if (now - lastInputAt > BURST_MS) inputs = [...inputs.filter((t) => t > now - TICKING_MS), now];
  lastInputAt = now;
}

function noteDragMove(event: Event): void {
  if ((event as PointerEvent).buttons) lastDragMoveAt = Date.now();
}

/**
 * Starts watching, once per document. `undeclaredRoots`: the document's HTML declares no shadow root
 * (the service worker read it for a snapshot); with the page tracker counting no call that attaches
 * one either, the page has none yet, and the roots are found as components are added or upgraded.
 */
export function watchAnnouncements(undeclaredRoots = false): void {
  if (observer) return;
  for (const type of INPUT_EVENTS) onWindow(type, noteInput, true);
  onWindow('pointermove', noteDragMove, true);
  observer = new MutationObserver((records) => {
    const changed = new Set<Element>();
    const added = new Set<Element>();
    // Made live just now (React Aria's tag list, polite only while it holds the focus): what it holds is no news.
    const madeLive = new Set<Element>();
    // Regions the batch did more to than take nodes out of: what is left after a removal alone is no news.
    const grown = new Set<Element>();
    // Where in each region the batch changed it: in a list of toasts, the one that changed.
    const touched = new Map<Element, Node[]>();
    // A busy page's batch holds many records on the same parent: each is looked up once.
    const looked = new Map<Element, Element | null>();
    for (const record of records) {
      const node = record.target.nodeType === Node.ELEMENT_NODE ? (record.target as Element) : record.target.parentElement;
      if (node && !looked.has(node)) looked.set(node, liveRegionOf(node));
      const region = node && looked.get(node);
      if (region) {
        changed.add(region);
        if (record.type !== 'childList' || record.addedNodes.length) grown.add(region);
        const at = touched.get(region) ?? [];
        if (at.length < MAX_TOUCHED) touched.set(region, [...at, record.target, ...Array.from(record.addedNodes).slice(0, MAX_TOUCHED)]);
      }
      if (record.type === 'attributes' && record.attributeName === 'aria-live' && node?.matches(LIVE)) madeLive.add(node);
      // Shown or hidden by an attribute (Shoelace's sl-alert, its role=alert aria-hidden until open): the regions inside too.
      if (record.type === 'attributes' && SHOWING.includes(record.attributeName!) && node) {
        for (const region of [...node.querySelectorAll(LIVE), ...(shadowRootOf(node)?.querySelectorAll(LIVE) ?? [])]) {
          changed.add(region);
          grown.add(region);
        }
      }
      // A toast container added with its text already in it.
      for (const addedNode of record.addedNodes) {
        if (addedNode.nodeType !== Node.ELEMENT_NODE) continue;
        const el = addedNode as Element;
        for (const region of el.matches(LIVE) ? [el] : el.querySelectorAll(LIVE)) {
          changed.add(region);
          added.add(region);
        }
        // A component added with its shadow root, or holding some: watched from now on.
        observeShadowRootsIn(el, watchRoot);
      }
    }
    for (const region of changed) {
      if (madeLive.has(region) || (added.has(region) && isSection(region))) said.set(region, textOf(region));
      else note(region, !grown.has(region) && !added.has(region), touched.get(region));
    }
    const now = Date.now();
    for (const reader of readers) reader(records, now);
  });
  watchRoot(document);
  observeShadowRootsIn(document, watchRoot, undeclaredRoots && collectClickHandlers(document) === 0);
}

/**
 * Observes a root, and notes what its live regions say now: not news when they say it again. Its
 * text, and the attributes that show or hide a region or what holds it: a toast is often there all
 * along, with its text, and only shown (a class, a style, aria-hidden, an open attribute).
 */
function watchRoot(root: Document | ShadowRoot): void {
  // The old values are for text-shown.ts: text written again unchanged, a box that was hidden by its style.
  observer!.observe(root, {
    childList: true, subtree: true, characterData: true, characterDataOldValue: true,
    attributes: true, attributeOldValue: true, attributeFilter: [...SHOWING, 'class', 'style', 'aria-live'],
  });
  for (const region of root.querySelectorAll(LIVE)) said.set(region, saying(region));
}

/** Attributes that show or hide what holds them, live regions inside included. */
const SHOWING = ['aria-hidden', 'hidden', 'open'];

/** What a region says now: nothing while it is not rendered or aria-hidden. */
function saying(region: Element): string {
  return region.getClientRects().length === 0 || region.closest('[aria-hidden="true"]') ? '' : textOf(region);
}

/**
 * Hidden by an aria-hidden box around it that holds other controls: the rest of the page, hidden while a
 * popup is open (React Aria's, Radix's). Shown again as it closes, what the region holds is no news: a
 * slider's <output> said "30" after each choice in a combo box. A toast shown by its own box is news.
 */
function hiddenWithPage(region: Element): boolean {
  const hider = region.closest('[aria-hidden="true"]');
  if (!hider || hider === region) return false;
  return Array.from(hider.querySelectorAll(CONTROLS)).some((control) => !region.contains(control));
}
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

/** The live region `node` is in, also where that is around the shadow host it is in (a host inside an aria-live box). */
export function liveRegionOf(node: Element): Element | null {
  for (let at: Element | null = node; at; ) {
    const region = at.closest(LIVE);
    if (region) return region;
    const root = at.getRootNode();
    at = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

/** A polite region holding a section's content (SECTION_CONTENT), not a message. */
function isSection(region: Element): boolean {
  return roleOf(region) !== 'alert' && (region.matches(SECTION_CONTENT) || region.querySelector(SECTION_CONTENT) !== null);
}

/** removedOnly: all the page did was take nodes out of it. `touched`: the nodes the batch changed in it. */
function note(region: Element, removedOnly = false, touched: Node[] = []): void {
  if (!region.isConnected || hiddenWithPage(region)) return;
  // Not rendered or aria-hidden, it says nothing: shown again, what it holds is news.
  const text = saying(region);
  const before = said.get(region);
  if (text === before) return;
  said.set(region, text);
  // Emptied (a toast leaving) or hidden: nothing a screen reader would say.
  if (!text) return;
  // The last TICKING_MS of them, kept whole: an action can outlast several ticks, and the
  // ones before it must still be there to tell. (A region changing every frame keeps ~300.)
  const now = Date.now();
  const caused = causedByInput(now);
  const kept = (changes.get(region) ?? []).filter((c) => c.at > now - TICKING_MS);
  // Said again at once as a drag goes ("moved over Bread", then "… Cheese"): one change, not a region that
  // ticks. Only in answer to a drag's moves: one that changes every few frames by itself still ticks.
  const last = kept[kept.length - 1];
  if (now - lastDragMoveAt <= BURST_MS && last && now - last.at < BURST_MS) kept.pop();
  changes.set(region, [...kept, { at: now, caused }]);
  // Only nodes taken out (a tag removed from React Aria's tag list): told where the region says removals
  // count. What is left is said as it is now (above), so a later change is told from it.
  if (removedOnly && !/\b(?:removals|all)\b/i.test(region.getAttribute('aria-relevant') ?? '')) return;
  // Added to what it said before (a second toast, a log's new line, a dialog's error message between
  // its field and its buttons): as a screen reader, only the news.
  // Else, in a list of messages (Sonner's toasts), the one that changed ("Saving…", then "Saved!"), as a
  // screen reader reads the text that changed; the whole of anything else ("3 results", then "5 results").
  const news = (before ? insertedInto(before, text) ?? entriesChanged(region, touched) : null) ?? text;
  if (news && !toldByAround(region, news, now)) recent.push({ at: now, role: roleOf(region), text: news, region, whole: news === text, after: Math.max(lastInputAt, lastDragMoveAt), told: false });
  if (recent.length > MAX_KEPT) {
    // The region that said the most (a clock) loses its oldest: a toast a moment ago, or what a
    // region said a moment before its last word ("Publishing"), is still there to be told.
    const counts = new Map<Element, number>();
    for (const a of recent) counts.set(a.region, (counts.get(a.region) ?? 0) + 1);
    const talker = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most))[0];
    recent.splice(recent.findIndex((a) => a.region === talker), 1);
  }
}

/**
 * The same words told a moment ago by a region around this one or inside it (Shoelace's alert holds its
 * message in a polite region of its own): one announcement, as a screen reader makes.
 */
function toldByAround(region: Element, text: string, now: number): boolean {
  return recent.some((told) => told.text === text && now - told.at < BURST_MS && (composedContains(told.region, region) || composedContains(region, told.region)));
}

/** Announcements made at or after `since` (Date.now() of the service worker, the same clock). */
/** The live region `el` is in said something from `since` (Date.now()) on: what `el` says is told as announced. */
export function announcedAround(el: Element, since: number): boolean {
  const region = liveRegionOf(el);
  return !!region && recent.some((a) => a.at >= since && (composedContains(a.region, region) || composedContains(region, a.region)));
}

export function announcedSince(since: number): Announcement[] {
  // The action asking reports them (or leaves them out on purpose): none is news for the next call.
  for (const a of recent) if (a.at >= since) a.told = true;
  const made = recent.filter((a) => a.at >= since && !ticking(a.region, since));
  // What a region said and then said otherwise, whole, for the next key typed or move of a drag is no
  // longer there to be read: react-select's "1 result available for search term c", then "… ch"; dnd-kit's
  // "moved over Bread", then "dropped over Cheese". What it says as one input's outcome comes in
  // ("Publishing", then "Published") is all told.
  const current = made.filter((a, i) => !made.slice(i + 1).some((later) => later.region === a.region && later.whole && later.after > a.at));
  return current.map(({ role, text }) => ({ role, text }));
}

/**
 * What the page announced before `before` (Date.now()) that no report has told: a toast that came
 * after the last action's report was made (its request took longer, its entrance was slow), said at
 * the agent's next call. The latest of each region only ("Uploading 40 %", then "Uploaded": the
 * last), and none of a region that ticks on its own. `alsoShown`: also those the region still says
 * (a snapshot prints them in its tree). All of them are told from now on.
 */
export function untoldBefore(before: number, alsoShown: boolean): Announcement[] {
  const untold = recent.filter((a) => !a.told && a.at < before);
  for (const a of untold) a.told = true;
  const now = Date.now();
  const latest = untold.filter((a, i) => !untold.slice(i + 1).some((later) => later.region === a.region));
  return latest
    .filter((a) => !ticking(a.region, a.at) && !ticking(a.region, now))
    .filter((a) => alsoShown || !(a.region.isConnected && saying(a.region).includes(a.text)))
    .map(({ role, text }) => ({ role, text }));
}

/** A change to the page, and whether input came just before it (CAUSE_MS). */
export interface Change { at: number; caused: boolean }

/** Whether a change at `at` (Date.now()) came soon enough after input to be its answer. */
export function causedByInput(at: number): boolean {
  return at - lastInputAt <= CAUSE_MS;
}

/** `history` with a change at `at` added, and those older than TICKING_MS dropped. */
export function withChange(history: Change[] | undefined, at: number): Change[] {
  return [...(history ?? []).filter((c) => c.at > at - TICKING_MS), { at, caused: causedByInput(at) }];
}

function ticking(region: Element, since: number): boolean {
  return tickingIn(changes.get(region), since);
}

/** Whether what changed as `history` says, before `since`, changes on its own (TICKING_CHANGES). */
export function tickingIn(history: Change[] | undefined, since: number): boolean {
  const before = (history ?? []).filter((c) => c.at < since && c.at >= since - TICKING_MS);
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

/** Nodes of a batch looked at in one region. */
const MAX_TOUCHED = 20;

/**
 * The text of the entries of a list in `region` (elements beside others of their kind: the <li> of each
 * toast) that `touched` are in, when they all are; null when something else changed, or nothing did.
 */
function entriesChanged(region: Element, touched: Node[]): string | null {
  const entries = new Set<Element>();
  for (const node of touched) {
    const entry = node.isConnected ? entryOf(region, node) : null;
    if (!entry) return null;
    entries.add(entry);
  }
  const text = [...entries].filter((entry) => readOut(entry)).map((entry) => textOf(entry)).filter(Boolean).join(' ');
  return text || null;
}

/** The outermost element of `node`'s inside `region` that has a sibling of its kind, or null. */
function entryOf(region: Element, node: Node): Element | null {
  let entry: Element | null = null;
  for (let at = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement; at && at !== region && region.contains(at); at = at.parentElement) {
    const parent: Element | null = at.parentElement;
    if (parent && Array.from(parent.children).some((sibling) => sibling !== at && sibling.localName === at!.localName)) entry = at;
  }
  return entry;
}

function textOf(region: Element): string {
  const text = spoken(region).replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * The text a screen reader reads of `el`: as rendered, with what is slotted in, without what is aria-hidden. Ionic's toast
 * draws its message aria-hidden while it slides in, then the same words again, readable, as the
 * news: the rendered text alone did not change.
 */
function spoken(el: Element): string {
  // A region in a shadow root may say what is slotted into it (Shoelace's sl-alert, its message the
  // host's text), which innerText, reading children, leaves out.
  if (!(el instanceof HTMLSlotElement) && !el.querySelector('[aria-hidden="true"], slot')) return (el as HTMLElement).innerText ?? el.textContent ?? '';
  let text = '';
  for (const child of el instanceof HTMLSlotElement ? el.assignedNodes({ flatten: true }) : el.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.nodeValue;
    else if (child.nodeType === Node.ELEMENT_NODE && readOut(child as Element)) text += ` ${spoken(child as Element)} `;
  }
  return text;
}

/** Read out, as part of a region's text: rendered (not a display:none timer, Shoelace's alert's) and not aria-hidden. */
function readOut(el: Element): boolean {
  return el.getAttribute('aria-hidden') !== 'true' && (el.localName === 'slot' || el.checkVisibility({ visibilityProperty: true }));
}

function roleOf(region: Element): string {
  const role = region.getAttribute('role')?.split(/\s+/).find((r) => r === 'alert' || r === 'status' || r === 'log');
  if (role) return role;
  if (region.localName === 'output') return 'status';
  return region.getAttribute('aria-live')?.toLowerCase() === 'assertive' ? 'alert' : 'status';
}
