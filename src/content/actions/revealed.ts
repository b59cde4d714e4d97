/**
 * What an action made visible, for its report, so the agent gets refs
 * without a snapshot. A hover: controls and tooltips that were not visible
 * before the pointer came (a row's Delete button drawn on :hover, a
 * navigation's submenu, a tooltip); so too a click on a collapsed
 * disclosure (an accordion, a <summary>). The dialog a click opened:
 * dialogs.ts. Noted when the element is located, compared after.
 */
import type { ContentRequest, ContentResults } from '../../shared/content-messages.ts';
import { innerText, lineFor } from './find.ts';
import { clip, saysSomething, textWithout } from './describe.ts';
import { yamlValue } from '../snapshot/format.ts';
import { getRole } from '../snapshot/roles.ts';
import { nextFrame } from './motion.ts';
import { afterDomChange } from '../dom-change.ts';
import { composedParent, composedQuery, deepActiveElement, shadowRootsMet, withStyleCache } from '../snapshot/dom.ts';
import { labelsOf } from '../snapshot/names-content.ts';
import { animationTargets, enteredIn, inAnimated, revealingTargets, shownByNow } from './animated.ts';
import { clippedAway, closedPopupOwner } from './popup.ts';
import { toggledState } from './checked.ts';
import { announcedSinceLastClick, lastLandedAt } from './last-click.ts';
import { hoverRevealers, shadowHoverRevealers } from '../snapshot/hover-reveals.ts';
import { CANDIDATES, displayed, hasArea, innermost, itemsOf, matching, MAX_SHOWN, seenByPerson } from './controls-shown.ts';
import { dialogOpenedLate, openedDialog } from './dialogs.ts';
import { formSubmittedBy, markedInForm } from './validation.ts';
import { messagesAfterClick } from './field-errors.ts';
import { disarmTextShown, textShown } from './text-shown.ts';
import { announcedAround } from '../announcements.ts';
import { CONTROL_ROLES } from '../snapshot/walk-rules.ts';

// With what script alone may focus (tabindex -1): a date picker's days, shown by a click. Also noted
// before, so what a roving tabindex moves to (-1 → 0, as a radio group or a grid does on a click),
// shown all along, is no news.
const CANDIDATES_OR_ROVING = `${CANDIDATES}, [tabindex="-1"]`;
/** What holds data drawn in rows: what keys show in one is that data filtered or scrolled to. */
const ROWS = 'table, [role=table], [role=grid], [role=treegrid], [role=tree], [role=feed]';
/**
 * The same with lists of options: what a plain click shows in one is that data changing. Not after
 * keys: an autocomplete whose field names no popup shows its options in a listbox.
 */
const DATA = `${ROWS}, [role=listbox]`;

const NOT_CONTROLS = new Set(['tabpanel']);

/** How long a page that changes nothing after a key on a closed menu button is taken to open no popup. */
const OWNER_QUIET_MS = 100;

let shownBefore: WeakSet<Element> | null = null;
// The grids, tables and lists shown before: what is drawn in one is its data changing. One shown by the action
// is news with what it holds (a date picker's table of days).
let dataBefore = new WeakSet<Element>();
// The same with how each looked, to tell which went: a page that redraws a list on a click puts equal elements in their places.
let listedBefore: { el: WeakRef<Element>; look: string }[] = [];
// The element acted on: news of its own state (a combobox now expanded) is not something it showed.
let actedOn: WeakRef<Element> | null = null;
// The sort of the column header acted on or in (aria-sort), to tell how a click or a key on it sorted;
// and the state of the toggle acted on, to tell whether a key changed it.
let sortBefore: string | null = null;
let toggledBefore: string | undefined;
let expandedBefore: boolean | null = null;
let selectedBefore: string | null = null;
// Whether it was a closed menu button or drop-down: a key there may open its popup a frame or two later.
let ownerBefore = false;
// When the action began: what live regions said since is told as announced.
let notedAt = 0;

