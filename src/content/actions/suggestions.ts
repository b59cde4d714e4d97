/**
 * What an autocomplete offers after text went into its field, or a menu
 * button's menu after a click opened it: the options of the popup it
 * controls, with refs, so the agent picks one without a snapshot. Suggestions come a moment after the keys (a debounce,
 * a fetch), and a snapshot taken at once showed none; so this waits for them,
 * up to `waitMs`, for comboboxes only.
 */
import type { ContentRequest, ContentResults, Suggestions } from '../../shared/content-messages.ts';
import { resolveSpec } from '../target.ts';
import { lineFor } from './find.ts';
import { nextFrame } from './motion.ts';
import { comboboxOf, POPUP_ATTRIBUTES, popupOf, visibleOptions } from './popup.ts';
import { shownByNow } from './animated.ts';
import { getRole } from '../snapshot/roles.ts';

/** Options shown in the report; the rest are counted. */
const MAX_SHOWN = 10;
/** The list must hold still this long: results render in steps (loading row, then items). */
const SETTLE_MS = 60;
/** A list that did not change since the keys may still be replaced (a debounce): it must hold this long. */
const UNCHANGED_MS = 350;

/**
 * `answered`: the requests the text started have answered (the worker waited for them):
 * the list shown now is theirs, and need only hold still as a new one does.
 */
export async function suggestionsFor(field: Element, refPrefix: string, waitMs: number, answered: boolean): Promise<Suggestions | undefined> {
  const combobox = comboboxOf(field);
  // Only one that says it has a popup: an <input list> (its list is the browser's own) or a
  // field without one would cost every fill the whole wait.
  if (!combobox || !POPUP_ATTRIBUTES.some((attr) => combobox.hasAttribute(attr))) return undefined;
  return optionsShown(combobox, refPrefix, waitMs, answered ? '' : undefined);
}

/**
 * What the popup of a menu button or drop-down shows once a click opened it
 * (it was closed before: any option shown is news), waited for up to `waitMs`.
 */
export async function openedPopup(request: Extract<ContentRequest, { type: 'openedPopup' }>): Promise<ContentResults['openedPopup']> {
  // After a hover whose timers have run, a menu it opens is there now, or still animating in.
  const waitMs = shownByNow(request.causal) ? 0 : request.waitMs;
  const opened = await optionsShown(resolveSpec(request.target).element, request.refPrefix, waitMs, '');
  return { ...(opened ? { opened } : {}) };
}

/**
 * The options of `owner`'s popup once they hold still. `before`: what the
 * list showed before the input, when known; else the first look counts as
 * before, and an unchanged list must hold still longer (the input's own
 * update may still replace it).
 */
async function optionsShown(owner: Element, refPrefix: string, waitMs: number, before?: string): Promise<Suggestions | undefined> {
  const start = performance.now();
  let first = before;
  let seen = '';
  let since = start;
  for (;;) {
    const now = performance.now();
    const popup = popupOf(owner);
    if (!popup && namesNoPopup(owner)) return undefined;
    const options = visibleOptions(popup);
    const key = options.map((o) => o.textContent).join('\n');
    first ??= key;
    if (key !== seen) {
      seen = key;
      since = now;
    }
    const settled = now - since >= (key === first ? UNCHANGED_MS : SETTLE_MS);
    if (options.length && (settled || now - start >= waitMs)) {
      return {
        popup: lineFor(listIn(popup!), refPrefix, false),
        options: options.slice(0, MAX_SHOWN).map((o) => lineFor(o, refPrefix)),
        more: Math.max(0, options.length - MAX_SHOWN),
      };
    }
    if (now - start >= waitMs) return undefined;
    await nextFrame();
  }
}

/**
 * What to name as opened: the popup, or the one list in it where the popup is a plain box
 * around it (TinyMCE's menu bar names a <div> around each menu). "It opened generic" says nothing.
 */
function listIn(popup: Element): Element {
  const role = getRole(popup);
  if (role && role !== 'generic') return popup;
  const lists = popup.querySelectorAll('[role=menu], [role=listbox], [role=tree], [role=grid]');
  return lists.length === 1 ? lists[0] : popup;
}

/**
 * Nothing to wait for: it names no popup and will not name one, as it is open
 * already or never says whether it is (aria-expanded="false" may turn true and
 * bring aria-controls with it, as Headless UI's menus do). The caller looks
 * for what became visible instead.
 */
function namesNoPopup(owner: Element): boolean {
  return !owner.hasAttribute('aria-controls') && !owner.hasAttribute('aria-owns') && owner.getAttribute('aria-expanded') !== 'false';
}
