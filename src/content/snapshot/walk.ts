import { getStyle, shadowRootOf } from './dom.ts';
import { hasEditContext } from '../editor-fields.ts';
import { ariaAttribute, mayHaveInternals } from './internals.ts';
import { HOST_ATTR } from '../feedback.ts';
import { isFrameElement } from '../frame-elements.ts';
import { hasClickHandler, hasHoverHandler, isDropTarget } from './click-handlers.ts';
import { collectShadowHoverReveals, revealsOnHover } from './hover-reveals.ts';
import { modalPath, topModal } from './modal.ts';
import { Ownership } from './owns.ts';
import { drawnInstead } from './replaced.ts';
import { getName } from './names.ts';
import { getRole } from './roles.ts';
import { isDisabled } from './states.ts';
import { isHiddenByVisibilityOnly, isHiddenForAria, isSelectButton, isVisibleBox, markExposed } from './visibility.ts';
import {
  ACTION_CURSORS, beginsWith, ownTargetIn, labelsShownControl, screenReaderOnly, CONTEXT_ROLES, inToggle, isResizeEdge, undrawnStrip, CONTROL_ROLES, GROUPING_ROLES, TABLE_WRAPPERS, hasNameAttr, partlyDrawn, hidesContent, inDropDown, intersects,
  LEAF_CONTROL_ROLES, drawsHiddenToggle, isClickable, keepWhiteSpace, whiteSpaceOf, normalizeText, parentHasPointer, partOfLabel, surfaceOf, toggledByLabel, undisplayedToggle,
} from './walk-rules.ts';
import type { Viewport } from './walk-rules.ts';
import { BREAK, DEEPER, finish, push, type Kid, type SNode } from './tree.ts';
import { onlyRefs, soleControl, soleField } from './kids.ts';

/**
 * One pass over the composed tree (light DOM, open and closed shadow roots,
 * slotted nodes in rendered order) that builds the node tree `format.ts`
 * prints. Kept cheap on purpose: computed styles come from the pass cache,
 * hidden subtrees are skipped at their root, layout is only read (never
 * written) so the browser lays out once, and names/states are left to the
 * formatter, which computes them only for lines it prints.
 */

export interface WalkOptions {
  interactive: boolean;
  viewportOnly: boolean;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
// Elements visibility.ts treats specially (never rendered, or exposed without a box): always ask it.
const SPECIAL_TAGS = new Set(['script', 'style', 'noscript', 'template', 'option', 'slot']);
// Children never rendered: a <textarea>'s text is its value, which the formatter
// prints; inside <progress> and <meter> it is fallback for browsers without them.
const NO_RENDERED_CHILDREN = new Set(['textarea', 'progress', 'meter']);
// display values that start a new line of text.
const INLINE_DISPLAYS = new Set(['inline', 'contents', 'ruby', 'ruby-text']);
/**
 * How many elements deep the walk follows the page. It recurses a few calls
 * per level, and near 700 levels of divs (which script can build; the parser
 * stops at 512) the browser's stack ran out and the snapshot failed whole.
 * Deeper content is left as a marker with a ref to snapshot it from.
 */
const MAX_WALK_DEPTH = 400;


export function walk(root: Element, options: WalkOptions): SNode {
  const walker = new Walker(root.ownerDocument, options);
  const fragment: SNode = { el: root, role: 'fragment', refable: false, cursor: false, ariaDisabled: false, kids: [] };
  const doc = root.ownerDocument;
  const whole = root === doc.body || root === doc.documentElement;
  walker.scanOwners(root.getRootNode() as Document | ShadowRoot, whole ? undefined : root);
  // An editor's frame (TinyMCE, CKEditor 4: the body is contenteditable, or designMode is on)
  // prints its body, which takes the text, as a line with a ref.
  if (whole && !(doc.body && (doc.body as HTMLElement).isContentEditable)) {
    walker.children(root, fragment.kids, true, false);
  } else {
    walker.parentPointer = parentHasPointer(root);
    walker.element(whole ? doc.body! : root, fragment.kids, true);
  }
  finish(fragment, options.interactive);
  return fragment;
}

const COLLAPSIBLE = /\n|\t| {2}/;

class Walker {
  private readonly interactive: boolean;
  private readonly viewport: Viewport | null;
  // aria-disabled is inherited; tracking it on the way down spares each control an ancestor walk.
  private ariaDisabled = false;
  // The element whose children are being visited may hide them without hiding itself:
  // a closed <details>, content-visibility:hidden (hidden=until-found), or we came from a root.
  private parentHidesContent = true;
  // Interactive mode prints no text; it only keeps it below a ref'd node or a row, to name them.
  private wantText: boolean;
  // An action cursor (pointer, grab) is inherited, so only the element where it starts is the one to act on;
  // the walk knows the composed parent's cursor and spares each element a parent lookup.
  parentPointer = false;
  // Set only when some scope has aria-owns: most pages pay nothing for it.
  private ownership: Ownership | null = null;
  // The owned element being walked under its owner (anywhere else it is skipped).
  private placingOwned: Element | null = null;
  // Ref'able nodes so far: tells whether anything inside an element got a ref.
  private refs = 0;
  // The ref'd control whose content is its label (LEAF_CONTROL_ROLES) the walk is inside: a pointer cursor there is its.
  private leafControl: Element | null = null;
  // Elements entered on the way down (MAX_WALK_DEPTH).
  private depth = 0;

