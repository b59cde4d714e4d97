/**
 * The fields code editors take keys through, which hold none of their text: the editor keeps the
 * text, the caret and the selection, and draws them beside the field (CodeMirror 5, Ace, Monaco).
 */

/**
 * Takes text through an EditContext (Monaco's editor in Chromium): an element with no text of
 * its own, whose editor keeps the caret and the selection where the DOM does not see them.
 */
export function hasEditContext(el: Element): boolean {
  return (el as HTMLElement & { editContext?: unknown }).editContext != null;
}

/** A text field shown no wider than a caret: what a code editor types through (CodeMirror 5's, Ace's), holding none of its text. */
const PROXY_WIDTH = 4;
/** How many boxes around a field are looked at for one that clips it (CodeMirror 5's is its parent: 3 × 0 px). */
const CLIPS_LOOKED_AT = 3;

/**
 * Typed into through keys that the editor itself moves and selects by: one with an EditContext,
 * or a code editor's caret-wide field. Its text and caret are the editor's, not the element's.
 */
export function editorKeeps(el: Element): boolean {
  if (hasEditContext(el)) return true;
  if (!(el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement)) return false;
  let { left, right, top, bottom } = el.getBoundingClientRect();
  let box: Element | null = el.parentElement;
  for (let i = 0; box && i < CLIPS_LOOKED_AT; i++, box = box.parentElement) {
    if (getComputedStyle(box).overflow === 'visible') continue;
    const clip = box.getBoundingClientRect();
    left = Math.max(left, clip.left);
    right = Math.min(right, clip.right);
    top = Math.max(top, clip.top);
    bottom = Math.min(bottom, clip.bottom);
  }
  return right - left <= PROXY_WIDTH || bottom - top <= 1;
}
