/**
 * Host-language names (accname step 2E) from HTML-AAM:
 * https://w3c.github.io/html-aam/#accessible-name-computations-by-html-element
 */
import { SVG_NS } from './dom.ts';
import { isHiddenForAria } from './visibility.ts';
import { type NameContext, type TextAlternative, childContext, labelsOf, newContext } from './names-content.ts';

function nonBlank(s: string | null): s is string {
  return !!s && s.trim() !== '';
}

/** Names from associated <label>s, each its own native-label traversal; empty ones are dropped. */
function labelText(labels: readonly Element[], ctx: NameContext, alt: TextAlternative): string {
  const parts: string[] = [];
  for (const label of labels) {
    const labelCtx = newContext('none', ctx.visited, isHiddenForAria(label));
    labelCtx.inNativeLabel = true;
    const text = alt(label, labelCtx);
    if (text.trim()) parts.push(text);
  }
  return parts.join(' ');
}

/** Text of the first child element named `childName` (legend, figcaption, caption) as a native label. */
function firstChildText(el: Element, childName: string, ctx: NameContext, alt: TextAlternative): string | null {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName !== childName) continue;
    const childCtx = { ...childContext(ctx), inNativeLabel: true };
    childCtx.includeHidden ||= isHiddenForAria(child);
    return alt(child, childCtx);
  }
  return null;
}

// Text fields use placeholder as the last resort
// (https://w3c.github.io/html-aam/#input-type-text-input-type-password-input-type-number-input-type-search-input-type-tel-input-type-email-input-type-url-and-textarea-element-accessible-name-computation).
const kPlaceholderTypes = new Set(['text', 'password', 'search', 'tel', 'email', 'url']);

function inputName(el: HTMLInputElement, ctx: NameContext, hasLabelledBy: boolean, alt: TextAlternative): string | null {
  const type = el.type;
  if (type === 'button' || type === 'submit' || type === 'reset') {
    // Chromium and Firefox use the value even with aria-labelledby present.
    if (nonBlank(el.value)) return el.value;
    if (type === 'submit') return 'Submit';
    if (type === 'reset') return 'Reset';
    return el.getAttribute('title') ?? '';
  }
  if (type === 'image') {
    const labels = hasLabelledBy || ctx.inLabelledBy ? [] : labelsOf(el);
    if (labels.length) return labelText(labels, ctx, alt);
    const altText = el.getAttribute('alt');
    if (nonBlank(altText)) return altText;
    const title = el.getAttribute('title');
    if (nonBlank(title)) return title;
    // Browsers and axe say "Submit" rather than html-aam's "Submit Query".
    return 'Submit';
  }
  if (hasLabelledBy) return null;
  return fieldName(el, ctx, alt, el.localName === 'input' && kPlaceholderTypes.has(type));
}

/** Form fields: labels, then title, then (for text fields) placeholder. */
function fieldName(el: Element, ctx: NameContext, alt: TextAlternative, usePlaceholder: boolean): string {
  const labels = labelsOf(el);
  if (labels.length) return labelText(labels, ctx, alt);
  const title = el.getAttribute('title') ?? '';
  if (!usePlaceholder || nonBlank(title)) return title;
  return el.getAttribute('placeholder') ?? '';
}

/**
 * The host-language name of `el`, or null when HTML has no rule for it and
 * the computation continues with name from content and the tooltip.
 */
export function hostLanguageName(el: Element, ctx: NameContext, hasLabelledBy: boolean, alt: TextAlternative): string | null {
  switch (el.localName) {
    case 'input':
      return inputName(el as HTMLInputElement, ctx, hasLabelledBy, alt);
    case 'textarea':
      return hasLabelledBy ? null : fieldName(el, ctx, alt, true);
    case 'select':
      return hasLabelledBy ? null : fieldName(el, ctx, alt, false);
    case 'button': case 'meter': case 'progress': {
      if (hasLabelledBy) return null;
      const labels = labelsOf(el);
      return labels.length ? labelText(labels, ctx, alt) : null;
    }
    case 'output':
      return hasLabelledBy ? null : fieldName(el, ctx, alt, false);
    case 'fieldset':
      if (hasLabelledBy) return null;
      return firstChildText(el, 'legend', ctx, alt) ?? el.getAttribute('title') ?? '';
    case 'figure':
      if (hasLabelledBy) return null;
      return firstChildText(el, 'figcaption', ctx, alt) ?? el.getAttribute('title') ?? '';
    case 'img': case 'area': {
      // Browsers use alt even when aria-labelledby is present but empty.
      const altText = el.getAttribute('alt');
      if (nonBlank(altText)) return altText;
      return el.getAttribute('title') ?? '';
    }
    case 'table': {
      const caption = firstChildText(el, 'caption', ctx, alt);
      if (caption !== null) return caption;
      // Not in html-aam, but every browser names a table by its summary.
      const summary = el.getAttribute('summary');
      return nonBlank(summary) ? summary : null;
    }
    case 'optgroup': {
      const label = el.getAttribute('label');
      return nonBlank(label) ? label : null;
    }
  }
  if (el.namespaceURI === SVG_NS) return svgName(el as SVGElement, ctx, alt);
  return null;
}

/** SVG: a <title> child (https://www.w3.org/TR/svg-aam-1.0/#mapping_additional_nd), xlink:title on links. */
function svgName(el: SVGElement, ctx: NameContext, alt: TextAlternative): string | null {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'title' && child.namespaceURI === SVG_NS) {
      const titleCtx = { ...childContext(ctx), inLabelledBy: true };
      titleCtx.includeHidden ||= isHiddenForAria(child);
      return alt(child, titleCtx);
    }
  }
  if (el.localName === 'a') {
    const title = el.getAttribute('xlink:title');
    if (nonBlank(title)) return title;
  }
  return null;
}