  // With a modal dialog open, only it and the elements holding it are walked (modal.ts).
  private readonly modal: Element | null;
  private readonly modalPath: Set<Element> | null;
  private inModal = false;

  constructor(doc: Document, options: WalkOptions) {
    this.modal = topModal(doc);
    this.modalPath = this.modal && modalPath(this.modal);
    this.interactive = options.interactive;
    this.wantText = !options.interactive;
    const view = doc.defaultView ?? window;
    this.viewport = options.viewportOnly ? { width: view.innerWidth, height: view.innerHeight } : null;
  }

  /**
   * `inView`: text here is inside the viewport (always true without viewportOnly).
   * `pointer`: `el` has an action cursor, pointer or grab (the caller has usually read it already).
   */
  children(el: Element, out: Kid[], inView: boolean, hiddenMode: boolean, pointer = ACTION_CURSORS.has(getStyle(el).cursor), display?: string): void {
    // Each asked once per element: on a big page these reads are a good part of the walk.
    const first = el.firstChild;
    const root = shadowRootOf(el);
    if (!first && !root && el.localName !== 'slot') return;
    if (this.depth >= MAX_WALK_DEPTH) {
      out.push(BREAK, { el, role: DEEPER, refable: false, cursor: false, ariaDisabled: false, kids: [] }, BREAK);
      return;
    }
    const savedHides = this.parentHidesContent;
    const savedPointer = this.parentPointer;
    this.parentHidesContent = hidesContent(el, display);
    this.parentPointer = pointer;
    this.depth++;
    try {
      this.childNodes(el, first, root, out, inView, hiddenMode);
    } finally {
      this.depth--;
      this.parentHidesContent = savedHides;
      this.parentPointer = savedPointer;
    }
  }

  /** Learns the aria-owns of a tree scope before the walk enters it. */
  scanOwners(scope: Document | ShadowRoot, within?: Element): void {
    if (!scope.querySelector('[aria-owns]')) return;
    (this.ownership ??= new Ownership()).scan(scope, within);
  }

  /** `first`: el's first child; `root`: its shadow root, if any. */
  private childNodes(el: Element, first: ChildNode | null, root: ShadowRoot | null, out: Kid[], inView: boolean, hiddenMode: boolean): void {
    // Same order as dom.ts composedChildren(), without an array per element.
    if (root) {
      this.scanOwners(root);
      collectShadowHoverReveals(root);
      this.siblings(root.firstChild, out, inView, hiddenMode);
      return;
    }
    if (el.localName === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      if (assigned.length) {
        for (const c of assigned) this.siblings(c, out, inView, hiddenMode, true);
        return;
      }
    }
    this.siblings(first, out, inView, hiddenMode);
  }

