/**
 * A tab behind another is not drawn by the browser. Its page still runs as
 * if in front (focus emulation, devtools/emulation.ts), but what needs the
 * drawn picture does not work there: a capture waits forever, and Chromium
 * routes input into a frame of another site by where it last drew it, so a
 * press aimed at such a frame scrolled into view since goes to the <iframe>
 * in the page around it (measured, Chromium 156: every press, every try).
 * For those, the tab comes to the front for a moment, and the tab that was
 * in front (the person's own, often) goes back after.
 */
import browser from 'webextension-polyfill';

/** Brings the tab to the front of its window; returns how to put back the tab that was there, or null if it was in front already. */
export async function bringToFront(tabId: number): Promise<(() => void) | null> {
  const tab = await browser.tabs.get(tabId);
  if (tab.active) return null;
  const front = (await browser.tabs.query({ active: true, windowId: tab.windowId }))[0]?.id;
  await browser.tabs.update(tabId, { active: true });
  return () => {
    if (front !== undefined) void browser.tabs.update(front, { active: true }).catch(() => undefined);
  };
}

/**
 * Runs `act` with a way to bring the tab to the front when it finds it needs to (once; true when it
 * did); the tab that was in front goes back when `act` ends, however it ends.
 */
export async function withFrontOnDemand<T>(tabId: number, act: (toFront: () => Promise<boolean>) => Promise<T>): Promise<T> {
  const held: { putBack: (() => void) | null } = { putBack: null };
  try {
    return await act(async () => {
      if (held.putBack) return false;
      held.putBack = await bringToFront(tabId).catch(() => null);
      return held.putBack !== null;
    });
  } finally {
    held.putBack?.();
  }
}

/** Whether the tab's window is minimized: the tab in front there is not drawn either. */
export async function inMinimizedWindow(tabId: number): Promise<boolean> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const window = tab?.windowId !== undefined ? await browser.windows.get(tab.windowId).catch(() => null) : null;
  return window?.state === 'minimized';
}
