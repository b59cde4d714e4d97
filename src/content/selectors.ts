/**
 * The selectors models write from Playwright habit, besides CSS: `text=Save`,
 * `role=button[name="Save"]`, XPath (`//button`, `xpath=…`), and CSS ending in
 * `:has-text("Save")`, `:text-is("Save")` or `:visible`. Refused as invalid,
 * each cost the agent a turn to learn that only CSS works; they now find what
 * Playwright would (text and names case-insensitive, quoted text exact).
 * Chains (`>>`) and other engines stay unsupported: the error says which work.
 */
import { AgentError } from '../shared/errors.ts';
import { elementsByRole, elementsByText, innerText } from './actions/find.ts';
import { normalize } from './actions/describe.ts';
import { isVisible } from './snapshot/visibility.ts';

/** Finds the elements a selector names. */
export type Engine = () => Element[];

const PSEUDOS = /(?::(?:has-text|text-is|text)\((?:"[^"]*"|'[^']*')\)|:visible)+$/;

/** How to find what `selector` names; null when it is none of these forms (plain CSS). */
export function playwrightEngine(selector: string): Engine | null {
  const s = selector.trim();
  if (/^text=/.test(s)) return () => byText(s.slice(5));
  if (/^role=/.test(s)) return () => byRole(s.slice(5), selector);
  if (/^xpath=/.test(s)) return () => byXPath(s.slice(6), selector);
  if (/^\(*\.{0,2}\//.test(s)) return () => byXPath(s, selector);
  if (s.includes('>>')) throw unsupported(selector, 'chains (>>)');
  const pseudos = PSEUDOS.exec(s);
  if (!pseudos) return null;
  const base = s.slice(0, pseudos.index).trim() || '*';
  const filters = Array.from(pseudos[0].matchAll(/:(has-text|text-is|text|visible)(?:\((?:"([^"]*)"|'([^']*)')\))?/g), (m) => filterFor(m[1], m[2] ?? m[3] ?? ''));
  return () => {
    let elements: Element[];
    try {
      elements = Array.from(document.querySelectorAll(base));
    } catch {
      throw invalid(selector);
    }
    return elements.filter((el) => filters.every((keep) => keep(el)));
  };
}

/** The message for a selector that is none of the forms above nor CSS. */
export function invalid(selector: string): AgentError {
  return new AgentError(
    'INVALID_SELECTOR',
    `"${selector}" is neither a ref (like e12) nor a selector this tool reads: CSS, text=…, role=…[name="…"], XPath (//…), or CSS ending in :has-text("…"). Check the syntax, or take a snapshot (browser_snapshot) and use a ref.`,
  );
}

function unsupported(selector: string, what: string): AgentError {
  return new AgentError('INVALID_SELECTOR', `"${selector}" uses Playwright's ${what}, which this tool does not read. Use one CSS selector, text=…, role=…[name="…"] or XPath, or a ref from browser_snapshot or browser_find.`);
}

function filterFor(kind: string, text: string): (el: Element) => boolean {
  const wanted = normalize(text).toLowerCase();
  switch (kind) {
    case 'visible':
      return isVisible;
    case 'text-is':
      return (el) => innerText(el).toLowerCase() === wanted;
    default:
      return (el) => innerText(el).toLowerCase().includes(wanted);
  }
}

/** `text=Save`: case-insensitive, anywhere in the text; `text="Save"`: the whole text, exactly. */
function byText(query: string): Element[] {
  const quoted = /^(["'])(.*)\1$/.exec(query.trim());
  const text = normalize(quoted ? quoted[2] : query);
  if (!text) return [];
  const found = elementsByText(text.toLowerCase());
  return quoted ? found.filter((el) => innerText(el) === text) : found;
}

/**
 * `role=button`, `role=button[name="Save"]` (the name: case-insensitive, a part of it will do); unquoted
 * too, as in a CSS attribute selector (`[name=Search]`, which agents write as often).
 */
function byRole(query: string, selector: string): Element[] {
  const m = /^([a-z]+)\s*(?:\[\s*name\s*=\s*(?:"([^"]*)"\s*[is]?|'([^']*)'\s*[is]?|([^\]"']+))\s*\])?$/i.exec(query.trim());
  if (!m) throw invalid(selector);
  const name = m[2] ?? m[3] ?? m[4]?.trim();
  return elementsByRole(m[1].toLowerCase(), name === undefined ? undefined : normalize(name).toLowerCase());
}

function byXPath(expression: string, selector: string): Element[] {
  let result: XPathResult;
  try {
    result = document.evaluate(expression, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  } catch {
    throw invalid(selector);
  }
  const found: Element[] = [];
  for (let i = 0; i < result.snapshotLength; i++) {
    const node = result.snapshotItem(i);
    if (node instanceof Element) found.push(node);
  }
  return found;
}
