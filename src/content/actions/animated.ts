/**
 * Running animations and transitions around an element: a box that still
 * moves (locate.ts waits for it to stop) or an element still fading in
 * (revealed.ts counts it as shown); none at all after a hover: nothing more
 * is coming (revealed.ts, suggestions.ts).
 */
import { shadowRootOf } from '../snapshot/dom.ts';
import { composedContains } from './hit.ts';
import { nextFrame } from './motion.ts';

/** The elements running animations or transitions act on. */
export function animationTargets(): Set<Element> {
  const targets = new Set<Element>();
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (target && animation.playState === 'running') targets.add(target);
  }
  return targets;
}

/**
 * The elements running animations or transitions that may bring what is in them into sight: not one that
 * only colours or shadows it (Element Plus's field turning red as its form is checked, whose hidden
 * search input was listed as shown by the click on Create).
 */
export function revealingTargets(): Set<Element> {
  const targets = new Set<Element>();
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (target && animation.playState === 'running' && !cosmetic(animation)) targets.add(target);
  }
  return targets;
}

/** What colours, shadows or outlines a box, and so shows nothing that was not seen. */
const COSMETIC = /^(?:color|background-color|border(?:-(?:top|right|bottom|left))?-color|box-shadow|text-shadow|outline(?:-color|-offset|-width|-style)?|text-decoration(?:-color)?|caret-color|fill|stroke|border-color)$/;

function cosmetic(animation: Animation): boolean {
  const transition = (animation as Animation & { transitionProperty?: string }).transitionProperty;
  if (transition) return COSMETIC.test(transition);
  const keyframes = (animation.effect as KeyframeEffect | null)?.getKeyframes() ?? [];
  const properties = keyframes.flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)));
  return properties.length > 0 && properties.every((property) => COSMETIC.test(property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
}

/** Whether one of `targets` is the element or an ancestor of it (through shadow hosts). */
export function inAnimated(el: Element, targets: Set<Element>): boolean {
  if (!targets.size) return false;
  for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
    if (targets.has(node)) return true;
  }
  return false;
}

/**
 * The running animations and transitions on the element or an ancestor, and whether each of them
 * repeats forever (a pulse, a marquee: motion.ts): null when none runs.
 */
export function animationsAround(el: Element): { endless: boolean } | null {
  let running = false;
  let endless = true;
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (!target || animation.playState !== 'running' || !inAnimated(el, new Set([target]))) continue;
    running = true;
    if (animation.effect?.getComputedTiming().iterations !== Infinity) endless = false;
  }
  return running ? { endless } : null;
}

/**
 * After input whose timers have run (`causal`: a hover, input-timers.ts), with
 * no animation running, what it shows is there now: nothing to wait for.
 */
export function shownByNow(causal: boolean | undefined): boolean {
  return !!causal && animationTargets().size === 0;
}

/**
 * The animations that may move `elements`: the document's, and those of the shadow roots they are in
 * and of their own (closed ones too), which the document does not list (Ionic's modal animates in its
 * ion-modal's shadow root).
 */
export function animationsAbout(elements: Element[]): Animation[] {
  const roots = new Set<Document | ShadowRoot>([document]);
  for (const el of elements) {
    const root = el.getRootNode();
    if (root instanceof ShadowRoot) roots.add(root);
    const own = shadowRootOf(el);
    if (own) roots.add(own);
  }
  return [...roots].flatMap((root) => root.getAnimations());
}

/** Its target while it runs and is bound to end: an entrance or exit to wait for, not a spinner's or a pulse's. */
export function endingOn(animation: Animation): Element | null {
  const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
  return animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity ? target : null;
}

/**
 * Until the animations and transitions running on `el`, inside it or around it have ended, at most
 * `maxMs` (a dropped element gliding into its slot: content/actions/index.ts): a dialog zooming in takes no pointer events until then (Vuetify's), so its controls
 * could not be clicked and a snapshot gave them no refs. One whose controls take no input yet with
 * nothing running is about to start (a framework adds its enter class a frame later): waited for too.
 */
export async function settledIn(el: Element, maxMs: number, takesInput: () => boolean): Promise<void> {
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    const running = animationsAbout([el]).filter((animation) => {
      const target = endingOn(animation);
      return !!target && (el.contains(target) || inAnimated(el, new Set([target])));
    });
    if (running.length) {
      await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, deadline - performance.now()))]);
    } else if (!takesInput()) {
      // The next frame, or 50 ms in a tab that renders none.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        requestAnimationFrame(() => { clearTimeout(timer); resolve(); });
      });
    } else {
      return;
    }
  }
}

/**
 * Until the animations running in `elements`, and in their shadow roots (which the document does not
 * list), have ended, at most `maxMs`; then until the page has drawn twice more, for what it does at
 * their end (a component's re-render on the next frame).
 */
export async function enteredIn(elements: Element[], maxMs: number): Promise<void> {
  const running = animationsAbout(elements).filter((animation) => {
    const target = endingOn(animation);
    return !!target && elements.some((el) => composedContains(el, target));
  });
  if (!running.length) return;
  await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, maxMs))]);
  await nextFrame();
  await nextFrame();
}
