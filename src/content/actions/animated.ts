/**
 * Running animations and transitions around an element: a box that still
 * moves (locate.ts waits for it to stop) or an element still fading in
 * (revealed.ts counts it as shown); none at all after a hover: nothing more
 * is coming (revealed.ts, suggestions.ts).
 */

/** The elements running animations or transitions act on. */
export function animationTargets(): Set<Element> {
  const targets = new Set<Element>();
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (target && animation.playState === 'running') targets.add(target);
  }
  return targets;
}

/** Whether one of `targets` is the element or an ancestor of it (through shadow hosts). */
export function inAnimated(el: Element, targets: Set<Element>): boolean {
  if (!targets.size) return false;
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
    if (targets.has(node)) return true;
  }
  return false;
}

/** A running animation or transition on the element or any ancestor. */
export function isAnimated(el: Element): boolean {
  return inAnimated(el, animationTargets());
}

/**
 * After input whose timers have run (`causal`: a hover, input-timers.ts), with
 * no animation running, what it shows is there now: nothing to wait for.
 */
export function shownByNow(causal: boolean | undefined): boolean {
  return !!causal && animationTargets().size === 0;
}
