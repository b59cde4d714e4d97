/**
 * Page.captureScreenshot for the viewport, the whole page, or one element.
 * The image comes back at device pixels; the server scales it for the model.
 */
import { AgentError } from '../../shared/errors.ts';
import { toParent, type Box, type TargetSpec } from '../../shared/content-messages.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { frameTransform } from '../frame-map.ts';
import { sendToFrame } from '../frames.ts';
import { listenAll, on } from '../listen.ts';
import { unlessDialog } from '../actions/dialogs.ts';
import { resolveTab } from '../tabs.ts';
import type { CommandContext } from '../router.ts';
import { frameOf, targetSpec } from '../actions/target.ts';
import { evaluateValue } from './evaluate.ts';
import { bringToFront } from '../in-front.ts';

/** Chromium cannot paint a capture taller than its maximum texture size. */
const MAX_CAPTURE_PX = 16_384;

interface LayoutMetrics {
  cssContentSize: { width: number; height: number };
  cssLayoutViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number };
}

export async function screenshot(params: Params<'screenshot'>, ctx: CommandContext): Promise<Result<'screenshot'>> {
  const tabId = await resolveTab(params.tabId);
  const target = targetSpec(params, false);
  // A tab with a dialog open paints no frame for the capture.
  // Waits for the element as actions do (DEFAULT_ACTION_WAIT_MS unless a timeout is given).
  return unlessDialog(tabId, () => capture(tabId, params, target, ctx.actionWaitMs));
}

async function capture(tabId: number, params: Params<'screenshot'>, target: TargetSpec | undefined, budgetMs: number): Promise<Result<'screenshot'>> {
  // A tab behind another is not painted, and capturing it would wait forever.
  const putBack = await bringToFront(tabId);

  const format = params.format ?? 'png';
  // Our outline and "agent is controlling this tab" pill are not part of the page. Hiding them
  // changes no layout (a fixed overlay), so it goes out together with the reads below.
  const hiding = sendToFrame(tabId, 0, { type: 'feedback', hidden: true }).then(() => true, () => false);
  try {
    // First, as it may scroll: the page's scroll position is read after.
    const element = target && (await elementBox(tabId, target, budgetMs));
    const [metrics, dpr] = await Promise.all([
      cdp<LayoutMetrics>(tabId, 'Page.getLayoutMetrics'),
      evaluateValue<number>(tabId, 'window.devicePixelRatio'),
    ]);
    const { options, description } = captureOptions(params, element, metrics, dpr);
    await hiding;
    // optimizeForSpeed: a faster PNG encoder (half the time on a busy page) for a somewhat
    // larger file; what a model pays for is the image's size in pixels, not in bytes.
    const encoding = format === 'jpeg' ? { quality: params.quality ?? 80 } : { optimizeForSpeed: true };
    const { data } = await unlessNavigated(tabId, cdp<{ data: string }>(tabId, 'Page.captureScreenshot', { format, ...encoding, ...options }));
    return { tabId, mimeType: format === 'jpeg' ? 'image/jpeg' : 'image/png', data, description, devicePixelRatio: dpr };
  } finally {
    putBack?.();
    // Not awaited: the image is taken, and messages to the frame keep their order.
    if (await hiding) void sendToFrame(tabId, 0, { type: 'feedback', hidden: false }).catch(() => undefined);
  }
}

/**
 * A capture the page navigates away from never answers: Chromium drops it
 * with the old document (3 in 20 when a navigation commits mid-capture,
 * measured on Chromium 156), and the command would wait for its timeout.
 * The commit ends it at once.
 */
function unlessNavigated<T>(tabId: number, capture: Promise<T>): Promise<T> {
  let stop = () => {};
  const navigated = new Promise<never>((_, reject) => {
    stop = listenAll([
      on(chrome.webNavigation.onCommitted, (d: { tabId: number; frameId: number; url: string }) => {
        if (d.tabId === tabId && d.frameId === 0) {
          reject(new AgentError('NAV_ABORTED', `The page in tab ${tabId} navigated to ${d.url} while the screenshot was taken. Take the screenshot again.`));
        }
      }),
    ]);
  });
  return Promise.race([capture, navigated]).finally(stop);
}

/** The clip for the viewport, the full page or one element, at device pixels. */
function captureOptions(params: Params<'screenshot'>, element: { box: Box; what: string } | undefined, metrics: LayoutMetrics, dpr: number): { options: Record<string, unknown>; description: string } {
  const { pageX, pageY, clientWidth, clientHeight } = metrics.cssLayoutViewport;
  if (element) {
    const { box, what } = element;
    // Box is relative to the viewport; the clip is in page coordinates. With a clip, the
    // image is clip size × scale: scale by the DPR to keep every device pixel.
    return {
      options: { clip: { x: box.x + pageX, y: box.y + pageY, width: box.width, height: box.height, scale: dpr }, captureBeyondViewport: true },
      description: `element ${what} (${Math.round(box.width)}×${Math.round(box.height)})`,
    };
  }
  if (params.fullPage) {
    const { width, height } = metrics.cssContentSize;
    const capped = Math.min(height, Math.floor(MAX_CAPTURE_PX / dpr));
    return {
      options: { clip: { x: 0, y: 0, width, height: capped, scale: dpr }, captureBeyondViewport: true },
      description: `full page ${Math.round(width)}×${Math.round(height)}${capped < height ? ` (cut at ${capped} px: Chromium cannot capture taller images)` : ''}`,
    };
  }
  // A clip like the other modes, so the image has device pixels at any DPR.
  return {
    options: { clip: { x: pageX, y: pageY, width: clientWidth, height: clientHeight, scale: dpr } },
    description: `viewport ${Math.round(clientWidth)}×${Math.round(clientHeight)}`,
  };
}

/**
 * The element's box in the tab's viewport, once it is visible and scrolled
 * into view — in its scroll container, and for a child frame in the frames
 * around it — as a capture shows what is painted at a place, and a box
 * scrolled out of its container shows whatever covers that place.
 */
async function elementBox(tabId: number, target: TargetSpec, budgetMs: number): Promise<{ box: Box; what: string }> {
  const frameId = frameOf(target);
  const { box } = await sendToFrame(tabId, frameId, { type: 'reveal', target, timeoutMs: budgetMs });
  const what = target.ref ?? `"${target.selector}"`;
  if (frameId === 0) return { box, what };
  const transform = await frameTransform(tabId, frameId, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  return { box: { ...toParent(transform, box), width: box.width * transform.scaleX, height: box.height * transform.scaleY }, what };
}