  /**
   * `first` and the siblings after it (or `first` alone). One loop, not a call
   * per child: a page's first snapshot runs mostly before the JIT has caught
   * up, where every call counts.
   */
  private siblings(first: Node | null, out: Kid[], inView: boolean, hiddenMode: boolean, alone = false): void {
    // Constant for this loop: the visits below restore wantText before returning. Text right
    // inside a closed <details> or a content-visibility:hidden box is not rendered either.
    const text = inView && !hiddenMode && this.wantText && !this.parentHidesContent && (!this.modal || this.inModal);
    // The siblings' parent's white-space, read at the first text that needs it: once per parent, not per text.
    let whiteSpace: string | undefined;
    for (let c = first; c; c = alone ? null : c.nextSibling) {
      const type = c.nodeType;
      if (type === 1) {
        if (hiddenMode) this.hiddenElement(c as Element, out, inView);
        else this.element(c as Element, out, inView);
      } else if (type === 3 && text) {
        const data = (c as Text).data;
        // Only text with a line break, a tab or a run of spaces loses something to collapsing, and
        // its parent's style decides; whitespace alone too, the indentation between tags but also
        // the breaks between lines of code in a <pre>, or in a box styled as one (a test report's
        // error view puts each line's parts in spans, and the breaks in text of their own).
        if (data) push(out, COLLAPSIBLE.test(data) ? keepWhiteSpace(data, (whiteSpace ??= whiteSpaceOf(c.parentNode))) : data);
      }
    }
  }

  /**
   * The common case of isHiddenForAria() without its per-element
   * checkVisibility() and ancestor walk (together ~30 % of a snapshot of the
   * 10,000-element bench page): during the walk every ancestor is known to be
   * exposed, so a plain HTML element is decided by its own attributes and
   * style. undefined = unusual, ask visibility.ts.
   */
  private quickShown(el: Element, style: CSSStyleDeclaration, display: string): boolean | undefined {
    if (this.parentHidesContent || el.namespaceURI !== HTML_NS || SPECIAL_TAGS.has(el.localName)) return undefined;
    if (el.hasAttributes() && (el.hasAttribute('aria-hidden') || el.hasAttribute('inert') || el.hasAttribute('hidden'))) return undefined;
    if (display === 'none') return false;
    if (isSelectButton(el)) return false;
    if (display === 'contents' || style.visibility !== 'visible') return undefined;
    return true;
  }

  /** Hidden by its own aria-hidden alone, drawn, and a control's part that takes clicks of its own (ownTargetIn). */
  private hiddenTarget(el: Element, style: CSSStyleDeclaration, display: string): boolean {
    return !!this.leafControl && !this.parentPointer && el.getAttribute('aria-hidden')?.toLowerCase() === 'true' && display !== 'none' &&
      style.visibility === 'visible' && !el.hasAttribute('inert') && ownTargetIn(el, style, this.leafControl);
  }

  /** What `owner` aria-owns, walked as its last children. */
  private ownedChildren(owner: Element, out: Kid[], inView: boolean): void {
    const owned = this.ownership?.ownedBy(owner);
    if (!owned) return;
    const savedHides = this.parentHidesContent;
    const savedPointer = this.parentPointer;
    try {
      for (const el of owned) {
        // Not next to the owner's own text in the DOM: keep words apart.
        push(out, ' ');
        // Its DOM ancestors are not the ones this walk came through: check hidden-ness in full.
        this.parentHidesContent = true;
        this.parentPointer = parentHasPointer(el);
        this.placingOwned = el;
        this.element(el, out, inView);
        this.placingOwned = null;
      }
    } finally {
      this.parentHidesContent = savedHides;
      this.parentPointer = savedPointer;
    }
  }

  // Below an element hidden only by its own visibility:hidden, a descendant may be visible again.
  private hiddenElement(el: Element, out: Kid[], inView: boolean): void {
    if (!isHiddenForAria(el)) this.element(el, out, inView);
    else if (isHiddenByVisibilityOnly(el)) this.children(el, out, inView, true);
  }

