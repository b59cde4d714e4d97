/**
 * Text an action put on the page that nothing else in its report tells: a
 * counter's new value, a result written into a box, a message or a tab's
 * panel drawn with no ARIA at all (Naive UI's tabs and toasts), a password's
 * strength as it is typed, a total a choice changed. The report said
 * "Clicked" alone there, and the agent needed a snapshot to learn whether
 * anything had happened.
 *
 * Read from the page's changes between the input being aimed (armTextShown:
 * a click's or a drag's locate, a hover's, the keys' note, a field readied, a
 * choice set) and the report: text written, nodes added, a box shown by
 * taking away its `hidden` or its inline `display: none`. Not what the page
 * changes on its own (a clock: announcements.ts tickingIn), nor a render that
 * writes the same text again, nor a live region's (told as announced), nor
 * our own feedback on the page.
 *
 * After the report, the page's changes are read on for a while (lateTextShown): when its requests were
 * still running, the tab's next call tells what their answer wrote; else its next call drops them.
 */
import { HOST_ATTR } from '../feedback.ts';
import { LIVE, liveRegionOf, onPageChanges, tickingIn, withChange, type Change } from '../announcements.ts';
import { composedParent, deepActiveElement } from '../snapshot/dom.ts';
import { editorBox } from './controls.ts';
import { composedContains } from './hit.ts';
import { clip, saysSomething, textWithout } from './describe.ts';
import { inAnimated, revealingTargets } from './animated.ts';
import { nextFrame } from './motion.ts';
import { takeSnapshot } from '../snapshot/index.ts';

/** Places told in one report; the rest are counted. */
const MAX_PLACES = 3;
/** Characters told of one place. */
const MAX_TEXT = 150;
/** An element's text this short is told whole, for what it says around the change ("Clicks: 2", not "2"). */
const WHOLE_MAX = 120;
/** Elements changed, and nodes added to one, kept for one report: a page drawing thousands says no more in it. */
const MAX_CHANGED = 500;
const MAX_ADDED = 50;
const MAX_REMOVED = 100_000;

interface Changed {
  /** Nodes put into it. */
  added: Node[];
  /** The text of the nodes taken out of it, to tell a render of the same text. */
  removed: string;
  /** Its text was written, or it was shown: what it says now is all news. */
  whole: boolean;
  /** The texts written, each with what it said before. */
  wrote?: Map<Node, string>;
}

// When each element changed in the last few seconds (tickingIn): a clock's is not news.
const history = new WeakMap<Element, Change[]>();

/** The page's changes read from `since` (Date.now()) on, element by element. */
interface Reading {
  since: number;
  changed: Map<Element, Changed & { at: number }>;
}

// From the input being aimed to its report.
let armed: Reading | null = null;
// After the last report, read after every one for LATE_MS at most: the worker asks for it (lateTextShown)
// only where that report's requests were still running (background/actions/untold.ts), and else drops it.
let late: Reading | null = null;
const LATE_MS = 60_000;
// The elements animated as the report is made, looked up once for it (drawn).
let animated: Set<Element> | undefined;

onPageChanges(noteChanges);

const reading = (): Reading => ({ since: Date.now(), changed: new Map() });

/** As the click is aimed: what the page changes from now on is read for its report. */
export function armTextShown(): void {
  armed = reading();
}

/** Stops reading changes for the report (it says something else, or none is coming); those after it are read on. */
export function disarmTextShown(): undefined {
  armed = null;
  late = reading();
  return undefined;
}

function noteChanges(records: MutationRecord[], now: number): void {
  if (late && now - late.since > LATE_MS) late = null;
  const seen = new Set<Element>();
  for (const record of records) {
    const el = changedElement(record);
    if (!el) continue;
    if (!seen.has(el)) {
      seen.add(el);
      history.set(el, withChange(history.get(el), now));
    }
    if (armed) note(armed, el, record, now);
    if (late) note(late, el, record, now);
  }
}

