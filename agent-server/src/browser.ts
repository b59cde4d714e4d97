/**
 * Gets a browser to talk to: the user's extension if one is connected,
 * otherwise (in managed mode) a Chromium we launch ourselves. Then forwards
 * commands to it through the hub.
 */
import { AgentError } from '../../src/shared/errors.ts';
import type { Method, Params, Result, SessionInfo } from '../../src/shared/protocol.ts';
import type { ExtensionHub, TabOpened } from './hub.ts';
import { ManagedBrowser } from './launcher.ts';
import { log, warn } from './log.ts';

export type LaunchPolicy = 'auto' | 'always' | 'never';

export interface BrowserOptions {
  launch: LaunchPolicy;
  headless: boolean;
  chromePath?: string;
  ignoreHttpsErrors: boolean;
  /** Where a managed browser saves downloads (the output directory). */
  downloadDir: string;
  token: string;
  /** Close a managed browser after this long without a command. */
  idleTimeoutMs: number;
  /** How long to wait for the user's extension before launching (auto) or failing (never), from when the server began to listen. */
  extensionGraceMs: number;
  launchTimeoutMs: number;
}

/**
 * One agent session's handle on the browser: every command carries the
 * session, and tabs its pages open are announced to it once.
 */
export class SessionBrowser {
  private newTabs: TabOpened[] = [];
  private readonly announced = new Set<number>();
  private readonly onTabOpened = (tab: TabOpened) => {
    if (tab.sessionId === this.session().id && !this.announced.has(tab.tabId)) this.newTabs.push(tab);
  };

  constructor(
    private readonly connection: BrowserConnection,
    readonly session: () => SessionInfo,
  ) {
    connection.hub.on('tabOpened', this.onTabOpened);
  }

  /** `signal`: the tool call was cancelled; the command stops in the browser. */
  call<M extends Method>(method: M, params: Params<M>, timeoutMs?: number, signal?: AbortSignal): Promise<Result<M>> {
    return this.connection.call(method, params, this.session(), timeoutMs, signal);
  }

  /** New tabs to announce in the next tool response, each once. */
  takeNewTabs(): TabOpened[] {
    const tabs = this.newTabs.filter((tab) => !this.announced.has(tab.tabId));
    this.newTabs = [];
    for (const tab of tabs) this.announced.add(tab.tabId);
    return tabs;
  }

  /** An action's own report already named these tabs. */
  markAnnounced(tabIds: number[]): void {
    for (const id of tabIds) this.announced.add(id);
  }

  dispose(): void {
    this.connection.hub.off('tabOpened', this.onTabOpened);
  }
}

/** How long the socket of a managed browser that exited may take to be seen closing. */
const DEAD_SOCKET_MS = 2_000;

export class BrowserConnection {
  private managed: ManagedBrowser | null = null;
  private ensuring: Promise<void> | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When a managed browser last exited (ms since the epoch), 0 if none has. */
  private managedExitedAt = 0;
  /**
   * From here on, a user's extension that is on connects within about a second (its retries back
   * off to 1 s): the first tool call coming later than the grace after this need not wait for one.
   */
  private readonly listeningSince = Date.now();
  private extensionSeen = false;

  constructor(
    readonly hub: ExtensionHub,
    private readonly options: BrowserOptions,
  ) {
    hub.once('connected', () => (this.extensionSeen = true));
  }

  /**
   * How long still to wait for the user's extension: what is left of the grace since the server began
   * to listen; all of it again for an extension that was here and went (its browser restarting).
   */
  private graceLeft(): number {
    const { extensionGraceMs } = this.options;
    return this.extensionSeen ? extensionGraceMs : Math.max(0, extensionGraceMs - (Date.now() - this.listeningSince));
  }

  async call<M extends Method>(method: M, params: Params<M>, session: SessionInfo, timeoutMs?: number, signal?: AbortSignal): Promise<Result<M>> {
    await this.ensure();
    this.touch();
    return this.hub.request(method, params, session, timeoutMs, signal);
  }

  /** The browser as one agent session sees it: its own tabs and notices. */
  forSession(session: () => SessionInfo): SessionBrowser {
    return new SessionBrowser(this, session);
  }

