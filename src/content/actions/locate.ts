/**
 * Actionability: resolve the target, then wait (one check per animation
 * frame) until it is attached, visible, enabled, editable, stable, in view and
 * hit at its action point — whichever the caller asked for. Modelled on
 * Playwright's actionability checks (https://playwright.dev/docs/actionability).
 */
import { getRole } from '../snapshot/roles.ts';
import { documentRefPrefix, issuedAsOf } from '../snapshot/refs.ts';
import { elementLike, lineFor, roleAndName } from './find.ts';
import { assertSaysWhatItSaid, notedActedOn } from './reused.ts';
import type { Located, LocateOptions, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { composedParent, deepElementFromPoint } from '../snapshot/dom.ts';
import { hasEditContext } from '../editor-fields.ts';
import { blockingModal, popupBlocking } from '../snapshot/modal.ts';
import { isDisabled } from '../snapshot/states.ts';
import { afterFirstSentence, matchNote, resolveSpec, type Resolved } from '../target.ts';
import { isVisible } from '../snapshot/visibility.ts';
import { isReadOnly, notEditableKind, retargetLabel } from './controls.ts';
import { drawnInvisible } from '../snapshot/replaced.ts';
import { hasClickHandler } from '../snapshot/click-handlers.ts';
import { describe } from './describe.ts';
import { actionPoint, assertHit, boxOf, fullyInViewport, intersectsViewport, ownPoint, uncoveredPoint } from './hit.ts';
import { closedPopupOwner } from './popup.ts';
import { watchInvalidAround } from './validation.ts';
import { boxOfFields } from './field-errors.ts';
import { animationsAround } from './animated.ts';
import { Motion, nextFrame, STILL_FRAMES } from './motion.ts';

export interface LocateResult extends Located {
  element: Element;
  /** Where the press goes instead of on the element (a hidden toggle's label or drawn switch): the guard lets it through. */
  pressOn?: Element;
}

export interface LocateConfig extends LocateOptions {
  /** Act on a <label>'s control instead of the label; with editable, on the one field inside a wrapper. */
  retarget?: boolean;
}

/** A check that failed but may pass later (the page is still loading, animating, enabling …). */
class NotYet extends Error {
  constructor(readonly code: AgentError['code'], message: string) {
    super(message);
  }
}

// Never a stale ref, an invalid selector or the wrong kind of element: waiting can't fix those.
const RETRIABLE = new Set(['ELEMENT_NOT_FOUND']);

// Raised by stopWaits(): a locate that started before gives up at its next look.
let waitsStopped = 0;

/**
 * The command waiting for an element here timed out or was cancelled: its
 * locate gives up instead of acting once the element shows, when the tab's
 * next command may be running already.
 */
export function stopWaits(): void {
  waitsStopped++;
}

export async function locate(spec: TargetSpec, options: LocateConfig): Promise<LocateResult> {
  const generation = waitsStopped;
  const start = performance.now();
  const deadline = start + Math.max(0, options.timeoutMs);
  const motion = new Motion();
  // Pressed while it moves (an animation that does not end): said in the report.
  let moving = '';
  let scrolled: Element | null = null;
  // The places in the viewport tried so far to bring the element out from under a pinned cover.
  let realigned: Realigned | null = null;
  let last: NotYet | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      let resolved: Resolved;
      try {
        resolved = resolveSpec(spec);
      } catch (error) {
        if (error instanceof AgentError && RETRIABLE.has(error.code)) throw new NotYet(error.code, error.message);
        throw error;
      }
      // Once, as the element is first found: its name is not read again on every frame waited.
      if (spec.ref && attempt === 0) assertSaysWhatItSaid(spec.ref, resolved.element);
      const el = options.retarget ? retargetLabel(resolved.element, options.editable) : resolved.element;
      watchInvalidAround(el);
      // Where the pointer goes: the element, the editor drawn for a field of no width (Monaco's EditContext, also
      // for a click or keys on its ref), or the visible label of a hidden toggle.
      const at = options.editable || hasEditContext(el) ? editorOf(el, resolved.element) : (toggleProxy(el) ?? el);
      check(el, at, options);
      if (options.scroll !== false && (options.visible || options.hitTest) && !fullyInViewport(at)) {
        // Once per element: a box bigger than the viewport is never "fully" in it.
        if (scrolled !== at || !intersectsViewport(at)) {
          at.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          scrolled = at;
          motion.reset();
        }
      }
      // Fast path: when no CSS/Web animation runs on the element or an
      // ancestor, its box can only change through script; the hit test at the
      // action point still catches that. Saves the two-frame wait (~16–33 ms)
      // on nearly every click.
      const animations = options.stable ? animationsAround(at) : null;
      if (options.stable && !animations) {
        motion.reset();
      } else if (animations) {
        const stillness = motion.sample(at, animations.endless);
        if (stillness === 'moving') {
          throw new NotYet('TIMEOUT', animations.endless
            ? `${describe(at)} kept moving too far between animation frames to be pressed where it was (an animation that never ends moves it). Take a screenshot to see where it goes; browser_mouse_click_xy presses a point.`
            : `${describe(at)} kept moving (its box changed between animation frames). Retry once the animation or scrolling has ended, or raise the timeout.`);
        }
        moving = stillness === 'pressable' ? ' (while it moves: its animation does not stop)' : '';
      }
      let point = actionPoint(at) ?? centerOf(at);
      let aside = '';
      if (options.hitTest) {
        try {
          point = ownPoint(at, point, assertHit(at, point.x, point.y));
        } catch (error) {
          if (!(error instanceof AgentError)) throw error;
          // Missed as an open popup shut off the page: not waited for, it stays open until answered.
          if (error.code === 'COVERED') assertNoPopupBlocking(el, at);
          // Partly covered: the part a person can see and click. Said in the report, as
          // whatever covers the rest (a cookie bar, a sticky header) may be worth dismissing.
          const open = error.code === 'COVERED' ? uncoveredPoint(at) : null;
          const cover = deepElementFromPoint(point.x, point.y);
          if (!open) {
            // Under a header or bar pinned to the viewport (sticky, fixed), which stays put as the
            // page scrolls: scrolled to another place in the viewport, the element comes out from under it.
            const align: ScrollLogicalPosition | undefined = error.code === 'COVERED' && cover && isPinned(cover) ? nextAlignment(at, realigned) : undefined;
            if (!align) throw new NotYet(error.code, error.message);
            at.scrollIntoView({ block: align, inline: 'nearest', behavior: 'instant' });
            realigned = { el: at, tried: ALIGNMENTS.indexOf(align) + 1 };
            scrolled = at;
            motion.reset();
            continue;
          }
          aside = ` (at its uncovered part: ${cover ? describe(cover) : 'something'} covers its centre)`;
          point = open;
        }
      }
      const via = at === el ? '' : ` via ${at instanceof HTMLLabelElement ? 'its label' : 'what the page draws for it'} ${describe(at)}`;
      const opens = closedPopupOwner(el) !== null;
      const discloses = !opens && (isCollapsed(el) || isPickerField(el) || isUnselectedTab(el));
      const toggles = !opens && !discloses && isToggle(el);
      notedActedOn(resolved.element);
      return {
        element: el, ...(at !== el ? { pressOn: at } : {}), x: point.x, y: point.y, box: boxOf(at), description: describe(el) + matchNote(resolved) + via + aside + moving,
        ...(opens ? { opens } : {}), ...(discloses ? { discloses } : {}), ...(toggles ? { toggles } : {}),
      };
    } catch (error) {
      if (!(error instanceof NotYet)) throw error;
      last = error;
    }
    // A stability check needs its frames even with no timeout.
    const now = performance.now();
    if (now >= deadline && !(last.code === 'TIMEOUT' && attempt < STILL_FRAMES + 1)) {
      const more = last.code === 'NOT_VISIBLE' ? visibleLike(spec) : last.code === 'NOT_ENABLED' ? fieldsToFill(spec) : '';
      throw new AgentError(last.code, afterFirstSentence(last.message, ` (after waiting ${Math.round(now - start)} ms; pass timeout to wait longer)`) + more);
    }
    await nextFrame();
    if (waitsStopped !== generation) throw new AgentError('CANCELLED', `Stopped waiting for the element: the command timed out or was cancelled. ${last.message}`);
  }
}

