import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createHome, freePort, startHub } from './helpers/agent-server.ts';
import { ExtensionBrowser } from './helpers/extension-browser.ts';
import { assertBuilt, CLI, removeDir, tempDir } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';
import { refOf } from './helpers/refs.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** One shell command, as a script would run it: its own process, its output and exit code. */
function cli(home: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, BROWSER_AGENT_HOME: home } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A hub on a test port (the tool groups the CLI needs) and a browser paired to it, for shell commands to drive. */
async function shellRig(name: string, caps: string) {
  const dir = tempDir(name);
  const port = await freePort();
  const { home, token } = createHome(dir);
  const hubs = [startHub(port, home, ['--caps', caps])];
  const pages = await new TestServer().start();
  const browser = await new ExtensionBrowser({ dir, pairing: { port, token } }).start();
  const stop = async () => {
    for (const hub of hubs) await hub.stop();
    await browser.stop();
    await pages.stop();
    removeDir(dir);
  };
  await expect.poll(() => hubs[0]!.output()).toContain('extension 0.1.0 connected').catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    dir,
    home,
    port,
    pages,
    run: (...args: string[]) => cli(home, ...args, '--port', String(port)),
    /** A new hub in place of the running one, once the extension has reconnected to it. */
    async restartHub() {
      await hubs.at(-1)!.stop();
      hubs.push(startHub(port, home, ['--caps', caps]));
      await expect.poll(() => hubs.at(-1)!.output(), { timeout: 25_000 }).toContain('extension 0.1.0 connected');
    },
    stop,
  };
}

test('--help lists every shell command, and bad usage exits 2 with the usage on stderr', async () => {
  assertBuilt();
  const dir = tempDir('cli-usage');
  const { home } = createHome(dir);
  try {
    const help = await cli(home, '--help');
    expect(help.code).toBe(0);
    for (const usage of ['open <url>', 'snapshot [-i] [--depth N] [--root REF] [--max-chars N] [--offset K]', 'click <ref>', 'fill <ref> <text>', 'type <ref> <text>', 'press <key>', 'select <ref> <value...>', 'check <ref>', 'uncheck <ref>', 'hover <ref>', 'get <what> [ref] [--name N]', 'is <what> <ref>', 'screenshot [file]', 'console', 'tabs', 'eval <js>']) {
      expect(help.stdout).toContain(`browser-agent ${usage}`);
    }
    const missing = await cli(home, 'click');
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('Usage: browser-agent click <ref>');
    const unknownFlag = await cli(home, 'snapshot', '--deep');
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain("Unknown option '--deep'");
    const badWhat = await cli(home, 'get', 'colour', 'e1');
    expect(badWhat.code).toBe(2);
    expect(badWhat.stderr).toContain('Unknown thing to get "colour". One of: text, html, value');
    // Flags alone are the MCP server's (as an MCP client configured like Playwright MCP's gives them).
    const flagsOnly = await cli(home, '--headless', '--port', 'x');
    expect(flagsOnly.stderr).toContain('--port must be a number from 0 to 65535, not "x"');
    expect(flagsOnly.stderr).not.toContain('Unknown command');
  } finally {
    removeDir(dir);
  }
});

test('shell commands drive one tab across invocations: open, snapshot -i, click, fill, get, is, screenshot, --json, stale refs, a restarted hub', async () => {
  // Some twenty CLI processes, each starting Node and loading the client: 55 s on a slow machine.
  test.setTimeout(150_000);
  assertBuilt();
  const rig = await shellRig('cli', 'core,tabs,interact');
  const { dir, home, port, pages, run } = rig;
  try {
    const url = pages.page('/form', html(`<button onclick="document.querySelector('p').textContent = 'clicked'">Go</button><input aria-label="Name"><ul>${'<li>A line of text to make the page longer</li>'.repeat(8)}</ul><p>idle</p>`, 'CLI test'));

    const open = await run('open', url);
    expect(open.stderr).toBe('');
    expect(open.code).toBe(0);
    expect(open.stdout).toContain('Title: CLI test');
    const tab = /Tab: (\d+)/.exec(open.stdout)![1];

    // A separate process, yet the same tab: the CLI resumes its one session.
    const snapshot = await run('snapshot', '-i');
    expect(snapshot.code).toBe(0);
    expect(snapshot.stdout).toContain(`Tab: ${tab}`);
    expect(snapshot.stdout).not.toContain('idle'); // -i: interactive elements only
    const button = refOf(snapshot.stdout, /button "Go"/);
    const field = refOf(snapshot.stdout, /textbox "Name"/);
    // A snapshot cut to a budget says where the rest starts, and --offset shows it.
    const cut = await run('snapshot', '--max-chars', '200');
    const rest = /call again with offset=(\d+)/.exec(cut.stdout);
    expect(rest).not.toBeNull();
    expect((await run('snapshot', '--max-chars', '200', '--offset', rest![1])).stdout).toContain(`showing lines ${Number(rest![1]) + 1}–`);

    expect((await run('click', button)).code).toBe(0);
    expect((await run('get', 'text', 'p')).stdout.trim()).toBe('clicked'); // a CSS selector works where a ref does
    // Flags before the command, as in `git -C dir log`.
    expect((await cli(home, '--port', String(port), 'get', 'text', 'p')).stdout.trim()).toBe('clicked');

    expect((await run('fill', field, 'hello world')).code).toBe(0);
    expect((await run('get', 'value', field)).stdout.trim()).toBe('hello world');

    const json = await run('is', 'visible', button, '--json');
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, text: 'true' });

    const file = path.join(dir, 'shots', 'page.png');
    const shot = await run('screenshot', file);
    expect(shot.code).toBe(0);
    expect(shot.stdout).toContain(`Wrote ${file}`);
    expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');

    const tabs = await run('tabs');
    expect(tabs.stdout).toContain(`[current] tab ${tab}: CLI test`);

    // Loading the page again makes the old refs stale: exit 1, the tool's error on stderr, nothing on stdout.
    expect((await run('open', url)).code).toBe(0);
    const stale = await run('click', button);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toBe('');
    expect(stale.stderr).toContain(`Error STALE_REF: Ref ${button} is stale`);
    // The tool it names is said as the command to type here.
    expect(stale.stderr).toContain('(browser-agent snapshot)');
    expect(stale.stderr).not.toContain('browser_snapshot');
    // --timeout bounds a command, and the error's advice names the flag.
    const missing = await run('click', '#nowhere', '--timeout', '700');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No element matches the selector "#nowhere" \(after waiting \d+ ms; pass --timeout to wait longer\)/);
    const staleJson = await run('click', button, '--json');
    expect(staleJson.code).toBe(1);
    expect(JSON.parse(staleJson.stdout)).toMatchObject({ ok: false, text: expect.stringContaining('STALE_REF') });

    const other = await run('snapshot', '--tab', '999999');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`TAB_NOT_FOUND: Tab 999999 is not one of this agent's tabs. Valid tab ids: ${tab}`);

    // A restarted hub does not know the stored session: the CLI opens a new one, and its
    // name gets the old tab back once the extension has reconnected.
    await rig.restartHub();
    const resumed = await run('get', 'title');
    expect(resumed.stderr).toBe('');
    expect(resumed.stdout.trim()).toBe('CLI test');
  } finally {
    await rig.stop();
  }
});

