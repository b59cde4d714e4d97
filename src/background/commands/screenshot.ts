import browser from 'webextension-polyfill';
import type { Params, Result } from '../../shared/protocol.ts';
import { cdp } from '../cdp.ts';
import { resolveTab } from '../tabs.ts';

export async function screenshot(params: Params<'screenshot'>): Promise<Result<'screenshot'>> {
  const tabId = await resolveTab(params.tabId);
  // A hidden tab is not painted, and capturing it would wait forever.
  const tab = await browser.tabs.get(tabId);
  if (!tab.active) await browser.tabs.update(tabId, { active: true });
  const { data } = await cdp<{ data: string }>(tabId, 'Page.captureScreenshot', { format: 'png' });
  return { tabId, mimeType: 'image/png', data };
}