/** Before the pointer moves onto `target`: what is visible now. */
export function noteShown(target: Element): void {
  const before = shown(candidates(CANDIDATES_OR_ROVING, true));
  // With the focused element, shown or not, and the boxes around it: the agent knew of it. react-select hides
  // its field while it holds the choice just made, and draws it again as the focus leaves, which is no news;
  // Naive UI's date field, under the panel it opened, comes back with its focusable wrapper.
  const focused = deepActiveElement(document);
  const around: Element[] = [];
  for (let at = focused; at && at !== document.body; at = composedParent(at)) around.push(at);
  shownBefore = new WeakSet([...before, ...around]);
  dataBefore = new WeakSet(matching(DATA).filter((el) => el.checkVisibility({ visibilityProperty: true })));
  // In one pass: a field's labels are then indexed once (labelsOf), not looked for through the page per field.
  listedBefore = withStyleCache(() => before.map((el) => ({ el: new WeakRef(el), look: lookAlike(el) })));
  actedOn = new WeakRef(target);
  notedAt = Date.now();
  sortBefore = sortOf(target);
  toggledBefore = toggledState(target);
  expandedBefore = expandedOf(target);
  selectedBefore = target.getAttribute('aria-selected');
  ownerBefore = closedPopupOwner(target) !== null;
}

/**
 * What the toggle acted on is now, read once the page has settled: a web component draws its new
 * state on its next render (Ionic's alert radios, Stencil's), which a look right after the click
 * missed, saying "not checked" of the radio just picked. After keys, only when they changed it.
 */
function toggleNow(target: Element | undefined, keyed: boolean): string | undefined {
  if (!target?.isConnected) return undefined;
  const now = toggledState(target);
  return keyed && now === toggledBefore ? undefined : now;
}

/** The aria-sort of the header `el` is or is in, null for none. */
function sortOf(el: Element): string | null {
  return el.closest('[aria-sort]')?.getAttribute('aria-sort') ?? null;
}

/**
 * How a click or a key on a column header left it sorted, when that changed: "sorted ascending", or
 * "not sorted" once a third click takes the sort off. Read once the page has settled: a grid sorts
 * its rows and then marks the header (AG Grid's), which a look right after the click would miss.
 */
function sortChange(target: Element | undefined): string | undefined {
  if (!target?.isConnected) return undefined;
  const now = sortOf(target);
  if (now === sortBefore) return undefined;
  if (now === 'ascending' || now === 'descending') return `sorted ${now}`;
  if (now === 'other') return 'sorted';
  return sortBefore === 'ascending' || sortBefore === 'descending' || sortBefore === 'other' ? 'not sorted' : undefined;
}

/** Whether `el` is expanded (aria-expanded, a <details>' summary), null for what expands nothing or opens a popup. */
function expandedOf(el: Element): boolean | null {
  if (el.localName === 'summary' && el.parentElement?.localName === 'details') return (el.parentElement as HTMLDetailsElement).open;
  const expanded = el.getAttribute('aria-expanded');
  const popup = el.getAttribute('aria-haspopup');
  if (expanded === null || (popup !== null && popup !== 'false') || getRole(el) === 'combobox') return null;
  return expanded === 'true';
}

/** "expanded" or "collapsed" when a click or a key changed that of the disclosure acted on. */
function expandChange(target: Element | undefined): string | undefined {
  if (!target?.isConnected || expandedBefore === null) return undefined;
  const now = expandedOf(target);
  return now === null || now === expandedBefore ? undefined : now ? 'expanded' : 'collapsed';
}

/** A tab the action selected. */
function tabSelected(el: Element): boolean {
  return selectedBefore !== 'true' && el.getAttribute('aria-selected') === 'true' && getRole(el) === 'tab';
}

/**
 * The visible text of what the disclosure `el` shows: the region it controls, or its <details>' content.
 * Naming none, what comes right after it or its heading (MUI's Accordion names its panel only when given an id).
 */