/**
 * For a ref whose element stays hidden: the one visible element like it (same role and name), as a
 * responsive page shows its mobile menu's link in place of the desktop one the snapshot was taken with.
 */
function visibleLike(spec: TargetSpec): string {
  if (!spec.ref) return '';
  try {
    const el = resolveSpec(spec).element;
    // As the snapshot printed it: hidden now, it may have no name.
    const { role, name } = issuedAsOf(spec.ref) ?? roleAndName(el);
    const like = name ? elementLike(role, name) : null;
    return like && like !== el ? ` One like it is visible: ${lineFor(like, documentRefPrefix())}; use that ref if it is the one you meant.` : '';
  } catch {
    return '';
  }
}

/** Fields listed in a disabled button's error. */
const MAX_FIELDS = 5;

/**
 * For a disabled button: the shown fields of its form (for one outside any form, as single-page
 * apps draw theirs, of the nearest box around it that holds fields) that the browser finds not
 * valid yet: what a page usually waits for before it enables its Next or Submit.
 */
function fieldsToFill(spec: TargetSpec): string {
  let button: Element;
  try {
    button = resolveSpec(spec).element;
  } catch {
    return '';
  }
  if (!(button instanceof HTMLButtonElement || button instanceof HTMLInputElement || getRole(button) === 'button')) return '';
  const notValid = (scope: ParentNode) => Array.from(scope.querySelectorAll('input, select, textarea')).filter(
    (el): el is HTMLInputElement => (el as HTMLInputElement).willValidate && !(el as HTMLInputElement).validity.valid && isVisible(el),
  );
  // Its form's; else those of the nearest box around it that holds fields.
  const scope = (button as HTMLButtonElement).form ?? boxOfFields(button, 'input, select, textarea');
  const fields = scope ? notValid(scope) : [];
  if (!fields.length) return '';
  const lines = fields.slice(0, MAX_FIELDS).map((field) => `- ${lineFor(field, documentRefPrefix(), false)}: ${field.validationMessage}`);
  return ` The browser finds ${fields.length === 1 ? 'this field' : `these ${fields.length} fields`} not valid yet:\n${lines.join('\n')}${fields.length > MAX_FIELDS ? `\n… and ${fields.length - MAX_FIELDS} more` : ''}`;
}