function note({ changed }: Reading, el: Element, record: MutationRecord, now: number): void {
  if (changed.size >= MAX_CHANGED && !changed.has(el)) return;
  const entry = changed.get(el) ?? { added: [], removed: '', whole: false, at: now };
  if (record.type === 'childList') {
    for (const node of record.addedNodes) if (entry.added.length < MAX_ADDED) entry.added.push(node);
    // Bounded: a list drawn anew every second for as long as a late reading lasts.
    for (const node of record.removedNodes) if (entry.removed.length < MAX_REMOVED) entry.removed += ` ${node.textContent ?? ''}`;
  } else {
    entry.whole = true;
    // The text itself too, as it was: in a box too big to read whole (a long answer written as it streams), what was written into it is told.
    if (record.type === 'characterData' && !entry.wrote?.has(record.target) && (entry.wrote?.size ?? 0) < MAX_ADDED) (entry.wrote ??= new Map()).set(record.target, record.oldValue ?? '');
  }
  changed.set(el, entry);
}

/** The element whose text `record` may have changed, or null for a change that shows no new text. */
function changedElement(record: MutationRecord): Element | null {
  const target = record.target;
  if (record.type === 'characterData') {
    if (record.oldValue === (target as CharacterData).data || target.nodeType !== Node.TEXT_NODE) return null;
    return elementOf(target.parentNode);
  }
  if (record.type === 'childList') {
    for (const node of record.addedNodes) if (/\S/.test(node.textContent ?? '')) return elementOf(target);
    return null;
  }
  const el = target as Element;
  if (record.attributeName === 'hidden') return record.oldValue !== null && !el.hasAttribute('hidden') ? el : null;
  if (record.attributeName === 'style') return HIDING_STYLE.test(record.oldValue ?? '') && !HIDING_STYLE.test(el.getAttribute('style') ?? '') ? el : null;
  return null;
}

const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** A node's element: a shadow root's is its host. */
function elementOf(node: Node | null): Element | null {
  if (!node) return null;
  if (node.nodeType === Node.ELEMENT_NODE) return node as Element;
  return node instanceof ShadowRoot ? node.host : null;
}

/**
 * What the page now shows that it did not when the click was aimed: the text of each place
 * that changed, outermost first, at most MAX_PLACES; `more` counts the rest. Undefined for none.
 * Reading ends with it. `keyed`: after keys or text typed into `field`. With `refPrefix`, a place that
 * holds what the snapshot gives refs (a drop-down's items that only a pointer cursor marks, Naive UI's)
 * is told as their lines, with refs, in `controls`: they were listed by nothing, and are to be clicked.
 * `listed`: the controls the report lists as shown; a place holding some is told by the rest of its text
 * (an order's details shown with its Track link), and not at all when they are all it says (a menu).
 */
export async function textShown(how: HowShown = {}): Promise<TextShown | undefined> {
  const noted = armed;
  disarmTextShown();
  return noted ? tell(noted, Infinity, how) : undefined;
}

interface HowShown {
  keyed?: boolean;
  field?: Element;
  refPrefix?: string;
  listed?: Element[];
}

/**
 * What the page wrote after the last report and before `before` (Date.now()): the answer to a request
 * still running then (its report said so). Its texts only; `wanted` false: dropped. Reading it ends,
 * or with `readOn` starts again (a snapshot has shown the page as it is now; the answer may be still to come).
 */
export async function lateTextShown(before: number, wanted: boolean, readOn = false): Promise<TextShown | undefined> {
  const noted = late;
  late = readOn ? reading() : null;
  return noted && wanted ? tell(noted, before) : undefined;
}

