/**
 * Whether an animated element holds still enough to press, judged frame by
 * frame (locate.ts): the same box in two rendered frames in a row, as
 * Playwright's "stable" check asks. An animation that never ends (a "Buy now"
 * button that pulses, a chat bubble that bobs, a marquee: iterations
 * infinite) never gives that, so such an element could not be clicked at all.
 * It is pressed where it is once the point aimed at in one frame is still on
 * it in the next, two frames in a row; the guard confirms where the press
 * landed (guard.ts), and one that missed is tried again. An animation that
 * ends is waited for, as before.
 */

/** How many frames in a row the box must stay put, or the aimed point stay on it. */
export const STILL_FRAMES = 2;
/** The aimed point must be this far inside the box it moved to. */
const INSET_PX = 2;

/** Animation frames seen by nextFrame: animations only move the box when one renders. */
let renderedFrames = 0;

/**
 * The next animation frame — or `capMs`, whichever comes first: background
 * tabs get no animation frames at all, and a wait must still make progress.
 */
export function nextFrame(capMs = 50): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    // Not cancelled when the timer wins: the frame still counts when it comes.
    requestAnimationFrame(() => {
      renderedFrames++;
      clearTimeout(timer);
      resolve();
    });
  });
}

interface Sample {
  el: Element;
  box: DOMRect;
  frame: { count: number; time: CSSNumberish | null } | null;
}

export type Stillness = 'still' | 'pressable' | 'moving';

export class Motion {
  private previous: Sample | null = null;
  /** Frames in a row that kept the box where `previous` has it. */
  private still = 0;
  /** Frames in a row in which the point aimed at the frame before was still on the box, moved or not. */
  private held = 0;

  /** The element was scrolled or is another one: what was seen before says nothing. */
  reset(): void {
    this.previous = null;
    this.still = 0;
    this.held = 0;
  }

  /** endless: what moves it are animations that never end. */
  sample(el: Element, endless: boolean): Stillness {
    const box = el.getBoundingClientRect();
    // Animations only advance with rendered frames; two samples within one
    // frame prove nothing (hidden tabs render none, so there time is enough).
    // A new frame needs both: one rendered (the timeline's time also moves
    // between frames, so two samples 50 ms apart on a page too busy to render
    // looked stopped: seen under load, 89 % through a slide) and the
    // timeline moved on (the frame right after a sample can reuse its time).
    const frame = document.hidden ? null : { count: renderedFrames, time: document.timeline.currentTime };
    const previous = this.previous;
    const sameFrame = previous?.frame != null && frame !== null && (previous.frame.count === frame.count || previous.frame.time === frame.time);
    const boxMoved = !previous || previous.el !== el || !sameBox(previous.box, box);
    if (!sameFrame) {
      this.still = boxMoved ? 0 : this.still + 1;
      // A frame in which it did not move holds the point too: a pulse eases to a stop at each end.
      this.held = previous?.el === el && holds(box, centre(previous.box)) ? this.held + 1 : 0;
      this.previous = { el, box, frame };
    }
    // The same box in two frames in a row, not one: on a page too busy to render each
    // frame, a frame now and then leaves the animation where it was (1 run in about 120).
    if (!boxMoved && !sameFrame && this.still >= STILL_FRAMES) return 'still';
    return endless && !sameFrame && this.held >= STILL_FRAMES ? 'pressable' : 'moving';
  }
}

function sameBox(a: DOMRect, b: DOMRect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

function centre(box: DOMRect): { x: number; y: number } {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

function holds(box: DOMRect, point: { x: number; y: number }): boolean {
  return point.x >= box.left + INSET_PX && point.x <= box.right - INSET_PX && point.y >= box.top + INSET_PX && point.y <= box.bottom - INSET_PX;
}
