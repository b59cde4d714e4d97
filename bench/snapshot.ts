/**
 * Snapshot engine benchmark: our in-page snapshot next to Playwright's own
 * AI-mode aria snapshot, on the same Debian Chromium and the same pages.
 *
 *   npx tsx bench/snapshot.ts
 *
 * `runSnapshotBench()` returns the markdown table so bench/run.ts can put it
 * into bench/RESULTS.md.
 */
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleForPage } from '../e2e/helpers/bundle.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/helpers/chromium.ts';
import { TestServer, html } from '../e2e/helpers/server.ts';
import type * as SnapshotApi from '../e2e/entries/snapshot-entry.ts';
import { generatePage } from './snapshot-pages.ts';

declare global {
  interface Window {
    __snap: typeof SnapshotApi;
    __ours: Set<Element>;
  }
}

const RUNS = 7;
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [1_000, 10_000, 50_000];
// What counts as a control when comparing refs: roles an agent acts on, or a pointer-cursor element.
const CONTROL_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem', 'gridcell', 'iframe']);
const TRACE_VIEWER = 'node_modules/playwright-core/lib/vite/traceViewer';

interface Row {
  page: string;
  elements: number;
  coldOurs: number;
  coldPw: number;
  oursMs: number;
  oursCallMs: number;
  oursBytes: number;
  interactiveMs: number;
  interactiveBytes: number;
  pwMs: number;
  pwBytes: number;
  pwControls: number;
  disabled: number;
  inert: number;
  misses: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Sample {
  ms: number;
  callMs: number;
  bytes: number;
}

async function oursOnce(page: Page, interactive: boolean): Promise<Sample> {
  const start = performance.now();
  const r = await page.evaluate((interactive) => {
    const t = performance.now();
    const { lines } = window.__snap.takeSnapshot({ interactive });
    const ms = performance.now() - t;
    return { ms, bytes: new TextEncoder().encode(lines.join('\n')).length };
  }, interactive);
  return { ...r, callMs: performance.now() - start };
}

async function playwrightOnce(page: Page): Promise<{ ms: number; text: string }> {
  const start = performance.now();
  const text = await page.locator('body').ariaSnapshot({ mode: 'ai', timeout: 120_000 });
  return { ms: performance.now() - start, text };
}

/**
 * The three measurements take turns (Playwright, ours, ours interactive) so
 * that load from other processes on the machine hits them alike. Run 0 warms
 * up (first style resolution, JIT) and is not counted.
 */
async function measureAll(page: Page): Promise<{ full: Sample; interactive: Sample; pw: { ms: number; text: string }; cold: { ours: number; pw: number } }> {
  const cold = { ours: 0, pw: 0 };
  const full: Sample[] = [];
  const interactive: Sample[] = [];
  const pw: number[] = [];
  let text = '';
  for (let i = 0; i <= RUNS; i++) {
    const p = await playwrightOnce(page);
    const f = await oursOnce(page, false);
    const n = await oursOnce(page, true);
    text = p.text;
    if (i === 0) {
      cold.ours = f.ms;
      cold.pw = p.ms;
      continue;
    }
    pw.push(p.ms);
    full.push(f);
    interactive.push(n);
  }
  const summary = (xs: Sample[]): Sample => ({ ms: median(xs.map((x) => x.ms)), callMs: median(xs.map((x) => x.callMs)), bytes: xs[0].bytes });
  return { full: summary(full), interactive: summary(interactive), pw: { ms: median(pw), text }, cold };
}

/** Playwright's control refs that we give no ref (checked element by element through its aria-ref engine). */
async function countMisses(page: Page, pwText: string): Promise<{ controls: number; disabled: number; misses: number; inert: number }> {
  await page.evaluate(() => {
    const { lines } = window.__snap.takeSnapshot();
    window.__ours = new Set();
    for (const line of lines) {
      const m = /\[ref=(e\d+)\]/.exec(line);
      if (m) window.__ours.add(window.__snap.resolveRef(m[1]));
    }
  });
  const refs: string[] = [];
  let disabled = 0;
  for (const line of pwText.split('\n')) {
    // Playwright prefixes refs after a navigation (f1e3); the aria-ref engine takes them as printed.
    const m = /^\s*- '?([a-z]+)\b.*\[ref=((?:f\d+)?e\d+)\]/.exec(line);
    if (!m || !(CONTROL_ROLES.has(m[1]) || line.includes('[cursor=pointer]'))) continue;
    // We give disabled controls no ref on purpose (nothing to act on); counted apart.
    if (line.includes('[disabled]')) disabled++;
    else refs.push(m[2]);
  }
  let misses = 0;
  let inert = 0;
  for (let i = 0; i < refs.length; i += 200) {
    const batch = refs.slice(i, i + 200);
    const found = await Promise.all(batch.map((ref) => page.locator(`aria-ref=${ref}`).evaluate((el) => {
      if (window.__ours.has(el)) return 'ours';
      // Playwright's AI mode also prints inert and aria-hidden content that is visible; we leave it out (issue 3).
      return el.closest('[inert], [aria-hidden="true"]') ? 'inert' : 'miss';
    })));
    misses += found.filter((f) => f === 'miss').length;
    inert += found.filter((f) => f === 'inert').length;
  }
  return { controls: refs.length + disabled, disabled, misses, inert };
}

async function measurePage(page: Page, label: string, url: string, bundle: string): Promise<Row> {
  await page.goto(url, { waitUntil: 'networkidle' });
  // Big generated documents must be fully parsed before anything is measured.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.addScriptTag({ content: bundle });
  const elements = await page.evaluate(() => document.body.querySelectorAll('*').length);
  const { full: ours, interactive, pw, cold } = await measureAll(page);
  const refs = await countMisses(page, pw.text);
  return {
    page: label, elements, coldOurs: cold.ours, coldPw: cold.pw, oursMs: ours.ms, oursCallMs: ours.callMs, oursBytes: ours.bytes,
    interactiveMs: interactive.ms, interactiveBytes: interactive.bytes,
    pwMs: pw.ms, pwBytes: Buffer.byteLength(pw.text), pwControls: refs.controls, disabled: refs.disabled, inert: refs.inert, misses: refs.misses,
  };
}

function serveTraceViewer(server: TestServer): string | null {
  const dir = path.resolve(TRACE_VIEWER);
  if (!fs.existsSync(path.join(dir, 'index.html'))) return null;
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.ttf': 'font/ttf' };
  const walkDir = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walkDir(file);
      else server.page(`/trace/${path.relative(dir, file)}`, fs.readFileSync(file, 'utf8'), { contentType: types[path.extname(file)] ?? 'application/octet-stream' });
    }
  };
  walkDir(dir);
  return server.url('/trace/index.html');
}

