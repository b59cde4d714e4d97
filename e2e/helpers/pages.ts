import { expect, type BrowserContext, type Frame, type Page } from '@playwright/test';
import type { Agent } from '../fixtures.ts';
import { html } from './server.ts';

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

/**
 * The frame of `page` at `url`, once Playwright knows it: a frame of another site joins the page
 * from its own process, and under load Playwright attached to it after the agent had already read it.
 */
export async function frameAt(page: Page, url: string): Promise<Frame> {
  const find = () => page.frames().find((f) => f.url() === url);
  await expect.poll(() => find() !== undefined, { message: `a frame at ${url}` }).toBe(true);
  return find()!;
}

/** Serves `body` at `path`, navigates the agent there and returns its snapshot. */
export async function openPage(agent: Agent, path: string, body: string, title = 'Actions'): Promise<string> {
  await agent.server.ok('browser_navigate', { url: agent.pages.page(path, html(body, title)) });
  return (await agent.server.ok('browser_snapshot')).text;
}

/** Reads page state straight from the test's own view of the page. */
export async function pageText(agent: Agent, path: string, selector: string): Promise<string> {
  const page = await pageAt(agent.browser.context, path);
  return (await page.locator(selector).textContent()) ?? '';
}
