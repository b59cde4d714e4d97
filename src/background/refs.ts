/** `e12` → frame 0, `f7e12` → frame 7. A CSS selector runs in the main frame. */
export function frameOfRef(refOrSelector: string): number {
  const match = /^f(\d+)e\d+$/.exec(refOrSelector);
  return match ? Number(match[1]) : 0;
}

export function isRef(text: string): boolean {
  return /^(f\d+)?e\d+$/.test(text);
}
