/**
 * Files dropped on a drop zone that opens no file chooser (the service worker
 * sends the drag through CDP): whether the drop reached the element, and
 * whether the page took it. A drop the page does not cancel has the browser's
 * default action (a person's drop opens the file in the tab), which is never
 * what was asked: it is cancelled here, once the page's own handlers had their turn.
 */
import type { ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { resolveSpec } from '../target.ts';

let watch: { drop?: DragEvent; cancelledByUs?: boolean; stop: () => void } | null = null;

export function watchDrop(target: TargetSpec): null {
  watch?.stop();
  const element = resolveSpec(target).element;
  const seen = (event: Event) => {
    if (watch && event.composedPath().includes(element)) watch.drop = event as DragEvent;
  };
  // Bubbling on window: after the page's handlers on the element and its ancestors
  // (a handler that stops the drop there has taken it, and this never runs).
  const untaken = (event: Event) => {
    if (!watch || event !== watch.drop || event.defaultPrevented) return;
    event.preventDefault();
    watch.cancelledByUs = true;
  };
  window.addEventListener('drop', seen, true);
  window.addEventListener('drop', untaken);
  watch = {
    stop: () => {
      window.removeEventListener('drop', seen, true);
      window.removeEventListener('drop', untaken);
      watch = null;
    },
  };
  return null;
}

/** reached: a drop came to the element (the page accepted the drag over it); taken: a handler of the page cancelled it, as drop zones do. */
export function dropOutcome(): ContentResults['dropOutcome'] {
  const drop = watch?.drop;
  const taken = !!drop && drop.defaultPrevented && !watch?.cancelledByUs;
  watch?.stop();
  return { reached: !!drop, taken };
}