const byDesign = (r: Row) => {
  const parts = [r.disabled ? `${r.disabled} disabled` : '', r.inert ? `${r.inert} inert/aria-hidden` : ''].filter(Boolean);
  return parts.length ? ` (+ ${parts.join(', ')}: no ref by design)` : '';
};
const kb = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`);
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

export async function runSnapshotBench(): Promise<string> {
  const bundle = bundleForPage('e2e/entries/snapshot-entry.ts', '__snap');
  const server = await new TestServer().start();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    // A fresh page per measurement: no refs or caches carried over from the previous one.
    const measure = async (label: string, url: string) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        rows.push(await measurePage(page, label, url, bundle));
      } finally {
        await page.close();
      }
      process.stderr.write(`measured ${label}\n`);
    };
    for (const size of SIZES) {
      const { html: body } = generatePage(size, size);
      await measure(`generated ${size.toLocaleString('en-US')}`, server.page(`/gen-${size}`, html(body, `Generated ${size}`)));
    }
    const trace = serveTraceViewer(server);
    if (trace) await measure('Playwright Trace Viewer (playwright-core)', trace);
    else notes.push('No real application found in node_modules; skipped.');
  } finally {
    await browser.close();
    await server.stop();
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const out = [
    `Snapshot engine vs Playwright ${await playwrightVersion()} \`ariaSnapshot({ mode: 'ai' })\`, Chromium at ${CHROMIUM_PATH}, ${os.cpus().length} × ${cpu}, medians of ${RUNS} after one warm-up.`,
    '',
    '| page | elements | ours in-page | ours call | ours bytes | interactive in-page | interactive bytes | Playwright AI | PW bytes | speed-up | first call ours / PW | interactive / PW bytes | PW control refs | we miss |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.page} | ${r.elements.toLocaleString('en-US')} | ${ms(r.oursMs)} ms | ${ms(r.oursCallMs)} ms | ${kb(r.oursBytes)} | ${ms(r.interactiveMs)} ms | ${kb(r.interactiveBytes)} | ${ms(r.pwMs)} ms | ${kb(r.pwBytes)} | ${(r.pwMs / r.oursMs).toFixed(1)}× | ${ms(r.coldOurs)} / ${ms(r.coldPw)} ms | ${((100 * r.interactiveBytes) / r.pwBytes).toFixed(1)} % | ${r.pwControls} | ${r.misses}${byDesign(r)} |`),
    '',
    '"first call": the first snapshot of the freshly loaded page (ours in-page, taken right after Playwright\'s first), not part of the medians.',
    '"ours in-page" is performance.now() around takeSnapshot() inside the page; "ours call" and "Playwright AI" are measured around the page.evaluate / ariaSnapshot call from Node (one CDP round trip, ~1 ms).',
    '"PW control refs": refs Playwright gives to controls (roles an agent acts on, or [cursor=pointer]); "we miss": those elements without a ref from us, checked element by element via Playwright\'s aria-ref selector.',
    ...notes,
  ];
  return out.join('\n');
}

async function playwrightVersion(): Promise<string> {
  const pkg = JSON.parse(fs.readFileSync(path.resolve('node_modules/playwright-core/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSnapshotBench().then((md) => console.log(md), (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
