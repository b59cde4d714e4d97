/**
 * Plain pages with one extension entry bundled in (bundle.ts), served from
 * 127.0.0.1 by a server of the spec's own: engine code runs in real Chromium
 * without the extension.
 */
import { test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bundleForPage } from './bundle.ts';
import { TestServer, html } from './server.ts';

export function bundledPages(entry: string, globalName: string) {
  const bundle = bundleForPage(entry, globalName);
  let server: TestServer | undefined;
  let pageCount = 0;
  return {
    /** Call once at the top of a spec. */
    servePages(): void {
      test.beforeAll(async () => {
        server = await new TestServer().start();
      });
      test.afterAll(async () => {
        await server?.stop();
        server = undefined;
      });
    },
    /** Opens `body` in `page`, with the bundle added. */
    async load(page: Page, body: string, title?: string): Promise<void> {
      if (!server) throw new Error('call servePages() at the top of the spec');
      await page.goto(server.page(`/p${++pageCount}`, html(body, title)));
      await page.addScriptTag({ content: bundle });
    },
  };
}
