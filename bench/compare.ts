/**
 * Side by side: the same MCP client script drives ours, @playwright/mcp and
 * chrome-devtools-mcp on the same pages. Runs take turns between the servers
 * so that load from elsewhere on the machine hits them alike; run 0 launches
 * the browsers and warms up, and is not counted.
 */
import type { CallOutput, Driver } from './drivers.ts';
import { COUNTER_BUTTON, FORM_BUTTON, FORM_FIELD, type BenchPages } from './mcp-pages.ts';
import { machineQuiet } from './quiet.ts';

export type Samples = Record<string, number[]>;

export interface DriverResult {
  name: string;
  samples: Samples;
  /** Set when the peer could not be started or failed; its column then says why. */
  error?: string;
}

async function timed(fn: () => Promise<CallOutput>): Promise<{ ms: number; out: CallOutput }> {
  const start = performance.now();
  const out = await fn();
  return { ms: performance.now() - start, out };
}

function push(samples: Samples, key: string, value: number): void {
  (samples[key] ??= []).push(value);
}

/** Evaluate results come back wrapped differently by each tool; the value is somewhere in the text. */
function expectText(out: CallOutput, needle: string, what: string): void {
  if (!out.text.includes(needle)) throw new Error(`${what}: expected "${needle}" in:\n${out.text.slice(0, 800)}`);
}

async function oneRun(d: Driver, pages: BenchPages, samples: Samples): Promise<void> {
  // Small form: navigate, snapshot, type + click by ref, verify.
  push(samples, 'navigate ms', (await timed(() => d.navigate(pages.form))).ms);
  const snap = await timed(() => d.snapshot());
  push(samples, 'snapshot form ms', snap.ms);
  push(samples, 'snapshot form bytes', snap.out.bytes);
  const field = d.findRef(snap.out.text, 'textbox', FORM_FIELD);
  const submit = d.findRef(snap.out.text, 'button', FORM_BUTTON);
  const counter = d.findRef(snap.out.text, 'button', COUNTER_BUTTON);
  push(samples, 'type by ref ms', (await timed(() => d.type(field, 'Ada', 'Name textbox'))).ms);
  const click = await timed(() => d.click(submit, 'Submit button'));
  push(samples, 'click by ref ms', click.ms);
  push(samples, 'click result bytes', click.out.bytes);
  expectText(await d.evaluate(`document.getElementById('result').textContent`), 'Hello Ada', `${d.name} type + click`);

  // 20 clicks in a row on the same ref; the per-click median goes into the table.
  const clicks: number[] = [];
  for (let i = 0; i < 20; i++) clicks.push((await timed(() => d.click(counter, 'Count button'))).ms);
  for (const ms of clicks) push(samples, '20 clicks: per click ms', ms);
  push(samples, '20 clicks: total ms', clicks.reduce((a, b) => a + b, 0));
  expectText(await d.evaluate(`document.getElementById('clicks').textContent`), '20', `${d.name} 20 clicks`);

  push(samples, 'screenshot ms', (await timed(() => d.screenshot())).ms);
  const consoleRead = await timed(() => d.console());
  expectText(consoleRead.out, 'form ready', `${d.name} console`);
  push(samples, 'console read ms', consoleRead.ms);

  // Timed too: @playwright/mcp takes (and files) a snapshot inside every navigate.
  push(samples, 'navigate 10k ms', (await timed(() => d.navigate(pages.big))).ms);
  const big = await timed(() => d.snapshot());
  push(samples, 'snapshot 10k ms', big.ms);
  push(samples, 'snapshot 10k bytes', big.out.bytes);
  // Nothing changed since: each engine runs warm (ours JIT-compiled; @playwright/mcp's took one inside navigate).
  push(samples, 'snapshot 10k again ms', (await timed(() => d.snapshot())).ms);

  if (pages.app) {
    await d.navigate(pages.app.url);
    const app = await timed(() => d.snapshot());
    push(samples, 'snapshot app ms', app.ms);
    push(samples, 'snapshot app bytes', app.out.bytes);
  }
}

export async function compare(drivers: Driver[], pages: BenchPages, runs: number, log: (line: string) => void): Promise<DriverResult[]> {
  const results: DriverResult[] = drivers.map((d) => ({ name: d.name, samples: {} }));
  for (const [i, d] of drivers.entries()) {
    try {
      await d.start();
      results[i].samples['tools/list bytes'] = [await d.toolsListBytes()];
    } catch (error) {
      results[i].error = `did not start: ${(error as Error).message.split('\n')[0]}`;
    }
  }
  for (let run = 0; run <= runs; run++) {
    for (const [i, d] of drivers.entries()) {
      if (results[i].error) continue;
      const scratch: Samples = {};
      // Not into the garbage collection and unloading the server before it left behind (quiet.ts).
      if (!(await machineQuiet())) log(`${d.name}: the machine did not go quiet before run ${run}; its figures carry the load`);
      try {
        await oneRun(d, pages, scratch);
      } catch (error) {
        results[i].error = `failed in run ${run}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`;
        log(`${d.name}: ${(error as Error).message}`);
        continue;
      }
      if (run === 0) continue; // warm-up: browser launch, first compile
      for (const [key, values] of Object.entries(scratch)) for (const v of values) push(results[i].samples, key, v);
    }
    log(`run ${run}/${runs} done`);
  }
  for (const d of drivers) await d.stop().catch(() => undefined);
  return results;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A figure as the tables print it: the key's unit (ms, or bytes as KB / MB). */
export const fmt = (key: string, v: number) => (key.endsWith('bytes') ? (v >= 1e6 ? `${(v / 1e6).toFixed(2)} MB` : `${(v / 1e3).toFixed(1)} KB`) : v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(1)} ms`);

/** One table, one row per measurement, ratio ours/peer per peer (< 1 means ours is smaller or faster). */
export function compareTable(results: DriverResult[]): string {
  const [ours, ...peers] = results;
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.samples)))];
  const header = ['measurement', ...results.map((r) => r.name), ...peers.map((p) => `ours / ${p.name}`)];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i ? '---:' : '---')).join('|')}|`];
  for (const key of keys) {
    const med = results.map((r) => (r.samples[key]?.length ? median(r.samples[key]) : undefined));
    const cells = med.map((m) => (m === undefined ? '—' : fmt(key, m)));
    const ratios = peers.map((_, i) => (med[0] !== undefined && med[i + 1] ? `${(med[0] / med[i + 1]!).toFixed(2)}` : '—'));
    lines.push(`| ${key} | ${[...cells, ...ratios].join(' | ')} |`);
  }
  const errors = results.filter((r) => r.error).map((r) => `- ${r.name}: ${r.error}`);
  if (!ours.samples['navigate ms']) errors.unshift('- ours produced no samples.');
  return [...lines, ...(errors.length ? ['', ...errors] : [])].join('\n');
}
