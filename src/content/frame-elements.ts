/**
 * The elements that show a document of their own in this one: <iframe>,
 * <frame>, and an <object> or <embed> showing a page or an SVG drawing (an
 * interactive chart, a diagram). Each gets a frame slot in the snapshot, and
 * input and searches go into its document as into an iframe's.
 */
export type FrameElement = HTMLIFrameElement | HTMLFrameElement | HTMLObjectElement | HTMLEmbedElement;

export const FRAME_SELECTOR = 'iframe, frame, object, embed';

/**
 * The window of the document the element shows; null for an <object> or
 * <embed> showing an image, a plugin or its fallback content, which are part
 * of this document.
 */
export function frameWindow(el: Element): Window | null {
  switch (el.localName) {
    case 'iframe':
    case 'frame':
    case 'object':
      return (el as HTMLIFrameElement | HTMLObjectElement).contentWindow;
    case 'embed':
      return embedWindow(el as HTMLEmbedElement);
    default:
      return null;
  }
}

/** An element that shows a document of its own (frameWindow). An <iframe> or <frame> is one even before its document comes. */
export function isFrameElement(el: Element): el is FrameElement {
  const tag = el.localName;
  return tag === 'iframe' || tag === 'frame' || ((tag === 'object' || tag === 'embed') && frameWindow(el) !== null);
}

/** Where the element's document comes from, as the browser lists the frame's URL. */
export function frameSource(el: FrameElement): string {
  return el.localName === 'object' ? (el as HTMLObjectElement).data : (el as HTMLIFrameElement | HTMLEmbedElement).src;
}

/**
 * <embed> has no contentWindow; its document's window is among ours, and says
 * which element holds it when it is of our origin. One of another origin
 * cannot be told from the rest, and is left out.
 */
function embedWindow(embed: HTMLEmbedElement): Window | null {
  const frames = embed.ownerDocument.defaultView?.frames;
  if (!frames) return null;
  for (let i = 0; i < frames.length; i++) {
    try {
      if (frames[i].frameElement === embed) return frames[i];
    } catch {
      // Another origin's window: no frameElement to compare.
    }
  }
  return null;
}
