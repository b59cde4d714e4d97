/**
 * What a control without an accessible name carries that tells what it does:
 * its test id, or the icon drawn in it (`lucide-trash-2`, `fa-search`, an SVG
 * `<use href="#icon-settings">`). A nameless `- button [ref=e3]` is a dead
 * end for a model reading text; `[icon=trash-2]` is not. Facts from the
 * markup, printed only where the name is missing.
 */
import { composedChildren } from './dom.ts';

const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

// Icon libraries name their icons in a class: lucide-x, fa-x, bi-x, mdi-x, icon-x …
const ICON_CLASS = /^(?:lucide|fa|bi|mdi|icon|glyphicon|ti|tabler|octicon|feather|ri|ph|la|ion|codicon|heroicon|pi|oi|fi|gg|bx|uil|si)-([a-z][a-z0-9-]*)$/;
// Their size, style and animation modifiers are not icon names.
// Nor are Ionic's state and layout classes (ion-focusable, ion-activatable, ion-padding), which share ion-'s prefix.
const NOT_ICON = new RegExp('^(?:solid|regular|light|thin|duotone|brands|sharp|fw|lg|sm|xs|xl|[0-9]+x|spin|pulse|flip-.*|rotate-.*|border|inverse|stack|stack-.*|li|ul|button|btn|wrapper|container|small|large|medium|md|outline|outlined|filled|fill|round|rounded|two-tone'
  + '|focusable|activatable|activatable-instant|activated|selectable|focused|page|page-.*|overlay-wrapper|delegate-host|color|color-.*|padding|padding-.*|margin|margin-.*|text-.*|float-.*|hide|hide-.*|align-.*|justify-.*|nowrap|wrap|invalid|valid|touched|untouched|pristine|dirty)$');
// How far into a control to look for its icon.
const MAX_LOOKED_AT = 12;

export function hintFor(el: Element): string {
  for (const name of TEST_ID_ATTRIBUTES) {
    const id = el.getAttribute(name)?.trim();
    if (id) return ` [testid=${clean(id)}]`;
  }
  const icon = iconIn(el) ?? closerClass(el);
  return icon ? ` [icon=${clean(icon)}]` : '';
}

// A component library's close button, an X drawn by a bare SVG, is named by its class alone (Mantine's
// mantine-CloseButton-root, mantine-Modal-close; Bootstrap's btn-close): a word of the class, as "close".
// So is a chip's delete X (MUI's MuiChip-deleteIcon) and a field's clear button.
const CLASS_WORDS = new Map([
  ['close', 'close'], ['closebutton', 'close'], ['closebtn', 'close'], ['dismiss', 'close'],
  ['delete', 'delete'], ['remove', 'delete'], ['clear', 'clear'],
]);

function closerClass(el: Element): string | null {
  for (const token of el.classList) {
    for (const word of token.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase().split(/[-_]+/)) {
      const hint = CLASS_WORDS.get(word);
      if (hint) return hint;
    }
  }
  return null;
}

function iconIn(root: Element): string | null {
  const queue: Element[] = [root];
  for (let looked = 0; queue.length && looked < MAX_LOOKED_AT; looked++) {
    const el = queue.shift()!;
    const named = iconClass(el) ?? useTarget(el);
    if (named) return named;
    for (const child of composedChildren(el)) if (child.nodeType === Node.ELEMENT_NODE) queue.push(child as Element);
  }
  return null;
}

function iconClass(el: Element): string | null {
  // Ionicons name theirs in an attribute: <ion-icon name="trash-outline">.
  if (el.localName === 'ion-icon') return el.getAttribute('name') || null;
  for (const token of el.classList) {
    const name = ICON_CLASS.exec(token)?.[1];
    if (name && !NOT_ICON.test(name)) return name;
  }
  return null;
}

// <svg><use href="sprite.svg#icon-settings"></use></svg>
function useTarget(el: Element): string | null {
  if (el.localName !== 'use') return null;
  const href = el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '';
  const fragment = href.slice(href.indexOf('#') + 1);
  if (!href.includes('#') || !fragment) return null;
  return fragment.replace(/^(?:icon|i|svg|sprite)[-_]/, '');
}

/** Brackets and spaces would break the line's grammar. */
function clean(value: string): string {
  return value.replace(/[\s[\]"]+/g, '-').slice(0, 40);
}
