/** Runs one protocol method through the service worker (ui.ts runCommand), as the inspected tab's session. */
import browser from 'webextension-polyfill';
import type { UiReply } from '../shared/ui-messages.ts';

export async function runCommand(method: string, params: Record<string, unknown>, timeoutMs?: number): Promise<UiReply> {
  try {
    return (await browser.runtime.sendMessage({ type: 'runCommand', method, params, timeoutMs })) as UiReply;
  } catch (error) {
    // The worker was restarting or the extension was reloaded under us.
    return { ok: false, error: { code: 'INTERNAL', message: `${(error as Error).message}. Reopen DevTools and try again.` } };
  }
}
