import browser from 'webextension-polyfill';
import type { Announcement, ContentSnapshot, SnapshotRequestOptions, TextShownNews } from '../../shared/content-messages.ts';
import { expectsLateText, lastActionFrame } from '../actions/untold.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { isBlank, sendToFrame } from '../frames.ts';
import { resolveTab } from '../tabs.ts';
import { frameOfRef, refPrefix } from '../../shared/refs.ts';
import { assertNoDialog } from '../actions/dialogs.ts';
import { linkChildFrames, MAX_FRAME_DEPTH } from '../frame-map.ts';
import { ensureAttached } from '../cdp.ts';
import { childSessionsReady } from '../devtools/targets.ts';
import { AgentError } from '../../shared/errors.ts';
import { isChildLoading, isFrameLoading } from '../frame-loading.ts';
import { declaresShadowRoots } from '../declared-roots.ts';
import { isKnownBusy, PROBE_MS } from '../busy-frames.ts';

export async function snapshot(params: Params<'snapshot'>): Promise<Result<'snapshot'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  // Attached, the page's click handlers are known (page-scripts/). A tab the
  // debugger cannot attach to is still snapshotted, without them.
  await ensureAttached(tabId).catch(() => undefined);
  // And so are those of its frames of other sites, once their sessions are set up.
  await childSessionsReady(tabId);
  const { tabId: _ignored, root, ...rest } = params;
  // A root ref like f12e3 lives in frame 12: snapshot that frame alone.
  const startFrame = root ? frameOfRef(root) : 0;
  const options: SnapshotRequestOptions = { ...rest, root };
  const state: SnapshotState = { undeclaredRoots: startFrame === 0 && (await declaresShadowRoots(tabId)) === false, lateText: expectsLateText(tabId), actedIn: lastActionFrame(tabId) ?? 0 };
  const text = await frameSnapshot(tabId, startFrame, options, state, 0).catch(async (error: unknown) => {
    // A blank tab (just opened, or just left) has no content script and nothing to show: an empty snapshot.
    if (startFrame !== 0 || !(error instanceof AgentError && error.code === 'CONTENT_SCRIPT_UNAVAILABLE')) throw error;
    if (!isBlank((await browser.tabs.get(tabId)).url)) throw error;
    return '';
  });
  // The top document said where it is; the tab is asked only when it did not answer (blank) or has no
  // title of its own, which the tab shows as its URL.
  const page = state.top?.title ? state.top : await browser.tabs.get(tabId).then((tab) => ({ url: tab.url ?? '', title: tab.title ?? '' }));
  return { tabId, url: page.url, title: page.title, text, ...(state.pdf ? { pdf: true } : {}), ...(state.announced ? { announced: state.announced } : {}),
    ...(state.textShown ? { textShown: state.textShown } : {}) };
}

interface SnapshotState {
  /** The top document is a PDF in Chromium's viewer. */
  pdf?: boolean;
  /** The top document's address and title, as it answered. */
  top?: { url: string; title: string };
  /** The top document's HTML declares no shadow root. */
  undeclaredRoots: boolean;
  /** What the top document announced that no report has told. */
  announced?: Announcement[];
  /** Whether to ask what the page wrote after the last report (untold.ts), in the top document and the frame the action went into, and what it said. */
  lateText: boolean;
  actedIn: number;
  textShown?: TextShownNews;
}

/**
 * Snapshots one frame, then each child frame under its `- iframe [ref=…]`
 * line, with frame-prefixed refs (f<frameId>e<N>) so later commands are
 * routed to the frame that owns the element.
 */
