/**
 * Accessible name and description per accname 1.2
 * (https://w3c.github.io/accname/#computation-steps) with the HTML-AAM
 * host-language rules (https://w3c.github.io/html-aam/#accessible-name-computations-by-html-element).
 */
import { ariaAttribute } from './internals.ts';
import { factsOf, getIdRefs } from './dom.ts';
import { NAME_FROM_CONTENT_ROLES, computeRole, getExplicitRole } from './roles.ts';
import { isHiddenByVisibilityOnly, isHiddenForAria, isIgnoredElement } from './visibility.ts';
import {
  type NameContext, accumulateContent, childContext, embeddedControlValue, flatten, newContext,
} from './names-content.ts';
import { hostLanguageName } from './names-native.ts';

// Roles that cannot be named (https://w3c.github.io/aria/#namefromprohibited).
// definition/term are left out: browsers name <dd>/<dt> from aria-label and WPT expects it.
const kNameProhibited = new Set([
  'caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'mark', 'none', 'paragraph',
  'presentation', 'strong', 'subscript', 'suggestion', 'superscript', 'time',
]);

// Roles whose descendants take part in the parent's name from content
// (https://github.com/w3c/aria/issues/1821, as Chromium and Firefox do).
const kDescendantNameFromContent = new Set([
  '', 'caption', 'code', 'contentinfo', 'definition', 'deletion', 'emphasis', 'generic', 'insertion', 'list',
  'listitem', 'mark', 'none', 'paragraph', 'presentation', 'region', 'row', 'rowgroup', 'section', 'strong',
  'subscript', 'superscript', 'table', 'term', 'time',
]);

/** Role as naming sees it: implicit `generic` (div, span …) behaves like no role. */
function namingRole(el: Element): string {
  const role = computeRole(el);
  if (role === 'generic' && getExplicitRole(el) !== 'generic') return '';
  return role;
}

function isPresentationRole(role: string): boolean {
  return role === 'none' || role === 'presentation';
}

/** Text of the nodes an IDREF attribute points at, each computed as a fresh reference traversal (2B). */
function referencedText(refs: readonly Element[], ctx: NameContext, kind: 'labelledby' | 'describedby'): string {
  const parts: string[] = [];
  for (const ref of refs) {
    const refCtx = newContext('none', ctx.visited, isHiddenForAria(ref));
    if (kind === 'labelledby') refCtx.inLabelledBy = true;
    else refCtx.inDescribedBy = true;
    parts.push(textAlternative(ref, refCtx));
  }
  return parts.join(' ');
}

function textAlternative(el: Element, ctx: NameContext): string {
  const labelledBy = getIdRefs(el, 'aria-labelledby');
  // 2B applies only outside an ongoing labelledby/describedby traversal.
  const followLabelledBy = labelledBy.length > 0 && !ctx.inLabelledBy && !ctx.inDescribedBy;
  if (ctx.visited.has(el)) {
    // A node is used once per computation, but when met again outside a
    // reference traversal its own aria-labelledby still points at text
    // not yet used (WPT comp_name_from_content "self-referencial edge case").
    if (!followLabelledBy) return '';
    return blankToEmpty(referencedText(labelledBy, ctx, 'labelledby'));
  }

  // 2A: hidden nodes contribute nothing, unless the traversal started at a hidden node.
  if (!ctx.includeHidden && (isIgnoredElement(el) || isHiddenForAria(el))) {
    if (ctx.target !== 'self' && isHiddenByVisibilityOnly(el)) {
      // visibility:hidden hides the node itself; descendants with
      // visibility:visible are rendered and still count.
      ctx.visited.add(el);
      return accumulateContent(el, childContext(ctx), textAlternative, true);
    }
    ctx.visited.add(el);
    return '';
  }

  // 2B: aria-labelledby, unless already inside a labelledby/describedby
  // traversal. The node is marked visited only afterwards, so a node that
  // lists itself contributes its own aria-label (comp_labelledby "self").
  if (followLabelledBy) {
    const text = referencedText(labelledBy, ctx, 'labelledby');
    if (text.trim()) {
      ctx.visited.add(el);
      return text;
    }
  }
  ctx.visited.add(el);

  const role = namingRole(el);
  // 2C: a control embedded in the label of another element gives its value.
  if ((ctx.inNativeLabel || ctx.inLabelledBy || ctx.target === 'descendant') && !labelledBy.includes(el)) {
    const value = embeddedControlValue(el, role, childContext(ctx), textAlternative);
    if (value !== null) return value;
  }

  // 2D: aria-label. <slot> is not rendered itself, so browsers ignore it there.
  const ariaLabel = ariaAttribute(el, 'aria-label');
  if (ariaLabel && ariaLabel.trim() && el.localName !== 'slot') return ariaLabel;

  // 2E: host language label (HTML-AAM).
  if (!isPresentationRole(role)) {
    const native = hostLanguageName(el, ctx, labelledBy.length > 0, textAlternative);
    if (native !== null) return native;
  }

  // 2F–2H: name from content.
  const summary = el.localName === 'summary' && !isPresentationRole(role);
  if (NAME_FROM_CONTENT_ROLES.has(role) || summary || ctx.inLabelledBy || ctx.inDescribedBy ||
      ctx.inNativeLabel || (ctx.target === 'descendant' && kDescendantNameFromContent.has(role))) {
    const text = accumulateContent(el, childContext(ctx), textAlternative);
    // The spec returns any non-empty text; for the named element itself,
    // browsers fall back to the tooltip when the content is blank.
    if (ctx.target === 'self' ? text.trim() : text) return text;
  }

  // 2I: tooltip.
  if (!isPresentationRole(role) || el.localName === 'iframe') {
    const title = el.getAttribute('title');
    if (title && title.trim()) return title;
  }
  return '';
}

function blankToEmpty(s: string): string {
  return s.trim() ? s : '';
}

/** The accessible name, whitespace-normalised. Memoised within a `withStyleCache` pass. */
export function getName(el: Element): string {
  const record = factsOf(el);
  if (record?.name !== undefined) return record.name;
  let name = '';
  // Step 1: some roles are never named.
  const role = namingRole(el);
  // A checkbox or radio that is not rendered, printed as the label that draws it (walk.ts): named by
  // its labels as if shown (mdBook's sidebar toggle, an icon in a label with aria-label, was nameless).
  const undisplayed = el instanceof HTMLInputElement && isHiddenForAria(el);
  if (!kNameProhibited.has(role)) name = flatten(textAlternative(el, newContext('self', new Set(), undisplayed)));
  if (record) record.name = name;
  return name;
}

/**
 * The accessible description (https://w3c.github.io/accname/#mapping_additional_nd_description):
 * aria-describedby, else aria-description, else a title not already used as the name.
 */
export function getDescription(el: Element): string {
  const record = factsOf(el);
  if (record?.description !== undefined) return record.description;
  let description = '';
  const refs = getIdRefs(el, 'aria-describedby');
  if (refs.length) {
    description = flatten(referencedText(refs, newContext('none', new Set(), false), 'describedby'));
  } else if (el.hasAttribute('aria-description')) {
    description = flatten(el.getAttribute('aria-description') ?? '');
  } else {
    const title = flatten(el.getAttribute('title') ?? '');
    if (title && title !== getName(el)) description = title;
  }
  if (record) record.description = description;
  return description;
}

/**
 * The element's content as name-from-content gathers it (2F), whatever its
 * role: for clickable generic elements, whose role may not be named from
 * content but whose text is what a user sees on them.
 */
export function getContentText(el: Element): string {
  return flatten(accumulateContent(el, newContext('descendant', new Set([el]), false), textAlternative));
}
