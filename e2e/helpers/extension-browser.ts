import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXTENSION_ID } from '../../src/shared/constants.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { DIST } from './paths.ts';

export interface ExtensionBrowserOptions {
  dir: string;
  /** Pair automatically with this server (as managed mode does); omit to pair by hand in the popup. */
  pairing?: { port: number; token: string };
}

/**
 * Chromium with our built extension loaded, launched by Playwright so tests
 * can also look at pages and the popup. Note: Playwright's CDP connection
 * keeps the service worker alive (../shared/CHROMIUM.md); lifetime tests stop
 * the worker explicitly.
 */
export class ExtensionBrowser {
  context!: BrowserContext;
  private tmp: string | undefined;
  readonly extensionId = EXTENSION_ID;

  constructor(private readonly options: ExtensionBrowserOptions) {}

  async start(): Promise<this> {
    const { dir, pairing } = this.options;
    const extension = path.join(dir, 'extension');
    fs.cpSync(DIST, extension, { recursive: true });
    if (pairing) fs.writeFileSync(path.join(extension, 'pairing.json'), JSON.stringify(pairing));
    const profile = path.join(dir, 'profile');
    fs.mkdirSync(path.join(profile, 'Default'), { recursive: true });
    fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
    // Chromium's singleton socket lives under TMPDIR and a Unix socket path
    // must stay under ~100 bytes: a checkout in a deep folder would abort it.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir().length <= 40 ? os.tmpdir() : '/tmp', 'ba-'));
    this.tmp = tmp;
    this.context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: null,
      env: { ...process.env, TMPDIR: tmp },
      args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`, '--window-size=1280,720'],
      // Playwright turns the back/forward cache off; a person's Chromium, and the one we launch, have it.
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    // Playwright dismisses dialogs nobody listens for; the agent must see them.
    this.context.on('dialog', () => undefined);
    await this.serviceWorker();
    return this;
  }

  async serviceWorker(): Promise<Worker> {
    const existing = this.context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${this.extensionId}/`));
    if (existing) return existing;
    return this.context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(`chrome-extension://${this.extensionId}/`) });
  }

  /**
   * Stops the extension's service worker the way Chrome does when it is idle
   * or updated: the socket drops and all module state is lost.
   */
  async stopServiceWorker(): Promise<void> {
    const page = await this.context.newPage();
    try {
      const cdp = await this.context.newCDPSession(page);
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
      const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${this.extensionId}/`));
      if (!worker) throw new Error(`extension service worker not found among ${targetInfos.map((t) => `${t.type} ${t.url}`).join(', ')}`);
      await cdp.send('Target.closeTarget', { targetId: worker.targetId });
    } finally {
      await page.close();
    }
  }

  async popup(): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(`chrome-extension://${this.extensionId}/src/popup/index.html`);
    return page;
  }

  async stop(): Promise<void> {
    await this.context?.close().catch(() => undefined);
    if (this.tmp) fs.rmSync(this.tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
