/**
 * Files dropped on a drop zone that opens no file chooser (the service worker
 * sends the drag through CDP): whether the drop reached the element, and
 * whether the page took it. A drop the page does not cancel has the browser's
 * default action (a person's drop opens the file in a new tab), which is never
 * what was asked: it is cancelled here, once the page's own handlers had their
 * turn. Where the page takes no drag at all (it cancels no dragover), no drop is
 * sent: the worker cancels the drag instead, as the browser would otherwise open
 * the file without any event here to cancel.
 */
import type { ContentResults, TargetSpec } from '../../shared/content-messages.ts';
import { resolveSpec } from '../target.ts';

let watch: { drop?: DragEvent; cancelledByUs?: boolean; accepted?: boolean; stop: () => void } | null = null;

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
  // The page takes a drop where it cancels the dragover (the drop zone's way of saying so).
  const over = (event: Event) => {
    if (watch && event.composedPath().includes(element)) watch.accepted = event.defaultPrevented;
  };
  window.addEventListener('drop', seen, true);
  window.addEventListener('drop', untaken);
  window.addEventListener('dragover', over);
  watch = {
    stop: () => {
      window.removeEventListener('drop', seen, true);
      window.removeEventListener('drop', untaken);
      window.removeEventListener('dragover', over);
      watch = null;
    },
  };
  return null;
}

/** After the drag came over the target: whether the page takes a drop there. The watch ends when it does not. */
export function dragAccepted(): ContentResults['dragAccepted'] {
  const accepted = !!watch?.accepted;
  if (!accepted) watch?.stop();
  return { accepted };
}

/** reached: a drop came to the element (the page accepted the drag over it); taken: a handler of the page cancelled it, as drop zones do. */
export function dropOutcome(): ContentResults['dropOutcome'] {
  const drop = watch?.drop;
  const taken = !!drop && drop.defaultPrevented && !watch?.cancelledByUs;
  watch?.stop();
  return { reached: !!drop, taken };
}
