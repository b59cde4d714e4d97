/**
 * The text of a style sheet from another origin (a CDN's), which no script
 * in the page may read rule by rule, ours included: a nav menu that opens on
 * `li:hover > ul` in such a sheet gave its items no ref
 * (content/snapshot/foreign-sheets.ts). DevTools hands out what the frame
 * loaded: nothing is fetched again, and a page can learn nothing through this
 * that it did not load itself.
 */
import { isAttached } from './cdp.ts';
import { within } from './timing.ts';

/** A CDN framework's whole CSS is a few hundred KB; past this, the sheet is left unread. */
const MAX_CHARS = 4_000_000;
const READ_MS = 2000;

/**
 * The sheet's text as the top frame of an agent tab loaded it, or null (not loaded by it,
 * no debugger on the tab, too big). Straight through chrome.debugger, as declared-roots.ts
 * reads: an optional read must not attach the debugger.
 */
export async function sheetText(tabId: number, url: string): Promise<string | null> {
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
