import { composedParent, getIdRefs } from './dom.ts';
import { isHiddenForAria } from './visibility.ts';

/**
 * aria-owns (https://w3c.github.io/aria/#aria-owns): an owned element is a
 * child of its owner in the accessibility tree, wherever it sits in the DOM,
 * so the snapshot prints it under the owner and not at its DOM place (a
 * combobox's popup listbox rendered at the end of <body>, a grid row that
 * owns cells from elsewhere). Like Chromium's tree: the first owner in DOM
 * order wins, an element is never made its own ancestor, and an owner that is
 * itself hidden takes nothing away from where it is shown.
 */
export class Ownership {
  /** Owned element → its owner. */
  private readonly ownerOf = new Map<Element, Element>();
  /** Owner → what it owns, in aria-owns order. */
  private readonly owned = new Map<Element, Element[]>();

  /**
   * Records the owners of one tree scope (IDREFs resolve within it). Called
   * before the walk enters the scope, so no element there has been printed
   * at its DOM place yet. `within`: only owners inside this subtree count.
   * Returns whether the scope had any.
   */
  scan(scope: Document | ShadowRoot, within?: Element): boolean {
    let found = false;
    for (const owner of scope.querySelectorAll('[aria-owns]')) {
      if ((within && !within.contains(owner)) || isHiddenForAria(owner)) continue;
      for (const el of getIdRefs(owner, 'aria-owns')) {
        if (this.ownerOf.has(el) || this.isTreeAncestor(el, owner)) continue;
        this.ownerOf.set(el, owner);
        const list = this.owned.get(owner);
        if (list) list.push(el);
        else this.owned.set(owner, [el]);
        found = true;
      }
    }
    return found;
  }

  isOwned(el: Element): boolean {
    return this.ownerOf.has(el);
  }

  ownedBy(owner: Element): readonly Element[] | undefined {
    return this.owned.get(owner);
  }

  /** Is `candidate` `el` or one of its ancestors in the accessibility tree (ownership first, then the composed DOM)? */
  private isTreeAncestor(candidate: Element, el: Element): boolean {
    for (let node: Element | null = el; node; node = this.ownerOf.get(node) ?? composedParent(node)) {
      if (node === candidate) return true;
    }
    return false;
  }
}
