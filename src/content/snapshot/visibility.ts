/**
 * Whether an element is excluded from the accessibility tree
 * (https://w3c.github.io/aria/#tree_exclusion) and whether it has a box.
 */
import { SVG_NS, composedChildren, composedParent, factsOf, getStyle, shadowRootOf } from './dom.ts';

/** Never rendered and never part of names. */
const kIgnoredNames = new Set(['style', 'script', 'noscript', 'template']);

export function isIgnoredElement(el: Element): boolean {
  return kIgnoredNames.has(el.localName);
}

// SVG elements that never render, so neither do their children
// (https://www.w3.org/TR/SVG2/render.html#TermNeverRenderedElement).
const kSvgNeverRendered = new Set([
  'clipPath', 'defs', 'desc', 'filter', 'linearGradient', 'marker', 'mask', 'metadata', 'pattern',
  'radialGradient', 'symbol', 'title',
]);

/** Is `el` a child that its composed parent does not render at all? */
function isUnrenderedChild(el: Element, parent: Element): boolean {
  // Light-DOM children of a shadow host are rendered only through a slot;
  // composedParent() gives the slot for those.
  if (el.parentElement === parent && shadowRootOf(parent)) return true;
  // A closed <details> renders only its first <summary>
  // (https://html.spec.whatwg.org/#the-details-and-summary-elements).
  if (parent.localName === 'details' && !parent.hasAttribute('open')) {
    return !(el.localName === 'summary' && parent.querySelector(':scope > summary') === el);
  }
  return false;
}

// content-visibility works through size containment, which these boxes cannot have
// (https://drafts.csswg.org/css-contain-2/#containment-size): on them it hides nothing.
// Measured in Chromium: the content of an inline, a display:contents element or a table
// row with content-visibility:hidden stays visible (checkVisibility() is true).
const kNoSizeContainment = new Set([
  'inline', 'contents', 'table-row', 'table-row-group', 'table-header-group', 'table-footer-group',
  'table-column', 'table-column-group', 'ruby-base', 'ruby-text', 'ruby-base-container', 'ruby-text-container',
]);

/** content-visibility:hidden (also hidden=until-found) that really skips `el`'s contents. */
export function contentVisibilityHides(el: Element, display = getStyle(el).display): boolean {
  return !kNoSizeContainment.has(display) && getStyle(el).contentVisibility === 'hidden';
}

/**
 * Are all children of `parent` hidden? Memoised separately so siblings share
 * one style read. content-visibility:hidden (also hidden=until-found) skips
 * the contents but not the element itself.
 */
function areContentsHidden(parent: Element): boolean {
  const record = factsOf(parent);
  if (record?.contentsHidden !== undefined) return record.contentsHidden;
  const hidden = isInHiddenSubtree(parent) || contentVisibilityHides(parent);
  if (record) record.contentsHidden = hidden;
  return hidden;
}

/**
 * Hidden by the element itself or an ancestor, in ways no descendant can undo:
 * display:none, aria-hidden=true (https://w3c.github.io/aria/#aria-hidden),
 * inert (https://html.spec.whatwg.org/#inert-subtrees), unslotted, closed
 * <details>, content-visibility:hidden. Memoised per pass, so a walk over the
 * whole page costs O(1) per element. (Element.checkVisibility() covers some
 * of this natively but walks all ancestors on every call: slower here.)
 */
function isInHiddenSubtree(el: Element): boolean {
  const record = factsOf(el);
  if (record?.subtreeHidden !== undefined) return record.subtreeHidden;
  let hidden = false;
  const ariaHidden = el.getAttribute('aria-hidden');
  if (ariaHidden !== null && ariaHidden.toLowerCase() === 'true') hidden = true;
  else if (el.hasAttribute('inert')) hidden = true;
  else if (getStyle(el).display === 'none') hidden = true;
  else if (el.namespaceURI === SVG_NS && kSvgNeverRendered.has(el.localName)) hidden = true;
  else {
    const parent = composedParent(el);
    if (parent) hidden = isUnrenderedChild(el, parent) || areContentsHidden(parent);
  }
  if (record) record.subtreeHidden = hidden;
  return hidden;
}

