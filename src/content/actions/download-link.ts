/**
 * A link the browser downloads rather than opens (`<a download href>`): its
 * click starts no navigation, so the click waits for the download instead
 * (background/actions/effects.ts). A module of its own: locating an element
 * (find.ts) asks it too, and must not import the click's guard.
 */
export function isDownloadLink(target: EventTarget): boolean {
  return (target instanceof HTMLAnchorElement || target instanceof HTMLAreaElement) && target.hasAttribute('download') && !!target.href;
}
