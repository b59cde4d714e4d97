/**
 * The snapshot engine in real Chromium without the extension
 * (e2e/entries/snapshot-entry.ts): specs load HTML into a plain page served
 * from 127.0.0.1 and read the snapshot text an agent would.
 */
import type { Page } from '@playwright/test';
import { bundledPages } from './bundled-pages.ts';
import type * as SnapshotApi from '../entries/snapshot-entry.ts';

declare global {
  interface Window {
    __snap: typeof SnapshotApi;
  }
}

export const { servePages, load } = bundledPages('e2e/entries/snapshot-entry.ts', '__snap');

export interface SnapOptions {
  interactive?: boolean;
  depth?: number;
  root?: string; // CSS selector, turned into an Element in the page
  viewportOnly?: boolean;
  refPrefix?: string;
  refFloor?: number;
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
