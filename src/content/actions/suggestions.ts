/**
 * What an autocomplete offers after text went into its field: the options
 * of the popup a combobox controls, with refs, so the agent picks one
 * without a snapshot. Suggestions come a moment after the keys (a debounce,
 * a fetch), and a snapshot taken at once showed none; so this waits for them,
 * up to `waitMs`, for comboboxes only.
 */
import type { Suggestions } from '../../shared/content-messages.ts';
import { getRole } from '../snapshot/roles.ts';
import { isVisible } from '../target.ts';
import { lineFor } from './find.ts';
import { nextFrame } from './locate.ts';

/** Options shown in the report; the rest are counted. */
const MAX_SHOWN = 10;
/** The list must hold still this long: results render in steps (loading row, then items). */
const SETTLE_MS = 60;
/** A list that did not change since the keys may still be replaced (a debounce): it must hold this long. */
const UNCHANGED_MS = 350;
const POPUP_ATTRIBUTES = ['aria-controls', 'aria-owns', 'aria-expanded'];
const OPTION_SELECTOR = '[role=option], [role=treeitem], [role=menuitem], [role=gridcell]';

export async function suggestionsFor(field: Element, refPrefix: string, waitMs: number): Promise<Suggestions | undefined> {
  const combobox = comboboxOf(field);
  // Only one that says it has a popup: an <input list> (its list is the browser's own) or a
  // field without one would cost every fill the whole wait.
  if (!combobox || !POPUP_ATTRIBUTES.some((attr) => combobox.hasAttribute(attr))) return undefined;
  const start = performance.now();
  let first: string | undefined;
  let seen = '';
  let since = start;
  for (;;) {
    const now = performance.now();
    const popup = popupOf(combobox);
    const options = popup && isVisible(popup) ? Array.from(popup.querySelectorAll(OPTION_SELECTOR)).filter(isVisible) : [];
    const key = options.map((o) => o.textContent).join('\n');
    first ??= key;
    if (key !== seen) {
      seen = key;
      since = now;
    }
    const settled = now - since >= (key === first ? UNCHANGED_MS : SETTLE_MS);
    if (options.length && (settled || now - start >= waitMs)) {
      return {
        popup: lineFor(popup!, refPrefix, false),
        options: options.slice(0, MAX_SHOWN).map((o) => lineFor(o, refPrefix)),
        more: Math.max(0, options.length - MAX_SHOWN),
      };
    }
    if (now - start >= waitMs) return undefined;
    await nextFrame();
  }
}

/** The field's combobox: itself (ARIA 1.2), or the wrapper that holds it (ARIA 1.0). */
function comboboxOf(field: Element): Element | null {
  if (getRole(field) === 'combobox' || field.hasAttribute('aria-autocomplete')) return field;
  const wrapper = field.parentElement?.closest('[role=combobox]');
  return wrapper ?? null;
}

/** The popup it controls or owns, looked up in its own tree scope (a shadow root's ids are its own). */
function popupOf(combobox: Element): Element | null {
  const scope = combobox.getRootNode() as Document | ShadowRoot;
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (combobox.getAttribute(attr) ?? '').split(/\s+/)) {
      const popup = id ? scope.getElementById(id) : null;
      if (popup) return popup;
    }
  }
  return null;
}