  element(el: Element, out: Kid[], parentInView: boolean): void {
    if (this.ownership?.isOwned(el)) {
      // Printed under its owner (ownedChildren), not here.
      if (this.placingOwned !== el) return;
      this.placingOwned = null;
    }
    const inherited = this.ariaDisabled;
    // A custom element's may be in its internals; any other's is an attribute, if it has any.
    const attr = el.hasAttributes() || mayHaveInternals(el) ? ariaAttribute(el, 'aria-disabled') : null;
    if (attr !== null) {
      const v = attr.trim().toLowerCase();
      if (v === 'true') this.ariaDisabled = true;
      else if (v === 'false') this.ariaDisabled = false;
    }
    if (this.modalPath && !this.inModal) {
      // Behind an open modal dialog: inert, out of the accessibility tree.
      if (!this.modalPath.has(el)) return void (this.ariaDisabled = inherited);
      this.inModal = el === this.modal;
    }
    // No try/finally: a walk that throws is abandoned whole, walker and all.
    this.visit(el, out, parentInView);
    if (el === this.modal) this.inModal = false;
    this.ariaDisabled = inherited;
  }

  private visit(el: Element, out: Kid[], parentInView: boolean): void {
    // Our own on-page feedback (outline, indicator) is not part of the page.
    if (el.hasAttributes() && el.hasAttribute(HOST_ATTR)) return;
    const style = getStyle(el);
    const display = style.display;
    const shown = this.quickShown(el, style, display);
    if (shown === false) return;
    if (shown === true) {
      // Names computed later look up hidden-ness of these same elements; the walk has settled it.
      markExposed(el);
    } else if (isHiddenForAria(el) && !this.hiddenTarget(el, style, display)) {
      if (isHiddenByVisibilityOnly(el)) this.children(el, out, parentInView, true);
      return;
    }
    const tag = el.localName;
    // display:contents has no box: whether it is in view is up to its parent and children.
    const inView = this.viewport && display !== 'contents' ? intersects(el, this.viewport) : parentInView;
    if (isFrameElement(el)) {
      // The frame's own content script snapshots its document; we only leave a slot for it.
      // (An <object> showing a page or drawing renders that, not its fallback children.)
      if (inView && isVisibleBox(el)) {
        this.refs++;
        out.push({ el, role: 'iframe', refable: true, cursor: false, ariaDisabled: false, kids: [] });
      }
      return;
    }
    if (tag === 'br') {
      if (inView) push(out, '\n');
      return;
    }
    // A <select> a library hid to draw its own drop-down (Choices, Tom Select): that one is the line,
    // and browser_select_option given the <select> works it. Its options listed again were only noise.
    if (tag === 'select' && (el as HTMLSelectElement).tabIndex < 0 && drawnInstead(el as HTMLSelectElement)) return;

    // A <label> drawn as the toggle of a checkbox or radio that is not rendered: the control
    // has no line of its own, so the label prints as it; actions go through the label.
    // Not inside the control it draws: Ionic's ion-toggle is the switch, and the <label> in its shadow
    // root, for an input it renders none of, is part of it (a second switch, nested in the first).
    const subject = (tag === 'label' && !this.leafControl && undisplayedToggle(el as HTMLLabelElement)) || el;
    let role = getRole(subject);
    // What the walk flattens: no role, or a generic wrapper with nothing to say.
    const wrapper = role === null || (role === 'generic' && !hasNameAttr(el));
    let refable = false;
    let cursor: SNode['cursor'] = false;
    const control = role !== null && CONTROL_ROLES.has(role);
    const cursorPointer = ACTION_CURSORS.has(style.cursor);
    // A cursor that starts inside a control (a web component's inner part), or on or inside a label
    // of one, is the control's: it gets no ref of its own.
    // Not so a small part with a cursor the control does not show (ownTargetIn: a chip's delete X).
    const pointer = cursorPointer && !this.parentPointer && (!this.leafControl || ownTargetIn(el, style, this.leafControl)) && !partOfLabel(el) && !drawsHiddenToggle(el);
    const byAttribute = !control && isClickable(el);
    const clickable = control || pointer || byAttribute;
    // Clickable only through a handler page script set (no role, cursor or tabindex says so), or to be
    // hovered (a tooltip's trigger, a menu a CSS :hover rule opens; not one inside a control, hovered
    // through the control's ref). Not the
    // surface of the control it is in (a ripple's, Material's tab's inner button): a press there is the control's.
    // Nor a label of a shown control (Vuetify's listens on its labels), nor the track drawn for a hidden
    // switch (Vuetify's listens on it): a click there is the control's.
    // The handler first: the exclusions after it read a role, a box or styles, and most elements have none.
    const byHandler = !clickable && (hasClickHandler(el) || (!this.leafControl && (hasHoverHandler(el) || revealsOnHover(el))))
      && !isResizeEdge(style.cursor) && !inToggle(this.leafControl) && !(wrapper && undrawnStrip(el, style)) && !(this.leafControl && surfaceOf(el, this.leafControl))
      && !(tag === 'label' && partOfLabel(el)) && !drawsHiddenToggle(el) && !labelsShownControl(el);
    if (clickable || byHandler) {
      // A disabled control can't be acted on; it prints [disabled] and gets a ref once enabled.
      // An option of a closed drop-down has no box: the agent selects through the combobox.
      // A checkbox drawn by its label may take no pointer events itself (Shoelace's): the label's clicks work it.
      refable = (style.pointerEvents !== 'none' || toggledByLabel(el)) && !(control && isDisabled(subject, this.ariaDisabled))
        && !(tag === 'option' && inDropDown(el)) && (isVisibleBox(el) || toggledByLabel(el) || drawnAround(el)) && !screenReaderOnly(el, role);
      cursor = refable && !control && pointer && (style.cursor as 'pointer' | 'grab' | 'move');
      if (refable && role === null) role = 'generic';
    }
    const block = !INLINE_DISPLAYS.has(display);
    // inline-block and friends separate words but do not start a new text line.
    const spaced = !block && display !== 'inline' && display !== 'contents';
    // What a flattened element leaves between its parent's text and its own. A label around
    // or beside its control keeps its text apart, so the formatter can tell it is the control's
    // name: two such labels in a row ran together ("Newsletter Shipping"), and so did an error
    // message with the next field's label ("Enter a valid email Password").
    const sep: Kid | null = block || (tag === 'label' && besideItsControl(el as HTMLLabelElement)) ? BREAK : spaced ? ' ' : null;

    if (role === null || (wrapper && !refable)) {
      // No role, or a generic wrapper with nothing to say: its children belong to the parent.
      if (sep !== null) push(out, sep);
      this.children(el, out, inView, false, cursorPointer, display);
      this.ownedChildren(el, out, inView);
      if (sep !== null) push(out, sep);
      return;
    }

    const node: SNode = { el: subject, role, refable, cursor, ariaDisabled: this.ariaDisabled, kids: [] };
    const refsBefore = this.refs;
    if (!NO_RENDERED_CHILDREN.has(tag)) {
      const wantText = this.wantText;
      const leafControl = this.leafControl;
      if (refable || role === 'row') this.wantText = true;
      if (refable && LEAF_CONTROL_ROLES.has(role)) this.leafControl = el;
      this.children(el, node.kids, inView, false, cursorPointer, display);
      this.ownedChildren(el, node.kids, inView);
      this.wantText = wantText;
      this.leafControl = leafControl;
    }
    // A grid cell around its own control (a date picker's day button): the control is what an
    // agent acts on, and a ref on each cell too only doubles the grid's lines of refs.
    if (role === 'gridcell' && refable && this.refs > refsBefore) node.refable = refable = false;
    // A pointer cursor around one control and nothing else (a web component's host around its
    // <button>) is that control's: one ref, the control's. Not a grab cursor: a card to drag is not its
    // link. Not a control's own cursor: Select2's combobox holds its value as a read-only textbox, and
    // the combobox is what opens the list. So too around controls and nothing else (MUI's Rating, its
    // five star radios in a box with a pointer cursor): a press on it is a press on one of them.
    const aroundControls = refable && pointer && style.cursor === 'pointer' && !control && !byAttribute &&
      (this.refs === refsBefore + 1 ? soleControl(node.kids) : this.refs > refsBefore && onlyRefs(node.kids));
    // A focusable box with no role around one field (Naive UI's date picker input, tabindex on its wrapper): the field's.
    const aroundField = refable && byAttribute && role === 'generic' && this.refs === refsBefore + 1 && soleField(node.kids);
    if ((byHandler && refable && this.refs > refsBefore && !isDropTarget(el)) || aroundControls || aroundField) {
      // A handler on a container (event delegation, a card around its own buttons): the
      // controls inside are what an agent acts on. Printed as if it had no handler. Not so
      // a drop target: browser_drag needs its ref, also once cards have been dropped in it.
      node.refable = refable = false;
      node.cursor = false;
      if (wrapper) {
        if (sep !== null) push(out, sep);
        for (const kid of node.kids) push(out, kid);
        if (sep !== null) push(out, sep);
        return;
      }
    }
    finish(node, this.interactive);
    // A generic whose title or label only repeats what its text begins with (a test report's step:
    // <span title="Set content">Set content — a.spec.ts:4</span>) says it once, as text of its parent's.
    if (role === 'generic' && !refable && node.kids.length > 0 && node.kids.every((kid) => typeof kid === 'string') && beginsWith(node.kids[0] as string, normalizeText(getName(subject)))) {
      if (sep !== null) push(out, sep);
      // Kept apart as they were: each text a line of its own (finish() dropped the breaks between them).
      for (let i = 0; i < node.kids.length; i++) {
        if (i > 0) push(out, BREAK);
        push(out, node.kids[i]);
      }
      if (sep !== null) push(out, sep);
      return;
    }

    if (!inView && node.kids.length === 0) return;
    if (this.interactive && !refable && !CONTEXT_ROLES.has(role)) {
      // A container keeps its line when it groups refs (a list, a todo item with checkbox
      // and link) or gives the one ref inside it context (a table row).
      // Not a cell named for what it holds (a calendar's day, "November 16, 2026", around its events): it says which day.
      // Nor a list item so named (Select2's chosen "English", around its remove button "×"): it says which item.
      const namedCell = (role === 'gridcell' || role === 'cell' || role === 'listitem') && hasNameAttr(el) && this.refs > refsBefore;
      // Nor a grid that draws only some of its rows: it says so (format.ts).
      const partial = (role === 'grid' || role === 'treegrid' || role === 'table') && partlyDrawn(el) !== null;
      if (node.kids.length === 0 || (TABLE_WRAPPERS.has(role) && !namedCell && !partial) || (node.kids.length === 1 && !GROUPING_ROLES.has(role) && !namedCell)) {
        // Not printed: its refs and its text (for a row or ref'd ancestor to use) go to the parent.
        if (node.text) out.push(BREAK, node.text, BREAK);
        for (const kid of node.kids) out.push(kid);
        return;
      }
    }
    if (refable) this.refs++;
    if (block) out.push(BREAK);
    out.push(node);
    if (block) out.push(BREAK);
  }
}

/**
 * `<label><input type=checkbox> Newsletter</label>`, or `<label for>` with
 * nothing but white space between it and its field; not a label inside a
 * sentence away from its field ("I read the <label for=t>terms</label> today").
 */
function besideItsControl(label: HTMLLabelElement): boolean {
  const control = label.control;
  if (!control) return false;
  if (label.contains(control)) return true;
  return nextAcrossSpace(label, 'nextSibling') === control || nextAcrossSpace(label, 'previousSibling') === control;
}

function nextAcrossSpace(node: Node, direction: 'nextSibling' | 'previousSibling'): Node | null {
  let next = node[direction];
  while (next && next.nodeType === 3 && !/\S/.test((next as Text).data)) next = next[direction];
  return next;
}

/**
 * A field of no width an editor types through, drawn by the editor around it (Monaco's EditContext): its ref
 * takes the keys, the text and the clicks, which go to the editor.
 */
function drawnAround(el: Element): boolean {
  return hasEditContext(el) && el.parentElement !== null && isVisibleBox(el.parentElement);
}