function disclosedText(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const controls = (el.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
  const regions = el.localName === 'summary' ? [el.parentElement] : controls.length ? controls.map((id) => root.getElementById(id)) : [panelAfter(el)];
  const summary = el.localName === 'summary' ? innerText(el) : '';
  return regions.map((region) => (region ? innerText(region) : '')).join(' ').replace(summary, '').trim();
}

/** The element after `el`, or after the box around it (a heading holding the disclosure's button alone). */
function panelAfter(el: Element): Element | null {
  const box = el.parentElement;
  return el.nextElementSibling ?? (box && box.children.length === 1 ? box.nextElementSibling : null);
}

/** Characters of a disclosed panel's text in the report; the snapshot has the rest. */
const MAX_DISCLOSED = 300;

/**
 * An element's kind and text, and a field's label: one the page put in place of one gone that
 * looked alike is no news. Taken while it is in the page (a removed field has no label), in a pass.
 */
function lookAlike(el: Element): string {
  const label = labelsOf(el)[0];
  return `${el.localName}|${el.getAttribute('type') ?? ''}|${el.getAttribute('role') ?? ''}|${el.getAttribute('aria-label') ?? textStart(el)}|${label ? textStart(label) : ''}`;
}

/** The first characters of an element's text: a candidate may hold a whole menu, read for each look. */
function textStart(el: Element, max = 80): string {
  let text = '';
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (text.length < max && walker.nextNode()) text += walker.currentNode.nodeValue;
  return text.trim().slice(0, max);
}

/**
 * Those of `elements` not in place of one shown before and gone since that looked alike (a
 * to-do list drawn anew when an item is ticked). One like one still there is news: a second
 * address's fields shown beside the first's.
 */
function notRedrawn(elements: Element[], before: typeof listedBefore): Element[] {
  const gone = new Map<string, number>();
  for (const { el: ref, look } of before) {
    const el = ref.deref();
    if (el?.isConnected && el.checkVisibility({ visibilityProperty: true })) continue;
    gone.set(look, (gone.get(look) ?? 0) + 1);
  }
  if (!gone.size) return elements;
  return withStyleCache(() => elements.filter((el) => {
    const look = lookAlike(el);
    const count = gone.get(look) ?? 0;
    if (count) gone.set(look, count - 1);
    return !count;
  }));
}

/**
 * After it moved: what became visible, waited for up to `waitMs` (menus that
 * open after a hover-intent delay, tooltips after theirs). Each hover compares
 * with its own note only.
 */
export async function revealed(request: Extract<ContentRequest, { type: 'revealed' }>): Promise<ContentResults['revealed']> {
  const before = shownBefore;
  const listed = listedBefore;
  shownBefore = null;
  listedBefore = [];
  if (!before) {
    disarmTextShown();
    return {};
  }
  // A dialog the click or key opened once a module it loaded had come (Ionic's alert, whose code is
  // fetched on the first open): no timer brought it, so the looks after the input missed it.
  if (request.acted && dialogOpenedLate()) {
    disarmTextShown();
    return openedDialog({ type: 'openedDialog', refPrefix: request.refPrefix });
  }
  // What shows later comes through a timer (run by now, when causal) or an animation (a transition's delay).
  // A key on a closed menu button whose popup opens a frame or two later (requestAnimationFrame), which the
  // wait for the timers the key set may end before.
  const ownerWait = ownerBefore && request.ownerWaitMs ? request.ownerWaitMs : 0;
  const deadline = performance.now() + (shownByNow(request.causal) ? 0 : request.waitMs) + ownerWait;
  let news: Element[] = [];
  const target = actedOn?.deref();
  for (;;) {
    news = notRedrawn(newlyShown(before, target, request.plain ? DATA : request.keyed ? ROWS : undefined), listed);
    if (news.length || performance.now() >= deadline) break;
    // What :hover rules show is there at once; what comes later comes with a change to the page.
    // Looked for again at each change, not each frame. A popup drawn a frame or two after the key
    // comes with a change: a page still, and animating nothing, for OWNER_QUIET_MS opens none (Enter on
    // Headless UI's list button sends its form), and is not waited for the whole ownerWait.
    const quietMs = ownerWait ? OWNER_QUIET_MS : Infinity;
    const changed = await afterDomChange(Math.min(quietMs, deadline - performance.now()), nextFrame, { attributes: true });
    if (!changed && ownerWait && !animationTargets().size) break;
  }
  // After keys the report names where the focus is (a menu's first item, focused as it opened).
  // (Still a control it showed: its label is no text to tell.)
  const showed = news;
  if (request.keyed) news = news.filter((el) => el !== deepActiveElement(document));
  // Nor a focus trap's empty guards of no size (AG Grid's popups'), there for Tab alone.
  // Nor a tab's panel, focusable for the keys alone (React Aria's): what it says is told below, as text.
  // A box of items that say nothing in ARIA: its items (before the box goes for the controls it holds: a date
  // picker's panel of days, with its Now button).
  // Nor a toast itself, focusable (Sonner's list item), whose words its live region announced: its buttons are listed.
  news = innermost(news.flatMap(itemsOf).filter((el) => {
    const role = getRole(el);
    return (el.hasChildNodes() || hasArea(el)) && !NOT_CONTROLS.has(role ?? '') && seenByPerson(el, role) && (CONTROL_ROLES.has(role ?? '') || !announcedAround(el, notedAt));
  }));
  // What a click showed that is still coming in (a toast sliding up) says its news once in: Ionic's
  // toast gives its message to screen readers as its entrance ends. Waited for, briefly.
  if (request.acted && !request.keyed && news.length) await enteredIn(news, ENTRANCE_MS);
  // A toggle drawn anew on the page's next frame (Stencil's: Ionic's alert radio) is read once that frame has
  // run: the page's callback, asked for during the click, runs before ours. Settled, the page may not have drawn one yet.
  if (request.acted && toggledBefore !== undefined && target?.isConnected) await nextFrame();
  const state = request.acted ? (sortChange(target) ?? toggleNow(target, !!request.keyed)) : undefined;
  const expansion = request.acted && !state ? expandChange(target) : undefined;
  // Not a line that says nothing: a toast's host, focusable, its text in its shadow root, is told by what it announced.
  const lines: string[] = [];
  let looked = 0;
  for (; looked < news.length && lines.length < MAX_SHOWN; looked++) {
    const line = lineFor(news[looked], request.refPrefix);
    if (!SAYS_NOTHING.test(line)) lines.push(line);
  }
  const more = news.length - looked;
  // Expanded, said where it showed no controls (a drop-down's list says it): an accordion's panel of
  // text alone (a FAQ's answer) with what it says, as the snapshot would print it.
  const toggled = state ?? (expansion === 'expanded' && lines.length ? undefined : expansion);
  // So too a tab's panel of text alone, the tab now selected.
  // With controls in it (Bootstrap's collapse around its text and a link), what it says besides them, first, as a dialog's message is.
  const panel = target && (toggled === 'expanded' || expansion === 'expanded' || tabSelected(target)) ? disclosedText(target) : '';
  const besides = lines.length && panel ? textWithout(panel, news) : '';
  const disclosed = !lines.length ? panel : saysSomething(besides) ? besides : '';
  if (disclosed) lines.splice(0, 0, `text: ${yamlValue(clip(disclosed, MAX_DISCLOSED))}`);
  // What the page announced since the click, asked again now: a component's toast says so on its next
  // render (Ionic's), after the click's own trip and with no timer or request for the worker to wait on.
  const announced = request.acted && !request.keyed ? announcedSinceLastClick() : undefined;
  // A submit button's form, its checks run by now (Formik's, after a promise, after the click's own trip):
  // the fields it marks invalid, and those by which it shows an error without marking them (after any button
  // of the form: Naive UI's validate() is on a button of type "button").
  const clicked = request.acted && !request.keyed ? target : undefined;
  const messages = clicked ? await messagesAfterClick(clicked, lastLandedAt()) : [];
  const marked = markedInForm(clicked ? formSubmittedBy(clicked) : null);
  // Text the click or keys wrote or showed, where nothing above says it (a counter, a result, a panel with no ARIA;
  // an order's details shown with its Track link). (A box checked asks for it apart.)
  // Its places' controls that no selector above finds (a drop-down's items a pointer cursor alone marks) are listed as shown.
  const read = !request.acted && !request.text ? undefined : !disclosed && !messages.length && !marked.length
    ? await textShown({ keyed: !!request.keyed, refPrefix: request.refPrefix, listed: [...new Set([...showed, ...news])] })
    : disarmTextShown();
  const { controls = [], ...text } = read ?? { texts: [], more: 0 };
  lines.push(...controls.slice(0, MAX_SHOWN));
  const unlisted = more + Math.max(0, controls.length - MAX_SHOWN);
  return {
    ...(marked.length ? { marked } : {}), ...(messages.length ? { messages } : {}), ...(text.texts.length ? { text } : {}),
    ...(lines.length ? { revealed: { lines, more: unlisted } } : {}), ...(toggled ? { toggled } : {}),
    ...(announced?.length ? { announced } : {}),
  };
}

/** A line with no name, text or state: `generic [ref=e4]`. */
const SAYS_NOTHING = /^generic \[ref=[^\]]+\]$/;
/** How long what a click showed may take to come in before its news is asked. */
const ENTRANCE_MS = 1000;