test('shell commands for what a page does between actions: a dialog, a late text, double-click, upload, scroll, history', async () => {
  test.setTimeout(150_000);
  assertBuilt();
  const rig = await shellRig('cli-more', 'core,tabs,interact,files');
  const { dir, pages, run } = rig;
  const ok = async (...args: string[]) => {
    const result = await run(...args);
    expect(result.stderr, args.join(' ')).toBe('');
    expect(result.code).toBe(0);
    return result.stdout;
  };
  try {
    const url = pages.page('/between', html(`<button onclick="o.textContent = prompt('Your name?')">Ask</button>
      <button ondblclick="this.textContent = 'Double!'">Twice</button>
      <input type="file" id="f" onchange="o.textContent = this.files[0].name">
      <button onclick="setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Late arrival</p>'), 1500)">Later</button>
      <p id="o">idle</p><p id="doc">Call browser_snapshot first</p><div style="height: 3000px"></div><p id="bottom">Bottom</p>`, 'Between'));
    const other = pages.page('/other', html('<h1>Other</h1>', 'Other'));
    await ok('open', url);

    // The advice names the command that answers it, and that command does.
    const asked = await ok('click', 'text=Ask');
    expect(asked).toContain('A prompt dialog opened: "Your name?"');
    expect(asked).toContain('browser-agent dialog accept|dismiss');
    expect(asked).not.toContain('browser_handle_dialog');
    expect(await ok('dialog', 'accept', 'Ada')).toContain('with "Ada"');
    expect((await ok('get', 'text', '#o')).trim()).toBe('Ada');
    // A function is called; a call of one (an IIFE) is run as it is.
    expect(await ok('eval', '() => document.title')).toContain('"Between"');
    expect(await ok('eval', '(() => { return document.title; })()')).toContain('"Between"');

    await ok('dblclick', 'text=Twice');
    expect(await ok('wait', 'text=Double!')).toMatch(/^Waited \d+ ms/);

    // A relative path is this shell's.
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'some notes');
    expect(await ok('upload', '#f', path.relative(process.cwd(), file))).toContain('← 1 file');
    expect((await ok('get', 'text', '#o')).trim()).toBe('notes.txt');

    await ok('click', 'text=Later');
    expect(await ok('wait', '--text', 'Late arrival')).toContain('for text "Late arrival" to appear');

    await ok('scroll', '#bottom');
    expect((await ok('is', 'in_viewport', '#bottom')).trim()).toBe('true');
    expect(await ok('scroll', '--dy', '-500')).toContain('Scrolled the page by (0, -500)');

    await ok('open', other);
    expect(await ok('back')).toContain(`Now at ${url}`);
    expect(await ok('forward')).toContain(`Now at ${other}`);
    expect(await ok('reload', '--wait-until', 'domcontentloaded')).toContain(`Reloaded ${other}`);

    // The tool's advice is said in the shell's words; what the page says is said as it is.
    await ok('open', 'about:blank');
    expect(await ok('snapshot')).toContain('The tab is blank: open a page in it with browser-agent open.');
    await ok('open', url);
    expect((await ok('get', 'text', '#doc')).trim()).toBe('Call browser_snapshot first');
    expect(await ok('snapshot')).toContain('- paragraph: Call browser_snapshot first');

    const usage = await run('dialog', 'maybe');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Unknown dialog answer "maybe". One of: accept, dismiss.');
    const nothing = await run('wait');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('say what to wait for');
  } finally {
    await rig.stop();
  }
});
