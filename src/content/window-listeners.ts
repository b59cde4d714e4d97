/**
 * The content script's lasting listeners on its window. document.open() (an
 * editor writing its own iframe, as TinyMCE and CKEditor 4 do; a
 * document.write after load) erases every listener on the window and the
 * document, ours too, since both worlds share those targets. It keeps the
 * window, the document and mutation observers, though: so the listeners are
 * kept here and added again when the document's root element is replaced.
 * Without them a written frame would never say which frame it is (snapshots
 * would show its iframe empty) and clicks in it would go unguarded.
 */
type Kept = [type: string, listener: EventListener, capture: boolean];

const kept: Kept[] = [];
let watching = false;

export function onWindow<K extends string>(type: K, listener: (event: K extends keyof WindowEventMap ? WindowEventMap[K] : Event) => void, capture = false): void {
  window.addEventListener(type, listener as EventListener, capture);
  kept.push([type, listener as EventListener, capture]);
  if (watching) return;
  watching = true;
  // Adding a listener that is still there does nothing, so each is simply added again.
  new MutationObserver(() => {
    for (const [keptType, keptListener, keptCapture] of kept) window.addEventListener(keptType, keptListener, keptCapture);
  }).observe(document, { childList: true });
}
