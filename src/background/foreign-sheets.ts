/**
 * The text of a style sheet from another origin (a CDN's), which no script
 * in the page may read rule by rule, ours included: a nav menu that opens on
 * `li:hover > ul` in such a sheet gave its items no ref
 * (content/snapshot/foreign-sheets.ts). DevTools hands out what the frame
 * loaded: nothing is fetched again, and a page can learn nothing through this
 * that it did not load itself.
 */
import type { ContentAsk } from '../shared/content-messages.ts';
import { isAttached } from './cdp.ts';
import { within } from './timing.ts';

/** A CDN framework's whole CSS is a few hundred KB; past this, the sheet is left unread. */
const MAX_CHARS = 4_000_000;
const READ_MS = 2000;

/**
 * A content script's ask. DevTools is asked what the top frame's process holds: only for the top
 * document and frames of its origin, which share that process; a frame of another site (whose
 * renderer could send anything as our content script) learns nothing from it.
 */
export function sheetTextFor(ask: ContentAsk, sender: chrome.runtime.MessageSender): Promise<string | null> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || typeof ask.url !== 'string') return Promise.resolve(null);
  const top = originOf(sender.tab?.url);
  const sameOrigin = top !== null && top !== 'null' && sender.origin === top;
  return sender.frameId === 0 || sameOrigin ? sheetText(tabId, ask.url) : Promise.resolve(null);
}

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The sheet's text as the top frame of an agent tab, or a frame in its process, loaded it
 * (DevTools finds it in that process's memory), or null (not loaded there, no debugger on
 * the tab, too big). Straight through chrome.debugger, as declared-roots.ts reads: an
 * optional read must not attach the debugger.
 */
async function sheetText(tabId: number, url: string): Promise<string | null> {
  if (!isAttached(tabId) || !/^https?:/.test(url) || url.length > 8192) return null;
  const send = <T>(method: string, params?: object) => chrome.debugger.sendCommand({ tabId }, method, params) as Promise<T>;
  const read = async () => {
    const { frameTree } = await send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree');
    const { content, base64Encoded } = await send<{ content: string; base64Encoded: boolean }>('Page.getResourceContent', { frameId: frameTree.frame.id, url });
    if (content.length > MAX_CHARS) return null;
    return base64Encoded ? new TextDecoder().decode(Uint8Array.from(atob(content), (c) => c.charCodeAt(0))) : content;
  };
  return within(read().catch(() => null), READ_MS, null);
}
