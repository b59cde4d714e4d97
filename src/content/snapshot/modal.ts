/**
 * An open modal <dialog> (showModal()) makes the rest of its document inert:
 * the browser takes no input there and leaves it out of the accessibility
 * tree. So does a dialog marked aria-modal that holds the focus, for screen
 * readers (Bootstrap's modal, MUI's Dialog: their backdrop takes the clicks).
 * The snapshot shows only the dialog (and the ancestors that hold it). Actions
 * outside a modal <dialog> fail at once instead of waiting for a cover that
 * will not go by itself; outside an aria-modal one they wait, as it may be
 * closing (locate.ts).
 */
import { composedParent, deepActiveElement, deepElementFromPoint } from './dom.ts';
import { ariaAttribute } from './internals.ts';
import { getRole } from './roles.ts';

/**
 * The modal dialog on top. Its ::backdrop covers the viewport above
 * everything else, so a hit test finds the top one, also inside a shadow root
 * (component libraries draw theirs there, e.g. Material's md-dialog), where
 * no selector on the document reaches. Then, for a backdrop that lets hits
 * through (pointer-events: none), the document's own modal dialogs (of
 * several, the last in document order: the top layer's order is not in the
 * DOM), and where focus is: it cannot leave an open modal dialog. An
 * aria-modal dialog counts only while the focus is in it (as in WebKit's
 * accessibility tree): a page may mark a panel modal that does not block it.
 */
export function topModal(doc: Document): Element | null {
  const view = doc.defaultView;
  const probes = view ? [[view.innerWidth / 2, view.innerHeight / 2], [1, 1]] : [];
  for (const [x, y] of probes) {
    const hit = modalAround(deepElementFromPoint(x, y, doc));
    if (hit) return hit;
  }
  const open = doc.querySelectorAll('dialog:modal');
  return open.length ? open[open.length - 1] : modalAround(deepActiveElement(doc), true);
}

/** The modal dialog that is `el` or holds it; with `ariaModal`, an aria-modal dialog too. */
function modalAround(el: Element | null, ariaModal = false): Element | null {
  for (let at = el; at; at = composedParent(at)) {
    if (at.localName === 'dialog' && at.matches(':modal')) return at;
    if (ariaModal && ariaAttribute(at, 'aria-modal')?.trim().toLowerCase() === 'true' && DIALOG_ROLES.has(getRole(at) ?? '')) {
      // One that takes no pointer events is closing (Ant Design's, as it fades out): the page is about to be back.
      return getComputedStyle(at).pointerEvents === 'none' ? null : at;
    }
  }
  return null;
}

const DIALOG_ROLES = new Set(['dialog', 'alertdialog']);

/** `modal` and the elements that contain it, across shadow boundaries. */
export function modalPath(modal: Element): Set<Element> {
  const path = new Set<Element>();
  for (let el: Element | null = modal; el; el = composedParent(el)) path.add(el);
  return path;
}

/** The open modal dialog that `el` is outside of (and so inert behind), or null. */
export function blockingModal(el: Element): Element | null {
  const modal = topModal(el.ownerDocument);
  if (!modal) return null;
  for (let at: Element | null = el; at; at = composedParent(at)) if (at === modal) return null;
  return modal;
}

/**
 * The open popup that made the rest of the page take no input, `el` outside it, and how: Radix's
 * modal menus and selects (shadcn/ui's) set pointer-events: none on <body> while one is open;
 * Headless UI's make everything else inert. A click outside lands around `el` and only closes the
 * popup. Known by the focus, which is in the popup (or its combobox's field) while it is open and
 * back on its button once it closes. Null while `el` takes clicks.
 */
export function popupBlocking(el: Element): { popup: Element; how: string } | null {
  const how = takesNoPointer(el);
  const popup = how ? popupWithFocus(el) : null;
  return popup && how ? { popup, how } : null;
}

/**
 * The open popup or dialog the focus is in, `el` outside it: one that holds the focus there (Radix's
 * Select moves it back in when anything outside takes it). Null when the focus is in none, or `el` is in it.
 */
export function popupWithFocus(el: Element): Element | null {
  for (let at = deepActiveElement(el.ownerDocument); at; at = composedParent(at)) {
    if (!POPUP_ROLES.has(getRole(at) ?? '')) continue;
    for (let up: Element | null = el; up; up = composedParent(up)) if (up === at) return null;
    return at;
  }
  return null;
}

const POPUP_ROLES = new Set(['menu', 'menubar', 'listbox', 'tree', 'grid', 'combobox', 'dialog', 'alertdialog']);

function takesNoPointer(el: Element): string | null {
  for (let up: Element | null = el; up; up = composedParent(up)) if (up.hasAttribute('inert')) return 'made it inert';
  const body = el.ownerDocument.body;
  const none = body && getComputedStyle(body).pointerEvents === 'none' && getComputedStyle(el).pointerEvents === 'none';
  return none ? 'set pointer-events: none on <body>' : null;
}