async function tell(noted: Reading, before: number, { keyed = false, field, refPrefix, listed = [] }: HowShown = {}): Promise<TextShown | undefined> {
  animated = undefined;
  if (!noted.changed.size) return undefined;
  const told: { el: Element; change: Changed; depth: number }[] = [];
  // Keys into a code editor write its lines and line numbers, drawn around the field they go in.
  const into = field ?? (keyed ? deepActiveElement(document) : null);
  const editor = into && editorBox(into);
  for (const [el, change] of noted.changed) {
    if (change.at >= before) continue;
    if (!el.isConnected || tickingIn(history.get(el), noted.since) || liveRegionOf(el) || ours(el)) continue;
    // Keys in an editor write its text: what they typed is no news. Nor is the field's own (a rich field's parts).
    if (keyed && (el as HTMLElement).isContentEditable) continue;
    if (field && composedContains(field, el)) continue;
    if (editor && composedContains(editor, el)) continue;
    told.push({ el, change, depth: depthOf(el) });
  }
  // Rendered but not drawn yet: a message whose entrance starts on the next frame (Vue's transition
  // classes, swapped then), transparent and of no height until it does.
  if (told.some(({ el, change }) => entering(el) || change.added.some((node) => node.nodeType === Node.ELEMENT_NODE && node.isConnected && entering(node as Element)))) {
    await nextFrame();
    await nextFrame();
    animated = undefined;
  }
  const said: { at: Node; text: string }[] = [];
  const controls: string[] = [];
  // Outermost first: the text of a box told whole holds what changed inside it.
  const covered: Element[] = [];
  let more = 0;
  for (const { el, change } of told.sort((a, b) => a.depth - b.depth)) {
    if (covered.some((box) => composedContains(box, el))) continue;
    const place = placeText(el, change);
    if (!place) continue;
    const boxes = place.covers.filter((node): node is Element => node.nodeType === Node.ELEMENT_NODE);
    covered.push(...boxes);
    const inPlace = listed.filter((control) => boxes.some((box) => composedContains(box, control)));
    if (inPlace.length) {
      // What is left, when it was there before too (a list drawn anew around the one button it shows now), is no news.
      const rest = textWithout(place.text, inPlace);
      if (!saysSomething(rest) || flat(change.removed).includes(rest)) continue;
      if (said.length < MAX_PLACES) said.push({ at: place.covers[0], text: clip(rest, MAX_TEXT) });
      else more++;
      continue;
    }
    // Of what was put in the page only: a box whose text changed holds what the agent knew of (the header clicked).
    const lines = refPrefix === undefined || !place.added ? [] : boxes.flatMap((box) => refLines(box, refPrefix));
    if (lines.length) controls.push(...lines);
    else if (said.length < MAX_PLACES) said.push({ at: place.covers[0], text: clip(place.text, MAX_TEXT) });
    else more++;
  }
  if (!said.length && !controls.length) return undefined;
  // Told in the page's order.
  said.sort((a, b) => (a.at.compareDocumentPosition(b.at) & Node.DOCUMENT_POSITION_PRECEDING ? 1 : -1));
  return { texts: said.map((s) => s.text), more, ...(controls.length ? { controls } : {}) };
}

export interface TextShown {
  texts: string[];
  more: number;
  /** Snapshot lines with refs, one per control a place holds (refPrefix given). */
  controls?: string[];
}

/** Elements in an added box beyond which it is not snapshotted for its controls (a whole view drawn anew): its text is told. */
const MAX_SNAPSHOTTED = 200;

/** The lines with refs of what the snapshot of `box` gives refs, without their indent: `generic "Edit" [ref=e9] [cursor=pointer]`. */
function refLines(box: Element, refPrefix: string): string[] {
  if (tooBig(box) && box.querySelectorAll('*').length > MAX_SNAPSHOTTED) return [];
  return takeSnapshot({ root: box, interactive: true, refPrefix }).lines
    .filter((line) => line.includes('[ref='))
    .map((line) => line.trim().replace(/^- /, '').replace(/:$/, ''));
}

/** What to tell of `el`'s change, and the nodes that covers (added: the nodes put in); null when it shows nothing new. */
function placeText(el: Element, change: Changed): { text: string; covers: Node[]; added?: true } | null {
  if (!drawn(el)) return null;
  // The page, or a box too big to read whole (an app's root drawn anew): only what was put in it.
  const big = el === document.body || el === document.documentElement || (el.textContent?.length ?? 0) > BIG_TEXT;
  const now = big ? '' : textOf(el);
  if (change.whole && now) return inContext(el, now);
  const added = change.added.filter((node) => node.isConnected && composedContains(el, node) && !announcing(node) && !ours(node));
  const wrote = [...(change.wrote ?? [])].filter(([node]) => node.isConnected && composedContains(el, node));
  const addedText = flat([...added.map(shownText), ...wrote.map(([node, before]) => newPart(before, (node as Text).data))].join(' '));
  if (!addedText) return null;
  // Drawn anew with the same text (a framework's render of a list): nothing new to read.
  if (!wrote.length && flat(added.map((node) => node.textContent ?? '').join(' ')) === flat(change.removed)) return null;
  if (now && now.length <= WHOLE_MAX) return inContext(el, now);
  return { text: addedText, covers: [...added, ...wrote.map(([node]) => node)], added: true };
}

