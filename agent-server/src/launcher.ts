/**
 * Managed mode: launches Chromium with our extension in a fresh profile,
 * paired automatically through a pairing.json in a private copy of the
 * extension. Chromium runs in its own process group and the whole group is
 * stopped before the profile is deleted (../shared/CHROMIUM.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentError } from '../../src/shared/errors.ts';
import { log } from './log.ts';

export interface LaunchOptions {
  port: number;
  token: string;
  headless: boolean;
  chromePath?: string;
  ignoreHttpsErrors: boolean;
  /** Where the browser saves downloads: the agent's output directory, not the user's Downloads folder. */
  downloadDir: string;
}

/** The built extension, next to the agent server in this package. */
export function extensionDir(): string {
  const dir = fileURLToPath(new URL('../../dist', import.meta.url));
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    throw new AgentError('BROWSER_LAUNCH_FAILED', `The extension is not built (${dir}/manifest.json is missing): run "npm run build".`);
  }
  return dir;
}

const BRANDED_CHROME = ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

/** $CHROME_PATH, then Debian/Ubuntu Chromium, then Playwright's cached Chromium. */
export function findChromium(explicit?: string): string {
  const fromEnv = explicit ?? process.env.CHROME_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new AgentError('BROWSER_LAUNCH_FAILED', `No browser at ${fromEnv} (from --chrome-path or CHROME_PATH).`);
    return fromEnv;
  }
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/Applications/Chromium.app/Contents/MacOS/Chromium', ...playwrightChromiums()];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const branded = BRANDED_CHROME.find((candidate) => fs.existsSync(candidate));
  const hint = 'Install Chromium (Debian/Ubuntu: "sudo apt-get install chromium") or point CHROME_PATH at a Chromium or Chrome for Testing binary.';
  if (branded) {
    throw new AgentError('BROWSER_LAUNCH_FAILED', `Only Google Chrome was found (${branded}); Chrome 137 and later no longer load unpacked extensions from the command line, so it cannot run in managed mode. ${hint}`);
  }
  throw new AgentError('BROWSER_LAUNCH_FAILED', `No Chromium found. ${hint}`);
}

/**
 * Chromium puts its singleton socket under TMPDIR, and a Unix socket path
 * must stay under ~100 bytes; a deep TMPDIR makes Chromium abort at start.
 */
function shortTmpDir(): string {
  const tmp = os.tmpdir();
  return tmp.length <= 40 || process.platform === 'win32' ? tmp : '/tmp';
}

function playwrightChromiums(): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  try {
    return fs
      .readdirSync(cache)
      .filter((name) => name.startsWith('chromium-'))
      .sort()
      .reverse()
      .flatMap((name) => [path.join(cache, name, 'chrome-linux', 'chrome'), path.join(cache, name, 'chrome-linux64', 'chrome')]);
  } catch {
    return [];
  }
}

export class ManagedBrowser {
  private exited: Promise<void>;
  private stderrTail = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly workDir: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-2000);
    });
  }

  static launch(options: LaunchOptions): ManagedBrowser {
    const executable = findChromium(options.chromePath);
    const workDir = fs.mkdtempSync(path.join(shortTmpDir(), 'browser-agent-'));
    const profile = path.join(workDir, 'profile');
    const extension = path.join(workDir, 'extension');
    fs.mkdirSync(path.join(profile, 'Default'), { recursive: true });
    fs.mkdirSync(options.downloadDir, { recursive: true });
    const preferences = {
      // Developer mode keeps an unpacked extension enabled across runtime.reload() in a fresh profile.
      extensions: { ui: { developer_mode: true } },
      // Downloads land next to the agent's screenshots, not in the user's Downloads folder.
      download: { default_directory: options.downloadDir, prompt_for_download: false },
      savefile: { default_directory: options.downloadDir },
    };
    fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
    fs.cpSync(extensionDir(), extension, { recursive: true });
    fs.writeFileSync(path.join(extension, 'pairing.json'), JSON.stringify({ port: options.port, token: options.token }), { mode: 0o600 });
    fs.mkdirSync(path.join(workDir, 'tmp'));

    const args = [
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--silent-debugger-extension-api',
      '--window-size=1280,720',
      // Captures on a surface of their own rather than the next frame the page
      // draws: 28-35 ms instead of 49-65 ms a viewport screenshot here, and no
      // stall on a page that draws no new frame (Playwright turns it on too).
      '--enable-features=CDPScreenshotNewSurface',
      ...(options.headless ? ['--headless', '--disable-gpu'] : []),
      ...(options.ignoreHttpsErrors ? ['--ignore-certificate-errors'] : []),
      // Chromium refuses to start as root with its sandbox on.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      'about:blank',
    ];
    log(`launching ${executable}${options.headless ? ' (headless)' : ''}`);
    const child = spawn(executable, args, {
      detached: true, // own process group, so close() can stop every helper process
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, TMPDIR: path.join(workDir, 'tmp') },
    });
    return new ManagedBrowser(child, workDir);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  onExit(fn: () => void): void {
    void this.exited.then(fn);
  }

  /** Last lines Chromium printed: the reason when it fails to start. */
  get diagnostics(): string {
    return this.stderrTail.trim().split('\n').slice(-8).join('\n');
  }

  async close(): Promise<void> {
    if (this.running && this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killed = await Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
      if (!killed) {
        try {
          process.kill(-this.child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await this.exited;
      }
    } else if (this.child.pid) {
      // The browser died on its own: helpers of its group may have outlived it.
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // none left
      }
    }
    // Helpers of the group may still write files for a moment (longer on a busy machine).
    for (let i = 0; i < 25; i++) {
      try {
        fs.rmSync(this.workDir, { recursive: true, force: true });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /** Synchronous best effort for process exit handlers. */
  killNow(): void {
    if (this.running && this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
