/**
 * The dialogs and popups an action opened or closed, for its report: the dialog a click opened, with
 * the controls in it, so the agent acts there without a snapshot; the dialog or menu it closed, so the
 * agent knows the page behind takes input again (or that the item it chose was taken).
 */
import type { ContentRequest, ContentResults } from '../../shared/content-messages.ts';
import { lineFor, roleAndName } from './find.ts';
import { clip, normalize, saysSomething, textWithout, visibleText } from './describe.ts';
import { getName } from '../snapshot/names.ts';
import { yamlValue } from '../snapshot/format.ts';
import { getRole } from '../snapshot/roles.ts';
import { nextFrame } from './motion.ts';
import { composedQuery } from '../snapshot/dom.ts';
import { animationsAbout, endingOn, settledIn } from './animated.ts';
import { popupOf } from './popup.ts';
import { composedContains } from './hit.ts';
import { CANDIDATES, displayed, hasArea, innermost, matching, MAX_SHOWN, seenByPerson } from './controls-shown.ts';

/**
 * What a dialog lists: with the cells and tree items a roving tabindex leaves out of the Tab order (a date
 * picker's days, react-datepicker's: all but one have tabindex -1, and its report listed that one day alone).
 */
const IN_DIALOG = `${CANDIDATES}, [role=gridcell][tabindex], [role=treeitem][tabindex]`;
const DIALOGS = 'dialog[open], [role=dialog], [role=alertdialog]';
/** How long a dialog's opening animation is waited for, at most. */
const DIALOG_ANIMATION_MS = 1000;

let dialogsBefore: WeakSet<Element> | null = null;
let dialog: WeakRef<Element> | null = null;

/** Before a click: the dialogs shown now (a few elements at most: cheap on any page). Returns how many. */
export function noteDialogs(): number {
  const shownNow = dialogsShown();
  dialogsBefore = new WeakSet(shownNow);
  // Named now: one the click removes has no name once out of the page (its title is found by id).
  openBefore = shownNow.map((el) => ({ el: new WeakRef(el), ...roleAndName(listIn(el) ?? el) }));
  notePopups();
  dialog = null;
  return shownNow.length;
}

let openBefore: { el: WeakRef<Element>; role: string; name: string }[] = [];

/**
 * The popups open before the action (a menu or list box its button or field says is expanded), to tell
 * which one it closed: a menu's item chosen, or Escape, closes Radix's and Headless UI's menus with no
 * dialog to say so, and the report told only where the focus went back to.
 */
let popupsBefore: { owner: WeakRef<Element>; el: WeakRef<Element>; role: string; name: string }[] = [];
const POPUP_ROLES = new Set(['menu', 'listbox', 'tree', 'grid']);
const POPUP_SELECTOR = [...POPUP_ROLES].map((role) => `[role=${role}]`).join(', ');

function notePopups(): void {
  popupsBefore = [];
  for (const owner of matching('[aria-expanded="true" i][aria-controls]')) {
    // What it names may be a box around the popup: MUI's Menu puts the id it is given on its Popover.
    const named = popupOf(owner);
    const popup = named && (POPUP_ROLES.has(getRole(named) ?? '') ? named : named.querySelector(POPUP_SELECTOR));
    if (!popup || !displayed([popup]).length || !POPUP_ROLES.has(getRole(popup) ?? '')) continue;
    popupsBefore.push({ owner: new WeakRef(owner), el: new WeakRef(popup), ...roleAndName(popup) });
  }
}

/** The popup noted before the action that is closed now: its owner no longer expanded, or it gone with its owner. */
function popupClosed(): string | undefined {
  const closed = popupsBefore.find(({ owner, el }) => {
    const by = owner.deref();
    if (by?.isConnected) return by.getAttribute('aria-expanded')?.toLowerCase() !== 'true';
    const was = el.deref();
    return !was?.isConnected || !displayed([was]).length;
  });
  if (!closed) return undefined;
  popupsBefore = popupsBefore.filter((entry) => entry !== closed);
  return said(closed);
}

/** As the report names it: `dialog "Edit profile"`, `listbox`. */
function said({ role, name }: { role: string; name: string }): string {
  return name ? `${role} ${JSON.stringify(name)}` : role;
}

/**
 * The dialog shown before the action and gone now (closed, hidden or removed), as `dialog
 * "Edit profile"`: the agent then knows the page behind it takes input again. Asked right
 * after the input and once its timers have run (a Save that closes the dialog when it is done).
 */
function dialogClosed(shownList: Element[]): string | undefined {
  if (!openBefore.length) return undefined;
  const shownNow = new Set(shownList);
  const closed = openBefore.find(({ el }) => {
    const was = el.deref();
    return !was || !shownNow.has(was);
  });
  if (!closed) return undefined;
  openBefore = openBefore.filter((entry) => entry !== closed);
  return said(closed);
}

/** The dialogs shown now: in the document, and in the shadow roots a snapshot went through (Shoelace's sl-dialog). */
function dialogsShown(): Element[] {
  return displayed(matching(DIALOGS));
}

/**
 * Right after the click, and again once the timers it set have run: whether
 * it opened a dialog, kept for openedDialog(). A modal may show only at the
 * end of its backdrop's fade (Bootstrap's), a timer the click set.
 */