async function frameSnapshot(
  tabId: number,
  frameId: number,
  options: SnapshotRequestOptions,
  state: SnapshotState,
  depth: number,
): Promise<string> {
  const result: ContentSnapshot = await sendToFrame(tabId, frameId, {
    type: 'snapshot',
    options,
    refPrefix: refPrefix(frameId),
    ...(frameId === 0 && state.undeclaredRoots ? { undeclaredRoots: true as const } : {}),
    // What the page said after the last action's report, gone from it by now (a toast), is told here.
    ...(frameId === 0 ? { untold: true as const } : {}),
    // And what it wrote after a report whose requests were still running, where the last action went.
    ...(frameId === 0 || frameId === state.actedIn ? { lateText: state.lateText } : {}),
    // A child frame that answered its nonce may be blocked by its page a moment later: then it
    // never starts on the request, which would hold the snapshot to its timeout (busy-frames.ts).
  }, frameId !== 0 ? { startWithinMs: PROBE_MS } : {});
  if (result.contentType === 'application/pdf') {
    if (depth === 0) state.pdf = true;
    // Under its iframe's line: what it is, instead of the viewer's own frame, which shows nothing either.
    // (Plain YAML: no ": " in it.)
    else return "- text: A PDF in Chromium's viewer (its text is not part of the snapshot; browser_take_screenshot of this iframe shows it)";
  }
  if (frameId === 0) state.top = { url: result.url, title: result.title };
  if (frameId === 0 && result.untold) state.announced = result.untold;
  if (result.lateText) state.textShown = state.textShown ? { texts: [...state.textShown.texts, ...result.lateText.texts], more: state.textShown.more + result.lateText.more } : result.lateText;
  if (!result.frames.length || depth >= MAX_FRAME_DEPTH) return result.text;

  const childOptions: SnapshotRequestOptions = { ...options, root: undefined };
  // Also asked once the frames have answered: one that commits meanwhile may not answer in time, yet was loading.
  const loadingAtFirst = result.frames.map((slot) => isChildLoading(tabId, frameId, slot.src));
  const childIds = await linkChildFrames(tabId, frameId, result.frames.map((slot) => slot.nonce), result.frames.map((slot) => slot.src));
  const children = await Promise.all(
    result.frames.map(async (slot, i) => {
      const childId = childIds[i];
      if (typeof childId !== 'number') return null;
      // Every frame starts above its tab's lease floor (ref-leases.ts), so a frame's new document
      // never reissues a number its old one used (the f<id> prefix keeps
      // siblings apart).
      const childText = await frameSnapshot(tabId, childId, childOptions, state, depth + 1).catch(() => null);
      return childText === null ? null : { slot, text: childText };
    }),
  );
  const out = result.text.split('\n');
  result.frames.forEach((slot, i) => {
    const childId = childIds[i];
    // Inside the key, which is quoted when the frame's title needs it.
    const mark = (marker: string) => void (out[slot.line] = out[slot.line].replace(/'?$/, (quote) => ` [${marker}]${quote}`));
    // The frame shows Chromium's error page (blocked from framing, host unreachable): nothing to act on inside.
    if (childId === 'failed') mark('load-failed');
    else if (children[i]) return;
    // Its page is blocked (a script in a loop, a long task, also while it loads): nothing in it answers for now.
    else if (childId === 'busy' || (typeof childId === 'number' && isKnownBusy(tabId, childId))) mark('not-responding');
    // Not answered because its document has not loaded yet: a later snapshot shows it.
    else if (loadingAtFirst[i] || (typeof childId === 'number' ? isFrameLoading(tabId, childId) : isChildLoading(tabId, frameId, slot.src))) mark('loading');
    // A lazy frame the page has not been scrolled near: it has not begun to load (a video or map embed, comments far down).
    else if (childId === null && slot.lazy) mark('not-loaded');
  });
  // The frame's lines go under its line, as one entry: spread into splice(), a frame of 100,000 lines overflowed the stack.
  for (const child of children) {
    if (!child?.text) continue;
    const line = out[child.slot.line];
    out[child.slot.line] = `${line.endsWith(':') ? line : `${line}:`}\n${child.text.split('\n').map((l) => child.slot.indent + l).join('\n')}`;
  }
  return out.join('\n');
}
