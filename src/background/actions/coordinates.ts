/**
 * Mouse input at viewport coordinates (browser_mouse_*_xy), for what has no
 * element to name: a canvas, a map, a chart, a game, a PDF. The points are
 * CSS pixels of the viewport, as a viewport screenshot shows it. A point
 * outside it is refused rather than sent where nothing is; the report names
 * the element each point is on, with a ref, found before the input moves anything.
 */
import type { ContentResults } from '../../shared/content-messages.ts';
import { AgentError } from '../../shared/errors.ts';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { downFrames } from '../frame-map.ts';
import { tryFrame } from '../frames.ts';
import type { CommandContext } from '../router.ts';
import { resolveTab } from '../tabs.ts';
import { refPrefix } from '../../shared/refs.ts';
import { InputStuck, settleOrBusy } from '../unresponsive.ts';
import { assertNoDialog } from './dialogs.ts';
import { dragWithInterception } from './drag.ts';
import { roundTripThroughPage, withEffects, type Effects } from './effects.ts';
import { mouseClick, mouseDown, mouseMove, mouseUp, mouseWheel } from './input.ts';

interface At {
  x: number;
  y: number;
  /** The element there, as a snapshot line with a ref; absent where no content script answers (a PDF, an error page). */
  line?: string;
  download?: boolean;
}

export async function mouseAt(params: Params<'mouseAt'>, ctx: CommandContext): Promise<Result<'mouseAt'>> {
  const tabId = await resolveTab(params.tabId);
  assertNoDialog(tabId);
  const points = [{ x: params.x, y: params.y }];
  if (params.action === 'drag') {
    if (params.toX === undefined || params.toY === undefined) throw new AgentError('INVALID_PARAMS', 'A drag needs where it ends: toX and toY.');
    points.push({ x: params.toX, y: params.toY });
  }
  if (params.action === 'wheel' && !params.deltaX && !params.deltaY) throw new AgentError('INVALID_PARAMS', 'A wheel turn needs deltaY (down; negative: up) or deltaX (right; negative: left) in pixels.');
  await assertInViewport(tabId, points);
  const [from, to] = await Promise.all(points.map((p) => elementAt(tabId, p)));
  let stuck: Pick<Effects, 'unresponsive' | 'frameUnresponsive'> = {};
  const { effects } = await withEffects(
    tabId,
    ctx.signal,
    async () => {
      try {
        if (params.action === 'click') await mouseClick(tabId, from.x, from.y, params);
        else if (params.action === 'move') await mouseMove(tabId, from.x, from.y, params.modifiers);
        else if (params.action === 'wheel') await mouseWheel(tabId, from.x, from.y, params.deltaX ?? 0, params.deltaY ?? 0);
        else await dragBetween(tabId, from, to);
      } catch (error) {
        // Its handler blocked the page, or the frame of another site it went into: the input arrived.
        if (!(error instanceof InputStuck)) throw error;
        stuck = error.effect;
        return;
      }
      if ((await settleOrBusy(tabId, roundTripThroughPage(tabId))) === 'busy') stuck = { unresponsive: true };
    },
    { fileChoosers: params.action === 'click', settled: true, downloadExpected: () => params.action === 'click' && !!from.download },
  );
  const detail =
    params.action === 'drag' ? `from ${describe(from)} to ${describe(to)}`
    : params.action === 'wheel' ? `${describe(from)} by (${params.deltaX ?? 0}, ${params.deltaY ?? 0})`
    : describe(from);
  return { tabId, detail, via: 'cdp', ...effects, ...stuck };
}

async function dragBetween(tabId: number, from: At, to: At): Promise<void> {
  await mouseMove(tabId, from.x, from.y);
  await mouseDown(tabId, from.x, from.y);
  await dragWithInterception(tabId, { ...from, description: '' }, { ...to, description: '' });
  await mouseUp(tabId, to.x, to.y);
}

function describe(at: At): string {
  return `(${at.x}, ${at.y})${at.line ? `: ${at.line}` : ''}`;
}

/** The tab's viewport in CSS pixels, where coordinates count from. */
export async function viewportSize(tabId: number): Promise<{ clientWidth: number; clientHeight: number }> {
  return (await cdp<{ cssLayoutViewport: { clientWidth: number; clientHeight: number } }>(tabId, 'Page.getLayoutMetrics')).cssLayoutViewport;
}

/** Chromium sends input outside the viewport on to nothing, and the page sees none of it: refused, with the size to aim within. */
async function assertInViewport(tabId: number, points: { x: number; y: number }[]): Promise<void> {
  const vp = await viewportSize(tabId);
  for (const { x, y } of points) {
    if (x >= 0 && y >= 0 && x < vp.clientWidth && y < vp.clientHeight) continue;
    throw new AgentError(
      'INVALID_PARAMS',
      `(${x}, ${y}) is outside the viewport, which is ${vp.clientWidth}×${vp.clientHeight} CSS pixels: coordinates count from its top-left corner, as in a viewport screenshot. Scroll (browser_scroll) to bring the place into view first.`,
    );
  }
}

/** The element at the point, down through the frames at it: the innermost one's line. */
async function elementAt(tabId: number, point: { x: number; y: number }): Promise<At> {
  const { answers } = await downFrames<ContentResults['elementAt']>(
    tabId,
    0,
    // In a child frame, the point in its own viewport, as the frame around it mapped it.
    (id, outer) => tryFrame(tabId, id, { type: 'elementAt', x: outer?.frame?.x ?? point.x, y: outer?.frame?.y ?? point.y, refPrefix: refPrefix(id) }),
    (answer) => answer.frame?.nonce,
  );
  const line = answers.map((answer) => answer.line).filter((l): l is string => !!l).at(-1);
  return { ...point, ...(line ? { line } : {}), download: answers.at(-1)?.download };
}
