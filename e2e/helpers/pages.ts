import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * The test's own Playwright page for the tab showing `url` (or a URL ending
 * in it). Playwright learns of a navigation on its own connection to the
 * browser, which may be a moment after our tool answered, so it is polled.
 */
export async function pageAt(context: BrowserContext, url: string): Promise<Page> {
  const find = () => context.pages().find((p) => p.url().endsWith(url));
  await expect.poll(() => find() !== undefined, { message: `a page at ${url}` }).toBe(true);
  return find()!;
}
