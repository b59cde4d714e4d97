/**
 * The tree the walk (walk.ts) builds and the formatter (format.ts) prints:
 * nodes for elements with a role, text between them, and block breaks that
 * keep text of different boxes on different lines until finish() folds it.
 */
import { normalizeText } from './walk-rules.ts';

/** Separates text of block boxes so `<div>A</div><div>B</div>` stays two text lines. */
export const BREAK = 0;
export type Kid = SNode | string | typeof BREAK;

export interface SNode {
  el: Element;
  role: string;
  /** Gets a ref: something an agent can act on (visible, takes pointer events). */
  refable: boolean;
  /** Got its ref for its cursor (pointer: click it; grab: drag it), not for its role. */
  cursor: false | 'pointer' | 'grab' | 'move';
  kids: Kid[];
  /** An ancestor (or the element) says aria-disabled="true", and no closer one says "false". */
  ariaDisabled: boolean;
  /** The printed name, once format.ts has computed it. */
  name?: string;
  /**
   * Interactive mode only: the start of the text under the node (text is not
   * printed there). Names a ref'd element that has no name, and a table row.
   */
  text?: string;
}

/**
 * The role of a node that stands for an element whose children the walk did
 * not enter, as it was nested too deep (walk.ts MAX_WALK_DEPTH); format.ts
 * prints how to snapshot it.
 */
export const DEEPER = 'deeper';

// How much text interactive mode keeps per node for names.
const MAX_TEXT = 100;

/** Appends a kid, merging adjacent text as rendering does. */
export function push(out: Kid[], kid: Kid): void {
  const last = out.length - 1;
  if (typeof kid === 'string' && last >= 0 && typeof out[last] === 'string') out[last] += kid;
  else out.push(kid);
}

/**
 * Normalises a node's children: merges adjacent text, collapses whitespace
 * like rendering does, drops empty strings and block separators. In
 * interactive mode text is not printed; ref'd nodes keep it as a fallback name.
 */
export function finish(node: SNode, interactive: boolean): void {
  // In place, with an index: a page's first snapshot runs mostly before the JIT has caught up, where a
  // new array per node and an iterator step per kid were a tenth of what the walk allocates.
  const kids = node.kids;
  let kept = 0;
  let text = '';
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i];
    if (typeof kid === 'string') {
      text += kid;
      continue;
    }
    // Writes stay behind the reads: a run of text takes at most the place of its first piece.
    if (text) kept = flushText(kids, kept, text, node, interactive);
    text = '';
    if (kid !== BREAK) kids[kept++] = kid;
  }
  if (text) kept = flushText(kids, kept, text, node, interactive);
  kids.length = kept;
}

/** Writes the normalised text at `at` (or keeps it as the node's text); returns the next free place. */
function flushText(kids: Kid[], at: number, raw: string, node: SNode, interactive: boolean): number {
  if (interactive && (node.text?.length ?? 0) >= MAX_TEXT) return at;
  const text = normalizeText(raw);
  if (!text) return at;
  if (!interactive) {
    kids[at] = text;
    return at + 1;
  }
  node.text = node.text ? `${node.text} ${text}`.slice(0, MAX_TEXT) : text.slice(0, MAX_TEXT);
  return at;
}
