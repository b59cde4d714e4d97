/**
 * Trusted input through CDP (chrome.debugger): the page sees isTrusted ===
 * true and framework handlers (React, Vue) fire as for a real user.
 */
import { cdp } from '../cdp.ts';
import { modifierBits, modifierKey, type KeyDefinition, type Modifier } from './keys.ts';

export type Button = 'left' | 'right' | 'middle';

export async function mouseMove(tabId: number, x: number, y: number, modifiers: Modifier[] = []): Promise<void> {
  await cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, modifiers: modifierBits(modifiers) });
}

/**
 * Tabs that emulate a phone's touch screen (browser_resize's mobile preset). The page is told it has
 * one, and a page that is told so may listen for touches alone (a menu opened on touchstart): there a
 * plain click is a tap, which brings the mouse events and the click after the touches, as on a phone.
 */
const touchScreens = new Set<number>();

export function setTouchScreen(tabId: number, on: boolean): void {
  if (on) touchScreens.add(tabId);
  else touchScreens.delete(tabId);
}

export async function mouseClick(tabId: number, x: number, y: number, options: { button?: Button; clickCount?: number; modifiers?: Modifier[] } = {}): Promise<void> {
  const button = options.button ?? 'left';
  const modifiers = modifierBits(options.modifiers);
  if (touchScreens.has(tabId) && button === 'left' && (options.clickCount ?? 1) === 1 && !modifiers) return tap(tabId, x, y);
  // Sent back to back, awaited together: CDP and the renderer keep their
  // order, and waiting for each acknowledgement cost a frame per event.
  const events: Promise<unknown>[] = [cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, modifiers })];
  // A double click is two press/release pairs with rising clickCount, as a real mouse sends.
  for (let count = 1; count <= (options.clickCount ?? 1); count++) {
    events.push(cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button, clickCount: count, modifiers }));
    events.push(cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button, clickCount: count, modifiers }));
  }
  await Promise.all(events);
}

async function tap(tabId: number, x: number, y: number): Promise<void> {
  await Promise.all([
    cdp(tabId, 'Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
    cdp(tabId, 'Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  ]);
}

/** A wheel turn at the point: what listens for wheel events (a map's zoom, a canvas grid) gets it, and the box under it scrolls. */
export async function mouseWheel(tabId: number, x: number, y: number, deltaX: number, deltaY: number): Promise<void> {
  await cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX, deltaY });
}

export async function mouseDown(tabId: number, x: number, y: number): Promise<void> {
  await cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
}

export async function mouseUp(tabId: number, x: number, y: number): Promise<void> {
  await cdp(tabId, 'Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
}

export async function pressKey(tabId: number, key: KeyDefinition, modifiers: Modifier[] = []): Promise<void> {
  const bits = modifierBits(modifiers);
  // As on a keyboard: each modifier's own events carry the modifiers held at that moment.
  let held = 0;
  for (const modifier of modifiers) {
    held |= modifierBits([modifier]);
    await keyEvent(tabId, 'rawKeyDown', modifierKey(modifier), held);
  }
  // With Control/Alt/Meta held a key is a shortcut and must not insert text.
  const inserts = key.text !== undefined && !(bits & 0b111);
  // Press and release sent back to back, awaited together, as a click's are (mouseClick): typed
  // text took two acknowledgements per character, 2 ms each.
  await Promise.all([keyEvent(tabId, inserts ? 'keyDown' : 'rawKeyDown', key, bits, inserts ? key.text : undefined), keyEvent(tabId, 'keyUp', key, bits)]);
  for (const modifier of [...modifiers].reverse()) {
    held &= ~modifierBits([modifier]);
    await keyEvent(tabId, 'keyUp', modifierKey(modifier), held);
  }
}

export async function insertText(tabId: number, text: string): Promise<void> {
  await cdp(tabId, 'Input.insertText', { text });
}

function keyEvent(tabId: number, type: string, key: KeyDefinition, modifiers: number, text?: string): Promise<unknown> {
  return cdp(tabId, 'Input.dispatchKeyEvent', {
    type,
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    nativeVirtualKeyCode: key.keyCode,
    modifiers,
    location: key.location ?? 0,
    ...(text !== undefined ? { text, unmodifiedText: text } : {}),
  });
}
