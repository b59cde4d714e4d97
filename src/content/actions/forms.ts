/**
 * Read-only views of the page for browser_get: form values, metadata and
 * the text visible in the viewport.
 */
import { intersectsViewport } from './hit.ts';
import { isVisible } from '../snapshot/visibility.ts';
import { getName } from '../snapshot/names.ts';

type FormValue = string | boolean | string[] | null;

const SKIPPED_TYPES = new Set(['submit', 'button', 'reset', 'image']);
// Form values land in a model's context and logs; the agent typed the password and needs no echo.
const MASK = '••••';

/**
 * name → value for the controls of `root` (a form, or any container); with
 * no root, of the one form on the page, or of each form keyed by its id/name.
 */
export function formValues(root: Element | undefined): Record<string, unknown> {
  if (root) return valuesOf(controlsOf(root));
  const forms = Array.from(document.forms);
  const loose = outsideForms();
  if (forms.length === 1 && loose.length === 0) return valuesOf(controlsOf(forms[0]));
  if (forms.length === 0) return valuesOf(loose);
  const result: Record<string, unknown> = {};
  forms.forEach((form, i) => {
    const key = form.id ? `#${form.id}` : form.getAttribute('name') ? `form[name=${form.getAttribute('name')}]` : `form ${i + 1}`;
    result[key] = valuesOf(controlsOf(form));
  });
  if (loose.length) result['(no form)'] = valuesOf(loose);
  return result;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlsOf(root: Element): Control[] {
  // A field itself: its own value (it holds no controls, and {} said nothing); a radio button's is its group's.
  if (root instanceof HTMLInputElement && root.type === 'radio' && root.name) return radioGroup(root);
  if (root instanceof HTMLInputElement || root instanceof HTMLSelectElement || root instanceof HTMLTextAreaElement) return [root];
  if (root instanceof HTMLFormElement) {
    return Array.from(root.elements).filter((e): e is Control => e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement);
  }
  return Array.from(root.querySelectorAll<Control>('input, select, textarea'));
}

function radioGroup(radio: HTMLInputElement): HTMLInputElement[] {
  const scope: Iterable<Element> = radio.form ? Array.from(radio.form.elements) : (radio.getRootNode() as Document | ShadowRoot).querySelectorAll('input');
  return Array.from(scope).filter((e): e is HTMLInputElement => e instanceof HTMLInputElement && e.type === 'radio' && e.name === radio.name && e.form === radio.form);
}

function outsideForms(): Control[] {
  return Array.from(document.querySelectorAll<Control>('input, select, textarea')).filter((c) => !c.form);
}

function valuesOf(controls: Control[]): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  const checkboxGroups = new Map<string, HTMLInputElement[]>();
  for (const c of controls) {
    if (c instanceof HTMLInputElement && SKIPPED_TYPES.has(c.type)) continue;
    const key = c.name || c.id;
    if (!key) {
      // Script-driven forms often leave name and id off: such a control goes by its label, on its own.
      values[unique(values, labelKey(c))] = c instanceof HTMLInputElement && c.type === 'radio' ? c.checked : valueOf(c);
      continue;
    }
    if (c instanceof HTMLInputElement && c.type === 'checkbox') {
      checkboxGroups.set(key, [...(checkboxGroups.get(key) ?? []), c]);
      continue;
    }
    if (c instanceof HTMLInputElement && c.type === 'radio') {
      if (c.checked) values[key] = c.value;
      else if (!(key in values)) values[key] = null;
      continue;
    }
    values[key] = valueOf(c);
  }
  for (const [key, boxes] of checkboxGroups) {
    // One box: checked or not. Several with one name: the values of the checked ones.
    values[key] = boxes.length === 1 ? boxes[0].checked : boxes.filter((b) => b.checked).map((b) => b.value);
  }
  return values;
}

/** A control without name or id: its accessible name, else what it is. */
function labelKey(c: Control): string {
  const name = getName(c);
  if (name) return name;
  return c instanceof HTMLInputElement ? `<input type="${c.type}">` : `<${c.localName}>`;
}

/** `key`, or `key (2)`, `key (3)`… when taken. */
function unique(values: Record<string, unknown>, key: string): string {
  let candidate = key;
  for (let n = 2; candidate in values; n++) candidate = `${key} (${n})`;
  return candidate;
}

/** A control's value as a user would read it back; passwords masked. */
export function valueOf(c: Control): FormValue {
  if (c instanceof HTMLSelectElement) {
    const selected = Array.from(c.selectedOptions).map((o) => o.value);
    return c.multiple ? selected : (selected[0] ?? null);
  }
  if (c instanceof HTMLInputElement) {
    if (c.type === 'checkbox' || c.type === 'radio') return c.checked;
    if (c.type === 'password') return c.value ? MASK : '';
    if (c.type === 'file') return Array.from(c.files ?? []).map((f) => f.name);
  }
  return c.value;
}

export function metadata(): Record<string, string | null> {
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
  const result: Record<string, string | null> = {
    title: document.title,
    description: meta('meta[name="description" i]'),
    canonical: document.querySelector('link[rel~="canonical" i]')?.getAttribute('href') ?? null,
    lang: document.documentElement.lang || null,
  };
  for (const m of Array.from(document.querySelectorAll('meta[property^="og:" i], meta[name^="og:" i]'))) {
    const key = (m.getAttribute('property') ?? m.getAttribute('name') ?? '').toLowerCase();
    if (key && !(key in result)) result[key] = m.getAttribute('content');
  }
  return result;
}

/**
 * The text of the viewport, approximated by the visible text nodes whose
 * element intersects it; a line break wherever the enclosing block changes.
 */
export function visibleText(): string {
  const body = document.body;
  if (!body) return '';
  const parts: string[] = [];
  const blockOf = new Map<Element, Element>();
  const shown = new Map<Element, boolean>();
  let lastBlock: Element | null = null;
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    if (!parent || !/\S/.test(text) || parent.closest('script, style, noscript, template')) continue;
    let ok = shown.get(parent);
    if (ok === undefined) {
      ok = isVisible(parent) && intersectsViewport(parent);
      shown.set(parent, ok);
    }
    if (!ok) continue;
    const block = nearestBlock(parent, blockOf);
    if (lastBlock && block !== lastBlock) parts.push('\n');
    else if (parts.length) parts.push(' ');
    parts.push(text.replace(/\s+/g, ' ').trim());
    lastBlock = block;
  }
  return parts.join('').replace(/ *\n[\n ]*/g, '\n').trim();
}

function nearestBlock(el: Element, cache: Map<Element, Element>): Element {
  const cached = cache.get(el);
  if (cached) return cached;
  let block: Element = el;
  while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
  cache.set(el, block);
  return block;
}
