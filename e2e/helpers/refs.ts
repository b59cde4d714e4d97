/** The ref on the first snapshot line matching `pattern`, e.g. refOf(text, 'button "Send"'). */
export function refOf(snapshot: string, pattern: string | RegExp): string {
  const lines = snapshot.split('\n');
  const line = lines.find((l) => (typeof pattern === 'string' ? l.includes(pattern) : pattern.test(l)));
  const ref = line && /\[ref=((?:f\d+)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ref on a line matching ${pattern} in:\n${snapshot}`);
  return ref;
}