function dialogOpened(shownNow: Element[]): boolean {
  const before = dialogsBefore;
  // None noted, or found at the first look: the second leaves it for openedDialog() (Bootstrap's
  // offcanvas shows at once, and the timer that ends its slide brings the second look).
  if (!before) return false;
  const opened = shownNow.find((el) => !before.has(el));
  if (!opened) return false;
  dialogsBefore = null;
  dialog = new WeakRef(opened);
  return true;
}

/**
 * dialogChanges() once the dialogs shown before have ended their animations: SweetAlert2's,
 * closed by Escape or its OK, plays an exit animation and removes itself when it ends, with no
 * timer for the action to wait on; a look before that found it still open.
 */
export async function dialogChangesSettled(): Promise<ReturnType<typeof dialogChanges>> {
  // Also asked after a key, whose dialogs were noted in another request: none noted, none to wait for.
  let waited = false;
  for (const { el } of openBefore) {
    const was = el.deref();
    if (!was?.isConnected) continue;
    const start = performance.now();
    await settledIn(was, DIALOG_ANIMATION_MS, () => true);
    waited ||= performance.now() - start > 1;
  }
  // Its end's event (animationend, which removes it) comes with the next frame's.
  if (waited) await nextFrame();
  return dialogChanges();
}

/** A dialog shown before the click is playing an animation (an exit, for dialogChangesSettled to wait out). */
export function dialogAnimating(): boolean {
  return openBefore.some(({ el }) => {
    const was = el.deref();
    // Bound to end: a spinner in the dialog is no exit, and would cost every click a trip.
    return !!was?.isConnected && animationsAbout([was]).some((animation) => {
      const target = endingOn(animation);
      return !!target && was.contains(target);
    });
  });
}

/** Both of the above from one look at the page's dialogs, as a click or a key asks for them. */
/**
 * A dialog the click or key opened once a module it loaded had come (Ionic's alert, whose code is
 * fetched on the first open): no timer brought it, so the looks right after the input missed it.
 */
export function dialogOpenedLate(): boolean {
  return dialogsBefore !== null && dialogOpened(dialogsShown());
}

export function dialogChanges(): { opened: boolean; closed?: string } {
  const shownNow = dialogsShown();
  const closed = dialogClosed(shownNow) ?? popupClosed();
  return { opened: dialogOpened(shownNow), ...(closed ? { closed } : {}) };
}

/**
 * The controls a dialog shows. Slotted ones too: a web component's dialog shows the buttons its page
 * put in its footer slot. Not a focus trap's parts (Ant Design's: sentinels of no size, a focusable box
 * around the content), which are there for Tab alone.
 */
function controlsIn(dialog: Element): Element[] {
  return innermost(displayed(composedQuery(dialog, IN_DIALOG)).filter((el) => !el.closest('[aria-hidden="true"]') && hasArea(el) && seenByPerson(el)));
}

/**
 * The one list a dialog holds, with all of its controls: a popover that is only there to pick from
 * (React Aria's Select draws its list box in a dialog), which the report names as the list it opens and
 * closes ("It opened listbox "Pet""), not as a dialog that holds the page.
 */
function listIn(dialog: Element, controls?: Element[]): Element | null {
  const lists = composedQuery(dialog, POPUP_SELECTOR);
  if (lists.length !== 1) return null;
  // Its controls looked for only once there is one list: most dialogs have none.
  const shown = controls ?? controlsIn(dialog);
  return shown.length && shown.every((control) => composedContains(lists[0], control)) ? lists[0] : null;
}

/** The dialog the last click opened: its line and its controls' lines, with refs. */
export async function openedDialog(request: Extract<ContentRequest, { type: 'openedDialog' }>): Promise<ContentResults['openedDialog']> {
  const opened = dialog?.deref();
  if (!opened?.isConnected) return {};
  // Reported once it has come in: what the agent does next (a snapshot, a click) finds it ready.
  await settledIn(opened, DIALOG_ANIMATION_MS, () => {
    const control = composedQuery(opened, CANDIDATES)[0];
    return !control || getComputedStyle(control).pointerEvents !== 'none';
  });
  const controls = controlsIn(opened);
  const list = listIn(opened, controls);
  const says = list ? '' : message(opened, controls);
  return {
    opened: {
      popup: lineFor(list ?? opened, request.refPrefix, false),
      options: [...(says ? [`text: ${yamlValue(clip(says, MAX_MESSAGE))}`] : []), ...controls.slice(0, MAX_SHOWN).map((el) => lineFor(el, request.refPrefix))],
      more: Math.max(0, controls.length - MAX_SHOWN),
    },
  };
}

/** Characters of a dialog's message in the report; the snapshot has the rest. */
const MAX_MESSAGE = 300;

/**
 * What a dialog says besides its name and its controls: "This cannot be undone." in a confirm, the body of a
 * modal whose title names it. Empty when that is all (a word of two letters at least, not a stray "×").
 */
function message(dialog: Element, controls: Element[]): string {
  const name = normalize(getName(dialog));
  const text = visibleText(dialog);
  const rest = textWithout(name ? text.replace(name, ' ') : text, controls);
  return saysSomething(rest) ? rest : '';
}

