/**
 * Ref syntax, one rule for every end: `e12` in the main frame, `f7e12` in
 * the frame with extension frame id 7. Anything else is a CSS selector.
 */
const REF = /^(?:f(\d+))?e\d+$/;

export function isRef(text: string): boolean {
  return REF.test(text.trim());
}

/** `e12` → frame 0, `f7e12` → frame 7. A CSS selector runs in the main frame. */
export function frameOfRef(refOrSelector: string): number {
  const match = REF.exec(refOrSelector.trim());
  return match?.[1] ? Number(match[1]) : 0;
}

/** What refs of a frame start with: nothing in the main frame, `f7` in frame 7. */
export function refPrefix(frameId: number): string {
  return frameId === 0 ? '' : `f${frameId}`;
}
