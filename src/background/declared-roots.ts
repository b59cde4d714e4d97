/**
 * Whether a tab's top document declares shadow roots in its HTML
 * (`<template shadowrootmode>`). The parser attaches those without a call the
 * page tracker can count, so without this answer a page's first snapshot asks
 * the browser about every element that could host a closed shadow root
 * (content/snapshot/dom.ts): a sixth of the first snapshot of a
 * 10,000-element page. Read from the response DevTools kept, once the parser
 * is done with the document (DOMContentLoaded), ahead of the first snapshot.
 */
import { isAttached } from './cdp.ts';
import { within } from './timing.ts';

/** How long reading the HTML may take; a snapshot waits at most SNAPSHOT_WAIT_MS of it (10 ms, mostly). */
const READ_MS = 2000;
const SNAPSHOT_WAIT_MS = 100;

/** Tabs whose top document has been parsed to its end. */
const parsed = new Set<number>();
/** Tab → the answer for its current top document. */
const answers = new Map<number, Promise<boolean | undefined>>();

export function watchDeclaredRoots(): void {
  const forget = (tabId: number) => {
    parsed.delete(tabId);
    answers.delete(tabId);
  };
  chrome.webNavigation.onCommitted.addListener(({ tabId, frameId }) => void (frameId === 0 && forget(tabId)));
  chrome.webNavigation.onDOMContentLoaded.addListener(({ tabId, frameId }) => {
    if (frameId !== 0) return;
    parsed.add(tabId);
    // Agent tabs only, where the debugger is on: read now, off the first snapshot's path.
    if (isAttached(tabId)) answers.set(tabId, readSource(tabId));
  });
  chrome.tabs.onRemoved.addListener(forget);
}

/**
 * false when the top document's HTML declares no shadow root; undefined when that
 * is not known (not parsed yet, no debugger, a worker restarted since the load, the
 * response not kept): then the snapshot asks element by element, as it always may.
 */
export async function declaresShadowRoots(tabId: number): Promise<boolean | undefined> {
  if (!parsed.has(tabId) || !isAttached(tabId)) return undefined;
  let answer = answers.get(tabId);
  if (!answer) {
    // The debugger came after the load (a tab the user shares).
    answer = readSource(tabId);
    answers.set(tabId, answer);
  }
  return within(answer, SNAPSHOT_WAIT_MS, undefined);
}

/**
 * Straight through chrome.debugger, not cdp.ts: only where the debugger is on now. An optional read
 * must not attach it again (a tab that has just left a PDF has lost it), nor wait for the attach's
 * setup on the snapshot's path.
 */
function readSource(tabId: number): Promise<boolean | undefined> {
  const send = <T>(method: string, params?: object) => chrome.debugger.sendCommand({ tabId }, method, params) as Promise<T>;
  const read = async () => {
    // A document's request id is its loader id.
    const { frameTree } = await send<{ frameTree: { frame: { loaderId: string } } }>('Page.getFrameTree');
    const { body, base64Encoded } = await send<{ body: string; base64Encoded: boolean }>('Network.getResponseBody', { requestId: frameTree.frame.loaderId });
    // Also the attribute's first name (`shadowroot`), which older pages may still carry.
    return base64Encoded ? undefined : /shadowroot/i.test(body);
  };
  // Not kept (a page from the cache, a document written by script), or no debugger: unknown.
  return within(read().catch(() => undefined), READ_MS, undefined);
}
