/**
 * Ref syntax, one rule for every end: `e12` in the main frame, `f7e12` in
 * the frame with extension frame id 7. Anything else is a CSS selector.
 * Also taken as written back by models: `[ref=e12]` or `ref=e12`, copied
 * with the snapshot's brackets, and `@e12`, as agent-browser prints refs.
 */
const REF = /^\s*(?:\[ref=|ref=|@)?((?:f(\d+))?e\d+)\]?\s*$/;

export function isRef(text: string): boolean {
  return REF.test(text);
}

/** The ref itself (`e12`) out of any form isRef takes. */
export function canonicalRef(text: string): string {
  return REF.exec(text)?.[1] ?? text.trim();
}

/** `e12` → frame 0, `f7e12` → frame 7. A CSS selector runs in the main frame. */
export function frameOfRef(refOrSelector: string): number {
  const match = REF.exec(refOrSelector);
  return match?.[2] ? Number(match[2]) : 0;
}

/** What refs of a frame start with: nothing in the main frame, `f7` in frame 7. */
export function refPrefix(frameId: number): string {
  return frameId === 0 ? '' : `f${frameId}`;
}
