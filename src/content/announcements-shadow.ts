/**
 * The shadow roots whose live regions are watched too: a web component's toast or alert keeps its
 * role=status in its shadow root (Ionic's ion-toast, Shoelace's sl-alert), which an observer of the
 * document never sees change. Each root is observed once found: those in the page when the watch
 * starts, those that come in with added elements, and, on each input, those of the custom elements
 * that were not defined yet when last looked at (a component upgraded once its code loaded).
 */
import { shadowRootOf } from './snapshot/dom.ts';

const observed = new WeakSet<ShadowRoot>();
// Custom elements not yet defined when looked at: their root comes when they are.
let undefinedYet: WeakRef<Element>[] = [];

/** Starts watching a root: observes it and notes what its live regions say now. */
type Watch = (root: ShadowRoot) => void;

/**
 * Watches the shadow roots in `root` and its subtree (nested ones too), each once. `none`: the page
 * can have made none yet (shadowRootsPossible in announcements.ts), so only the custom elements not
 * defined yet are noted: asking each element of a big page for a closed root took 20 ms and more.
 */
export function observeShadowRootsIn(root: ParentNode, watch: Watch, none = false): void {
  if (none) {
    for (const el of root.querySelectorAll(':not(:defined)')) undefinedYet.push(new WeakRef(el));
    return;
  }
  const elements = root instanceof Element ? [root, ...root.querySelectorAll('*')] : root.querySelectorAll('*');
  for (const el of elements) observeHost(el, watch);
}

/** On input: the roots of the custom elements defined since they were looked at. */
export function observeNewShadowRoots(watch: Watch): void {
  const waiting = undefinedYet;
  undefinedYet = [];
  for (const ref of waiting) {
    const el = ref.deref();
    if (el?.isConnected) observeHost(el, watch);
  }
}

function observeHost(el: Element, watch: Watch): void {
  // Open roots on any element; closed ones only where an element can have one (shadowRootOf's rules).
  // Found so, a root is also among those an action looks in for the dialog it opened (a modal's in
  // Ionic's ion-modal) and the controls it showed (revealed.ts).
  const shadow = shadowRootOf(el);
  if (!shadow) {
    if (el.localName.includes('-') && !el.matches(':defined')) undefinedYet.push(new WeakRef(el));
    return;
  }
  if (observed.has(shadow)) return;
  observed.add(shadow);
  watch(shadow);
  observeShadowRootsIn(shadow, watch);
}