/**
 * Controls, and what a CSS :hover rule opens something for (a menu's item with a menu of its
 * own), visible now and not `before`, but for the element acted on. Those noted before are
 * passed over first: on a page of many controls few are new, and a look at each costs.
 * notIn: after a click on an element that says nothing of what it shows, or keys: not those in
 * a grid, table or list, whose rows drawn anew (sorted, filtered, the next page) are its content
 * changing, not controls shown.
 */
function newlyShown(before: WeakSet<Element>, target: Element | undefined, notIn?: string): Element[] {
  const all = new Set([...candidates(CANDIDATES_OR_ROVING, false), ...(target ? inControlled(target) : [])]);
  const news = [...all].filter((el) => !before.has(el) && el !== target && !(notIn && inDataShownBefore(el, notIn)));
  return shown(news).filter((el) => !clippedAway(el));
}

/** In a grid, table or list (one of `kinds`) that was shown before the action. */
function inDataShownBefore(el: Element, kinds: string): boolean {
  const holder = el.closest(kinds);
  return !!holder && dataBefore.has(holder);
}

/**
 * The candidates in what `el` says it controls (aria-controls), through shadow roots and slots:
 * a web component's field in a disclosure (Shoelace's sl-input in an sl-details) sits in a
 * shadow root no snapshot went through while it was hidden, which candidates() does not look in.
 */
