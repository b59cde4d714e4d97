/**
 * Child frames whose document is still loading: their navigation has begun
 * and has neither completed nor failed. Such a frame has no content script
 * yet (a server that has not answered, a big document still parsing), so its
 * `- iframe` line in a snapshot is empty, which an agent took for an empty
 * frame; the snapshot marks it `[loading]` instead (commands/snapshot.ts).
 * Known from webNavigation events since the worker started: after a restart a
 * frame already loading is not marked, as before.
 */

interface Loading {
  parent: number;
  /** The URL it began loading and, once committed, the one it committed (after redirects). */
  urls: Set<string>;
}

/** Tab → frame id → its load in progress. */
const loads = new Map<number, Map<number, Loading>>();

/**
 * A page that keeps adding frames that never load (an ad slot retried) must not grow this
 * without end; a removed frame's load usually ends in onErrorOccurred (aborted), so few stay.
 */
const MAX_PER_TAB = 100;

export function watchFrameLoads(): void {
  const nav = chrome.webNavigation;
  nav.onBeforeNavigate.addListener(({ tabId, frameId, parentFrameId, url }) => {
    if (frameId === 0) return;
    let frames = loads.get(tabId);
    if (!frames) loads.set(tabId, (frames = new Map()));
    frames.delete(frameId);
    if (frames.size >= MAX_PER_TAB) frames.delete(frames.keys().next().value!);
    frames.set(frameId, { parent: parentFrameId, urls: new Set([url]) });
  });
  nav.onCommitted.addListener(({ tabId, frameId, url }) => {
    // A new top document: its frames are all new.
    if (frameId === 0) loads.delete(tabId);
    else loads.get(tabId)?.get(frameId)?.urls.add(url);
  });
  const ended = ({ tabId, frameId }: { tabId: number; frameId: number }) => void loads.get(tabId)?.delete(frameId);
  nav.onCompleted.addListener(ended);
  nav.onErrorOccurred.addListener(ended);
  chrome.tabs.onRemoved.addListener((tabId) => void loads.delete(tabId));
}

/** Whether the frame's document is still loading. */
export function isFrameLoading(tabId: number, frameId: number): boolean {
  return loads.get(tabId)?.has(frameId) ?? false;
}

/** Whether a child frame of `parent` is loading `url` (the iframe's src; a frame not answering has no id to look it up by). */
export function isChildLoading(tabId: number, parent: number, url: string): boolean {
  if (!url) return false;
  for (const load of loads.get(tabId)?.values() ?? []) {
    if (load.parent === parent && load.urls.has(url)) return true;
  }
  return false;
}