/** What a text says that it did not: the words put at its end (an answer streamed in), else all of it. */
function newPart(before: string, now: string): string {
  return before && now.startsWith(before) ? now.slice(before.length) : now;
}

/** Longer than this (its textContent), a box is not read whole: innerText lays out and reads all of it. */
const BIG_TEXT = 2000;
/** A place's text that says little alone, a number or a word of three letters ("2", "$20", "On"): told with the text around it, up to CONTEXT_MAX. */
const BARE = /^(?:[^\p{L}]*|.{1,3})$/u;
const CONTEXT_MAX = 60;
/** A line of data: a cell's new text is told with its row's (a table sorted, a list item renamed). */
const ROW = 'tr, [role=row], li, [role=listitem]';

/**
 * `el`, whose text is `text`, with what says what that text is: the row it is in, and for a bare
 * value ("2") the text around it ("Clicks: 2", "Likes 2").
 */
function inContext(el: Element, text: string): { text: string; covers: Node[] } {
  let place = el;
  const row = el.parentElement?.closest(ROW);
  const rowText = row && !tooBig(row) ? textOf(row) : '';
  if (row && rowText.length <= WHOLE_MAX) [place, text] = [row, rowText];
  for (let up = composedParent(place); up && BARE.test(text); up = composedParent(up)) {
    if (up === document.body || up === document.documentElement || tooBig(up) || liveRegionOf(up)) break;
    const around = textOf(up);
    if (around.length > CONTEXT_MAX) break;
    [place, text] = [up, around];
  }
  return { text, covers: [place] };
}

function tooBig(el: Element): boolean {
  return (el.textContent?.length ?? 0) > 4 * CONTEXT_MAX;
}

/**
 * Drawn where a person sees it: rendered, not transparent, its content taking room (a badge scaled to
 * nothing takes none); or coming in (an animation on it or around it: a message sliding in, a panel growing from nothing).
 */
function drawn(el: Element): boolean {
  if (!el.checkVisibility({ visibilityProperty: true })) return false;
  if (inAnimated(el, (animated ??= revealingTargets()))) return true;
  if (!el.checkVisibility({ opacityProperty: true })) return false;
  const own = el.getBoundingClientRect();
  if (own.width > 0 && own.height > 0) return true;
  // What it holds, laid out: a toast's container of no height draws its messages below its box.
  const range = document.createRange();
  range.selectNodeContents(el);
  const box = range.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/** Rendered, with text, and not drawn (yet). */
function entering(el: Element): boolean {
  return el.checkVisibility({ visibilityProperty: true }) && !drawn(el) && /\S/.test(el.textContent ?? '');
}

function textOf(el: Element): string {
  return flat((el as HTMLElement).innerText ?? '');
}

/** The rendered text of a node put in: an element's as drawn (none while hidden), a text's own. */
function shownText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  return drawn(node as Element) ? textOf(node as Element) : '';
}

/** A live region, or a box holding one: what it says is told as the page announced it. */
function announcing(node: Node): boolean {
  return node.nodeType === Node.ELEMENT_NODE && ((node as Element).matches(LIVE) || (node as Element).querySelector(LIVE) !== null);
}

/** Our own feedback on the page (the outline of what is acted on), or inside it. */
function ours(node: Node): boolean {
  for (let at = elementOf(node) ?? node.parentElement; at; at = composedParent(at)) if (at.hasAttribute(HOST_ATTR)) return true;
  return false;
}

function depthOf(el: Element): number {
  let depth = 0;
  for (let at = composedParent(el); at; at = composedParent(at)) depth++;
  return depth;
}

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
