/**
 * The snapshot engine in real Chromium without the extension
 * (e2e/entries/snapshot-entry.ts): specs load HTML into a plain page served
 * from 127.0.0.1 and read the snapshot text an agent would.
 */
import { test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { bundleForPage } from './bundle.ts';
import { TestServer, html } from './server.ts';
import type * as SnapshotApi from '../entries/snapshot-entry.ts';

declare global {
  interface Window {
    __snap: typeof SnapshotApi;
  }
}

const bundle = bundleForPage('e2e/entries/snapshot-entry.ts', '__snap');
let server: TestServer | undefined;
let pageCount = 0;

/** Call once at the top of a spec: a server of its own serves its pages. */
export function servePages(): void {
  test.beforeAll(async () => {
    server = await new TestServer().start();
  });
  test.afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
}

export interface SnapOptions {
  interactive?: boolean;
  depth?: number;
  root?: string; // CSS selector, turned into an Element in the page
  viewportOnly?: boolean;
  refPrefix?: string;
  refFloor?: number;
}

export async function load(page: Page, body: string): Promise<void> {
  if (!server) throw new Error('call servePages() at the top of the spec');
  await page.goto(server.page(`/p${++pageCount}`, html(body)));
  await page.addScriptTag({ content: bundle });
}

export async function snapshot(page: Page, options: SnapOptions = {}): Promise<string> {
  return page.evaluate((o) => {
    const root = o.root ? document.querySelector(o.root) ?? undefined : undefined;
    return window.__snap.takeSnapshot({ ...o, root }).lines.join('\n');
  }, options);
}

/** The error resolving `ref` throws, or null when it resolves. */
export async function resolveError(page: Page, ref: string): Promise<{ code?: string; message: string } | null> {
  return page.evaluate((r) => {
    try {
      window.__snap.resolveRef(r);
      return null;
    } catch (e) {
      const err = e as { code?: string; message: string };
      return { code: err.code, message: err.message };
    }
  }, ref);
}

export const lines = (...l: string[]) => l.join('\n');