  /** Starts the managed browser now (--launch) instead of at the first tool call. */
  async start(): Promise<void> {
    await this.ensure();
  }

  private ensure(): Promise<void> {
    if (this.hub.connected && !this.maybeDeadConnection()) return Promise.resolve();
    this.ensuring ??= this.connect().finally(() => {
      this.ensuring = null;
    });
    return this.ensuring;
  }

  /**
   * A connection made before the managed browser died is likely that
   * browser's own, not yet seen closing (the process exit and the socket's
   * end arrive in either order): a command sent on it would be lost.
   */
  private maybeDeadConnection(): boolean {
    return this.managedExitedAt > 0 && this.hub.connectedSince <= this.managedExitedAt;
  }

  private async connect(): Promise<void> {
    // Its end comes within moments; a connection that outlives that is another browser's.
    if (this.hub.connected && !(await this.hub.waitForDisconnect(DEAD_SOCKET_MS))) return;
    const { launch } = this.options;
    const managed = this.managed;
    if (managed?.running) {
      // Our browser is up but its worker is reconnecting (restart, or stopped by Chrome) —
      // or the browser is on its way out (its last window closed): then start a new one.
      const exited = new Promise<false>((resolve) => managed.onExit(() => resolve(false)));
      if (await Promise.race([this.hub.waitForConnection(this.options.launchTimeoutMs), exited])) return;
      if (managed.running) {
        throw new AgentError('EXTENSION_NOT_CONNECTED', `The managed browser is running but its extension did not reconnect. Browser output:\n${managed.diagnostics}`);
      }
      log('the managed browser exited; starting a new one');
    }
    const grace = launch === 'always' ? 0 : this.graceLeft();
    if (grace > 0) log(`waiting up to ${grace} ms for your browser's extension to connect${launch === 'never' ? '' : ' before launching a managed browser'}`);
    if (launch !== 'always' && (await this.hub.waitForConnection(grace))) return;
    if (launch === 'never') {
      throw new AgentError(
        'EXTENSION_NOT_CONNECTED',
        `No browser is connected on port ${this.hub.port}. Open the LLM Browser Agent extension popup in your browser, turn it on and pair it (browser-agent token), or start the server without --no-launch to use a managed browser.`,
      );
    }
    await this.launch();
  }

  private async launch(): Promise<void> {
    const browser = ManagedBrowser.launch({
      port: this.hub.port,
      token: this.options.token,
      headless: this.options.headless,
      chromePath: this.options.chromePath,
      ignoreHttpsErrors: this.options.ignoreHttpsErrors,
      downloadDir: this.options.downloadDir,
    });
    this.managed = browser;
    browser.onExit(() => {
      this.managedExitedAt = Date.now();
      if (this.managed === browser) {
        log('managed browser exited');
        this.managed = null;
        // Gone on its own (killed, crashed): its helpers and profile go too.
        browser.close().catch((error: Error) => warn(`could not clean up after the managed browser: ${error.message}`));
      }
    });
    const connected = await Promise.race([
      this.hub.waitForConnection(this.options.launchTimeoutMs),
      new Promise<false>((resolve) => browser.onExit(() => resolve(false))),
    ]);
    if (!connected) {
      const diagnostics = browser.diagnostics;
      await browser.close();
      if (this.managed === browser) this.managed = null;
      throw new AgentError('BROWSER_LAUNCH_FAILED', `The managed browser did not connect within ${this.options.launchTimeoutMs} ms.${diagnostics ? ` Browser output:\n${diagnostics}` : ''}`);
    }
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    if (!this.managed) return;
    this.idleTimer = setTimeout(() => {
      log(`closing the managed browser after ${Math.round(this.options.idleTimeoutMs / 60000)} min without commands`);
      this.close().catch((error: Error) => warn(`could not close the managed browser: ${error.message}`));
    }, this.options.idleTimeoutMs);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const browser = this.managed;
    this.managed = null;
    await browser?.close();
  }

  /** For process exit handlers, where nothing async runs. */
  killNow(): void {
    this.managed?.killNow();
  }
}