function inControlled(el: Element): Element[] {
  const root = el.getRootNode() as Document | ShadowRoot;
  const ids = el.getAttribute('aria-controls')?.split(/\s+/) ?? [];
  return ids.flatMap((id) => {
    const region = id ? root.getElementById(id) : null;
    return region ? composedQuery(region, CANDIDATES_OR_ROVING) : [];
  });
}

/**
 * Those matching `selector`, and those a CSS :hover rule shows something for (revealersShownOrNot:
 * hoverRevealers'), in the document and in the shadow roots a snapshot went through (a web component's menu).
 */
function candidates(selector: string, revealersShownOrNot: boolean): Element[] {
  return [...matching(selector), ...hoverRevealers(document, revealersShownOrNot), ...shadowHoverRevealers(shadowRootsMet(), revealersShownOrNot)];
}

/**
 * Visible, counting opacity: a row's Delete button drawn with opacity 0 until
 * hovered is not shown. Except while it fades in: a menu whose opacity
 * transition has begun is transparent at the first look after the hover.
 */
function shown(elements: Iterable<Element>): Element[] {
  let animated: Set<Element> | undefined;
  return Array.from(elements).filter((el) => {
    // One look for most, a walk up its ancestors: visible means laid out, and so drawn somewhere
    // (getClientRects, which displayed() asks, would cost as much again).
    if (el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
    if (!displayed([el]).length) return false;
    animated ??= revealingTargets();
    return inAnimated(el, animated);
  });
}