/** Where in the viewport a covered element is scrolled to, in turn, before the cover is reported. */
const ALIGNMENTS: ScrollLogicalPosition[] = ['center', 'end', 'start'];

interface Realigned {
  el: Element;
  tried: number;
}

function nextAlignment(el: Element, realigned: Realigned | null): ScrollLogicalPosition | undefined {
  return ALIGNMENTS[realigned?.el === el ? realigned.tried : 0];
}

/** It, or a box it is in, keeps its place in the viewport when the page scrolls. */
function isPinned(el: Element): boolean {
  for (let node: Element | null = el; node; node = composedParent(node)) {
    const position = getComputedStyle(node).position;
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** A checkbox, radio or switch (native or ARIA), whose checking may show what goes with it. */
function isToggle(el: Element): boolean {
  if (el instanceof HTMLInputElement) return el.type === 'checkbox' || el.type === 'radio';
  return TOGGLE_ROLES.has(getRole(el) ?? '');
}

/** A collapsed disclosure: an accordion's header, "Advanced options", a closed <details>' summary. */
function isCollapsed(el: Element): boolean {
  if (el.localName === 'summary') return el.parentElement instanceof HTMLDetailsElement && !el.parentElement.open;
  return opensClosedPopover(el) || el.getAttribute('aria-expanded') === 'false';
}

/**
 * The drop-down <select> (one choice, no list box shown) an <option> is in, when the page draws
 * no box for it. (A customizable select, appearance: base-select, draws its open list in the page.)
 */
function dropDownOf(el: Element): HTMLSelectElement | null {
  if (!(el instanceof HTMLOptionElement) || el.getClientRects().length) return null;
  const select = el.closest('select');
  return select && !select.multiple && select.size <= 1 ? select : null;
}

/** A tab not selected: a click shows its panel, whose controls are listed like what a disclosure shows. */
function isUnselectedTab(el: Element): boolean {
  // A tab's role is always written on it: most elements clicked are spared the role computation.
  return el.hasAttribute('role') && el.getAttribute('aria-selected') !== 'true' && getRole(el) === 'tab';
}

/**
 * A read-only text field, which a click on opens a picker for (a date picker's calendar, a
 * custom select's list) that the page fills it from: listed like what a disclosure shows.
 */
function isPickerField(el: Element): boolean {
  return el instanceof HTMLInputElement && el.readOnly && !el.disabled && PICKER_TYPES.has(el.type);
}

const PICKER_TYPES = new Set(['text', 'search', 'tel', 'url', 'email']);

/**
 * A button that shows a closed popover (popovertarget, or commandfor with a
 * popover command): a menu in the top layer that no ARIA attribute announces.
 */
function opensClosedPopover(el: Element): boolean {
  const invoker = el as Element & { popoverTargetElement?: Element | null; commandForElement?: Element | null; command?: string };
  const target = invoker.popoverTargetElement ?? (invoker.command === 'toggle-popover' || invoker.command === 'show-popover' ? invoker.commandForElement : null);
  return !!target && target.hasAttribute('popover') && !target.matches(':popover-open');
}

/**
 * Custom checkboxes and radios often hide the real <input> (display: none,
 * opacity 0 or 1 px) and draw a styled <label> instead; the label is what a
 * user clicks, and clicking it toggles the input. So a hidden toggle is acted
 * on through what a person clicks: a label around it; else the box drawn
 * around it that takes the click (Element Plus' switch: its handler cancels
 * the input's own toggle, so a press through a form's <label for> left it
 * unchanged); else a label elsewhere.
 */
function toggleProxy(el: Element): Element | null {
  if (!(el instanceof HTMLInputElement) || (el.type !== 'checkbox' && el.type !== 'radio')) return null;
  // Bootstrap's toggle buttons also take pointer events off the radio, which sits under the group's
  // first button: a press at its centre lands on that button's label.
  if (!drawnInvisible(el) && getComputedStyle(el).pointerEvents !== 'none') return null;
  const labels = Array.from(el.labels ?? []).filter(isVisible);
  return labels.find((label) => label.contains(el)) ?? drawnAround(el, labels) ?? labels[0] ?? null;
}

/**
 * A box around `el` (its parent or grandparent) that draws it: shown, taking clicks (a pointer
 * cursor, a handler), and holding nothing else to act on. Not a clickable row around it and its
 * label: the label is what toggles it there.
 */
function drawnAround(el: Element, labels: Element[]): Element | null {
  for (let at = el.parentElement, i = 0; at && i < 2; at = at.parentElement, i++) {
    if (!isVisible(at) || !(getComputedStyle(at).cursor === 'pointer' || hasClickHandler(at))) continue;
    const others = Array.from(at.querySelectorAll('input, button, select, textarea, a[href], label')).some((other) => other !== el);
    return others || labels.some((label) => at.contains(label)) ? null : at;
  }
  return null;
}

function check(el: Element, at: Element, options: LocateOptions): void {
  const select = options.visible || options.hitTest ? dropDownOf(el) : null;
  if (select) {
    const option = el as HTMLOptionElement;
    throw new AgentError('INVALID_TARGET', `${describe(el)} is an option of the drop-down ${describe(select)}, whose list the browser draws outside the page, where no click reaches: nothing was done. Pick it with browser_select_option on that drop-down (its ref in the snapshot) and values ${JSON.stringify([option.label])}.`);
  }
  const modal = options.visible || options.hitTest || options.editable || options.enabled ? blockingModal(at) : null;
  if (modal) {
    const message = `${describe(el)} is behind the open modal dialog ${describeDialog(modal)}: the page takes no input outside it until it closes. Act inside the dialog (take a snapshot for its refs) or close it first.`;
    // Not a cover that may go: a modal <dialog> stays until it is answered. One marked aria-modal
    // is waited for while it animates: it may be closing (Ant Design's fades out with the focus still
    // in it). One at rest stays too (MUI's, open): the click failed only after the 5 s wait.
    const moving = modal.localName !== 'dialog' && animationsAround(modal);
    if (!moving || moving.endless) throw new AgentError('COVERED', message);
    throw new NotYet('COVERED', message);
  }
  if (options.editable) {
    const wrongKind = notEditableKind(el);
    if (wrongKind) throw wrongKind;
  }
  if (options.visible && !isVisible(at)) {
    throw new NotYet('NOT_VISIBLE', `${describe(el)} is not visible (${whyHidden(el)}). Wait for it to appear (browser_wait_for), open the menu or section that shows it, or pick a visible element.`);
  }
  if (options.enabled && isDisabled(el)) {
    throw new NotYet('NOT_ENABLED', `${describe(el)} is disabled. Do what enables it first (e.g. fill the required fields), or check you have the right element.`);
  }
  if (options.editable && isReadOnly(el)) {
    // A date picker's field (flatpickr's, jQuery UI's) is read-only: the page fills it from what a click opens.
    throw new NotYet('NOT_EDITABLE', `${describe(el)} is read-only. If the page fills it from a picker (a date picker), click it and choose in what it opens; else pick an editable field, or do what makes it editable first.`);
  }
}

/**
 * Throws unless the hit test missed `at` for another reason than an open popup that shut off the rest of
 * the page (Radix's, Headless UI's), where a click would only close the popup.
 */
function assertNoPopupBlocking(el: Element, at: Element): void {
  const blocking = popupBlocking(at);
  if (!blocking) return;
  const popup = getRole(blocking.popup) === 'combobox' ? `the list of ${describe(blocking.popup)}` : describeDialog(blocking.popup);
  throw new AgentError('COVERED', `${describe(el)} takes no clicks while ${popup} is open: the page ${blocking.how} until it closes, so a click here would only close it. Press Escape to close it (browser_press_key "Escape"), or act inside it.`);
}

/** Its markup and name (which may come from a slot), and the component it sits in. */
function describeDialog(dialog: Element): string {
  const host = (dialog.getRootNode() as ShadowRoot).host;
  return `${describe(dialog)}${host ? ` in <${host.localName}>` : ''}`;
}

function whyHidden(el: Element): string {
  const style = getComputedStyle(el);
  if (style.display === 'none') return 'display: none';
  if (style.visibility !== 'visible') return `visibility: ${style.visibility}`;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return `its box is ${Math.round(r.width)}×${Math.round(r.height)} px; it or an ancestor may be display: none or collapsed`;
  return 'hidden';
}

function centerOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Where a field to type into is seen and scrolled to: itself, but for one that takes text through an
 * EditContext and draws no box of its own (Monaco's, a caret 0 px wide): the editor it was found in,
 * or the box around it.
 */
function editorOf(el: Element, found: Element): Element {
  if (!hasEditContext(el) || isVisible(el)) return el;
  return el !== found ? found : (el.parentElement ?? el);
}
