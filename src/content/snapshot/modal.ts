/**
 * An open modal <dialog> (showModal()) makes the rest of its document inert:
 * the browser takes no input there and leaves it out of the accessibility
 * tree. The snapshot shows only the dialog (and the ancestors that hold it),
 * and actions outside it fail at once instead of waiting for a cover that
 * will not go by itself.
 */
import { composedParent } from './dom.ts';

/** The modal dialog on top: of several open, the one shown last is the last in the top layer, unknown to the DOM; the last in document order is taken. */
export function topModal(doc: Document): Element | null {
  const open = doc.querySelectorAll('dialog:modal');
  return open.length ? open[open.length - 1] : null;
}

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
