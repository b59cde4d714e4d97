/**
 * The content script's own JavaScript world in a tab, reached over CDP, so
 * benchmarks can run engine code exactly where the extension runs it: an
 * isolated world with chrome.dom, beside the page's DOM.
 */
import type { CDPSession, Page } from '@playwright/test';
import type { ExtensionBrowser } from '../e2e/helpers/extension-browser.ts';

export interface World {
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

interface ExecutionContext {
  id: number;
  origin: string;
  auxData?: { isDefault?: boolean; type?: string; frameId?: string };
}

export async function contentScriptWorld(browser: ExtensionBrowser, page: Page): Promise<World> {
  const cdp: CDPSession = await browser.context.newCDPSession(page);
  const contexts: ExecutionContext[] = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: ExecutionContext }) => contexts.push(event.context));
  // Runtime.enable reports every existing context before it returns.
  await cdp.send('Runtime.enable');
  const origin = `chrome-extension://${browser.extensionId}`;
  // Same-process child frames report their contexts here too: take the main frame's.
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const context = contexts.find((c) => c.origin === origin && c.auxData?.type === 'isolated' && c.auxData.frameId === frameTree.frame.id);
  if (!context) throw new Error(`no content-script world in ${page.url()} (contexts: ${contexts.map((c) => c.origin).join(', ')})`);
  return {
    async evaluate<T>(expression: string): Promise<T> {
      const reply = (await cdp.send('Runtime.evaluate', { expression, contextId: context.id, returnByValue: true })) as {
        result: { value?: unknown };
        exceptionDetails?: { exception?: { description?: string }; text: string };
      };
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
      return reply.result.value as T;
    },
    close: () => cdp.detach(),
  };
}
