/**
 * The content-script half of acting on the page, loaded into plain pages in
 * real Chromium without the extension (e2e/entries/actions-entry.ts): specs
 * call its requests and see what the agent would, values and errors.
 */
import type { Page } from '@playwright/test';
import type { ContentRequest } from '../../src/shared/content-messages.ts';
import { bundledPages } from './bundled-pages.ts';
import type * as ActionsApi from '../entries/actions-entry.ts';

declare global {
  interface Window {
    __actions: typeof ActionsApi;
    __events: string[];
  }
}

export const { servePages, load } = bundledPages('e2e/entries/actions-entry.ts', '__actions');

export type Outcome = { ok: true; value: any } | { ok: false; code: string; message: string };

export async function act(page: Page, request: ContentRequest): Promise<Outcome> {
  return page.evaluate(async (r) => {
    try {
      return { ok: true as const, value: await window.__actions.handleAction(r) };
    } catch (e) {
      const err = e as { code?: string; message: string };
      return { ok: false as const, code: err.code ?? 'none', message: err.message };
    }
  }, request);
}

export async function value(page: Page, request: ContentRequest): Promise<any> {
  const outcome = await act(page, request);
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.value;
}

export async function failure(page: Page, request: ContentRequest): Promise<{ code: string; message: string }> {
  const outcome = await act(page, request);
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome;
}

export async function refOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((s) => window.__actions.refForElement(document.querySelector(s)!), selector);
}

/** Every actionability check a click makes. */
export const ALL = { visible: true, enabled: true, stable: true, hitTest: true } as const;
