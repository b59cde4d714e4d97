/**
 * Before a snapshot of the top frame (or a frame of its origin): the text of each style sheet of another
 * origin that is not learned yet, asked of the service worker, which has it
 * from DevTools (background/foreign-sheets.ts), so CSS hover menus in a CDN's
 * sheet get refs (snapshot/hover-reveals.ts). Asked once per sheet and document.
 */
import type { ContentAsk } from '../shared/content-messages.ts';
import { learnForeignSheet, unlearnedSheets } from './snapshot/index.ts';

/**
 * DevTools answers from the page's own memory in a few milliseconds, but a sheet that imports
 * another takes one trip after the other, and on a busy machine the two took over 300 ms (seen
 * in CI: the tooltip in the imported sheet had no ref). The wait is paid only while answers are
 * slow; one after it serves the next snapshot.
 */
const WAIT_MS = 1000;
/** Sheets importing sheets: deeper ones are left unread. */
const MAX_DEPTH = 3;

const asked = new Map<string, Promise<void>>();

export async function learnForeignSheets(): Promise<void> {
  // The worker answers the top document and frames of its origin (background/index.ts).
  if (window !== window.top && location.origin !== topOrigin()) return;
  const urls = unlearnedSheets(document);
  if (!urls.length) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(urls.map((url) => learn(url, 0))), new Promise((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
  clearTimeout(timer);
}

function learn(url: string, depth: number): Promise<void> {
  let learning = asked.get(url);
  if (!learning) {
    // chrome.runtime, not the polyfill: the actions' tests load this module into plain pages, where importing the polyfill throws.
    const asking = (globalThis.chrome?.runtime as typeof chrome.runtime | undefined)?.id ? (chrome.runtime.sendMessage({ type: 'sheetText', url } satisfies ContentAsk) as Promise<unknown>) : Promise.resolve(null);
    learning = asking
      .then((text) => (typeof text === 'string' ? text : null), () => null)
      .then(async (text) => {
        const imports = learnForeignSheet(url, text);
        if (depth < MAX_DEPTH) await Promise.all(imports.map((imported) => learn(imported, depth + 1)));
      });
    asked.set(url, learning);
  }
  return learning;
}

/** The top document's origin, when this frame may read it (same origin); else null. */
function topOrigin(): string | null {
  try {
    return window.top?.location.origin ?? null;
  } catch {
    return null;
  }
}