/** A text node counts as rendered when it is not blank and its parent is visibility:visible. */
export function isVisibleText(text: Text): boolean {
  if (!/\S/.test(text.data)) return false;
  const parent = composedParent(text);
  return !parent || getStyle(parent).visibility === 'visible';
}

/**
 * The button a customizable select (appearance: base-select) draws its chosen
 * option in: Chromium exposes only the combobox, whose value says the same.
 */
export function isSelectButton(el: Element): boolean {
  return el.localName === 'button' && el.parentElement?.localName === 'select' && el.parentElement.firstElementChild === el;
}

function computeHidden(el: Element): boolean {
  if (isIgnoredElement(el) || isSelectButton(el)) return true;
  if (isInHiddenSubtree(el)) return true;
  const style = getStyle(el);
  if (style.display === 'contents' && el.localName !== 'slot') {
    // display:contents has no box of its own; it is exposed when something
    // it renders is (https://drafts.csswg.org/css-display/#valdef-display-contents).
    for (const child of composedChildren(el)) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        if (!isHiddenForAria(child as Element)) return false;
      } else if (child.nodeType === Node.TEXT_NODE && isVisibleText(child as Text)) {
        return false;
      }
    }
    return true;
  }
  // visibility is inherited but a descendant may set visibility:visible again,
  // so only the element's own computed value counts. (<option>s of a
  // drop-down <select> render in a popup and are not affected.)
  return style.visibility !== 'visible' && !(el.localName === 'option' && el.closest('select'));
}

/**
 * True when the element is excluded from the accessibility tree: display:none
 * or `hidden` (itself or an ancestor), aria-hidden=true, inert, content of a
 * closed <details> other than its <summary>, or visibility:hidden/collapse.
 */
export function isHiddenForAria(el: Element): boolean {
  const record = factsOf(el);
  if (record?.hidden !== undefined) return record.hidden;
  const hidden = computeHidden(el);
  if (record) record.hidden = hidden;
  return hidden;
}

/**
 * Records what the snapshot walk has proven for an element it reached with
 * every ancestor exposed: neither it nor its subtree is hidden. The name
 * computation asks again for each named element and its content; without
 * this it re-derived the answer up the ancestor chain.
 */
export function markExposed(el: Element): void {
  const record = factsOf(el);
  if (!record) return;
  record.hidden = false;
  record.subtreeHidden = false;
}

/**
 * Hidden only because of its own visibility:hidden/collapse: its children
 * with visibility:visible are still rendered, so name-from-content must
 * descend into it (accname 2A applies to nodes, not subtrees).
 */
export function isHiddenByVisibilityOnly(el: Element): boolean {
  if (isIgnoredElement(el) || isInHiddenSubtree(el)) return false;
  return getStyle(el).visibility !== 'visible';
}

/** Has a rendered box with a non-zero size, or is display:contents with such a child. */
export function isVisibleBox(el: Element): boolean {
  const style = getStyle(el);
  if (style.display === 'contents') {
    for (const child of composedChildren(el)) {
      if (child.nodeType === Node.ELEMENT_NODE) {
        if (isVisibleBox(child as Element)) return true;
      } else if (child.nodeType === Node.TEXT_NODE && isVisibleText(child as Text)) {
        return true;
      }
    }
    return false;
  }
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}

/** Has a non-empty box and is not visibility:hidden — what a user could see (opacity aside). */
export function isVisible(el: Element): boolean {
  if (!el.isConnected || !isVisibleBox(el)) return false;
  const view = el.ownerDocument.defaultView ?? window;
  return view.getComputedStyle(el).visibility === 'visible';
}
