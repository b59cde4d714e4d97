/**
 * Dragging: mouse moves in steps, so pointer-based drag libraries see a
 * real drag. Native HTML5 drag and drop does not follow synthetic mouse
 * events, so we let Chromium intercept the drag (Input.setInterceptDrags)
 * and replay it as drag events at the target, as Playwright does.
 */
import { cdp, onCdpEvent } from '../cdp.ts';
import type { Point } from './target.ts';

const STEPS = 8;

export async function dragWithInterception(tabId: number, from: Point, to: Point): Promise<void> {
  let dragData: unknown;
  const stop = onCdpEvent('Input.dragIntercepted', (id, params) => {
    if (id === tabId) dragData = (params as { data: unknown }).data;
  });
  await cdp(tabId, 'Input.setInterceptDrags', { enabled: true });
  try {
    for (let i = 1; i <= STEPS; i++) {
      const x = from.x + ((to.x - from.x) * i) / STEPS;
      const y = from.y + ((to.y - from.y) * i) / STEPS;
      await cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'left', buttons: 1 });
      if (dragData) break;
    }
    if (dragData) {
      for (const type of ['dragEnter', 'dragOver', 'drop']) {
        await cdp(tabId, 'Input.dispatchDragEvent', { type, x: to.x, y: to.y, data: dragData });
      }
    }
  } finally {
    stop();
    await cdp(tabId, 'Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
  }
}
