/**
 * browser_get and browser_is: read-only questions about the page or one
 * element, answered with plain JSON values.
 */
import type { ContentRequest, ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import { focusedElement, isDisabled } from '../snapshot/states.ts';
import { queryAll, resolveSpec } from '../target.ts';
import { isVisible } from '../snapshot/visibility.ts';
import { checkedState } from './checked.ts';
import { editorBox, isReadOnly, notEditableKind, retargetLabel } from './controls.ts';
import { editorKeeps } from '../editor-fields.ts';
import { describe } from './describe.ts';
import { formValues, metadata, valueOf, visibleText } from './forms.ts';
import { boxOf, intersectsViewport } from './hit.ts';

type GetRequest = Extract<ContentRequest, { type: 'get' }>;
type IsRequest = Extract<ContentRequest, { type: 'is' }>;

const MAX_HTML = 100_000;
const DEFAULT_STYLES = [
  'display', 'visibility', 'opacity', 'position', 'z-index', 'width', 'height', 'color', 'background-color',
  'font-family', 'font-size', 'font-weight', 'cursor', 'pointer-events', 'overflow',
];

export function get(request: GetRequest): ContentResults['get'] {
  return { value: getValue(request) };
}

function getValue({ what, target, name }: GetRequest): unknown {
  switch (what) {
    case 'title':
      return document.title;
    case 'url':
      return location.href;
    case 'metadata':
      return metadata();
    case 'visible_text':
      return truncate(visibleText());
    case 'form_values':
      return formValues(target ? element(target) : undefined);
    case 'text':
      return target ? innerText(element(target)) : innerText(document.body ?? document.documentElement);
    case 'html':
      return truncate((target ? element(target) : document.documentElement).outerHTML);
    case 'count': {
      if (!target?.selector) throw new AgentError('INVALID_PARAMS', 'what=count needs a CSS "selector" (a ref always names one element).');
      return queryAll(target.selector).length;
    }
    case 'value':
      return valueFor(element(need(target, what)));
    case 'attribute': {
      if (!name) throw new AgentError('INVALID_PARAMS', 'what=attribute needs "name", the attribute to read (e.g. "href").');
      return element(need(target, what)).getAttribute(name);
    }
    case 'box':
      return boxOf(element(need(target, what)));
    case 'styles': {
      const style = getComputedStyle(element(need(target, what)));
      if (name) return style.getPropertyValue(name);
      return Object.fromEntries(DEFAULT_STYLES.map((p) => [p, style.getPropertyValue(p)]));
    }
    default:
      throw new AgentError('INVALID_PARAMS', `Unknown what="${String(what)}".`);
  }
}

export function is({ what, target }: IsRequest): ContentResults['is'] {
  if (what === 'visible' || what === 'hidden') {
    // Gone counts as hidden: a selector with no match or a ref whose element was removed.
    let visible = false;
    try {
      visible = isVisible(resolveSpec(target).element);
    } catch (error) {
      if (!(error instanceof AgentError) || (error.code !== 'ELEMENT_NOT_FOUND' && error.code !== 'STALE_REF')) throw error;
    }
    return { value: what === 'visible' ? visible : !visible };
  }
  const el = element(target);
  switch (what) {
    case 'enabled':
      return { value: !isDisabled(el) };
    case 'disabled':
      return { value: isDisabled(el) };
    case 'checked':
      return { value: checkedState(el).checked === true };
    case 'editable':
      return { value: !notEditableKind(el) && !isReadOnly(el) && !isDisabled(el) };
    case 'focused':
      return { value: focusedElement(el.ownerDocument) === el };
    case 'in_viewport':
      return { value: intersectsViewport(el) };
    default:
      throw new AgentError('INVALID_PARAMS', `Unknown what="${String(what)}".`);
  }
}

function element(target: TargetSpec): Element {
  return resolveSpec(target).element;
}

function need(target: TargetSpec | undefined, what: string): TargetSpec {
  if (!target) throw new AgentError('INVALID_PARAMS', `what=${what} needs the element: pass "ref" (from browser_snapshot) or "selector".`);
  return target;
}

function innerText(el: Element): string {
  return (el as HTMLElement).innerText ?? el.textContent ?? '';
}

function valueFor(el: Element): unknown {
  if (editorKeeps(el)) {
    const box = editorBox(el);
    const drawn = box ? `what=text with a selector for the box it draws its lines in, ${describe(box)} (line numbers included, and only the lines drawn)` : 'what=text on the editor around it';
    throw new AgentError('INVALID_TARGET', `${describe(el)} is the field a code editor types through (as CodeMirror 5's and Monaco's are): it holds none of the editor's text, which the editor draws beside it. Read what it shows with ${drawn}, or all of its text with browser_evaluate and the editor's own API (CodeMirror's getValue(), Monaco's getModel().getValue()).`);
  }
  // A code editor's box (Monaco's role=code): the field it types through.
  const field = el instanceof HTMLLabelElement ? el : retargetLabel(el, true);
  if (field !== el) return valueFor(field);
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) return valueOf(el);
  if (el instanceof HTMLElement && el.isContentEditable) return el.innerText;
  if (el instanceof HTMLLabelElement && el.control) return valueFor(el.control);
  throw new AgentError('INVALID_TARGET', `${describe(el)} has no value (it is not an input, select, textarea or contenteditable). Use what=text for its text.`);
}

function truncate(text: string): string {
  if (text.length <= MAX_HTML) return text;
  return `${text.slice(0, MAX_HTML)}\n… [truncated: ${text.length} characters in total; ask for a smaller element (ref or selector)]`;
}
