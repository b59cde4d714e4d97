/**
 * `npm run bench`: ours next to @playwright/mcp and chrome-devtools-mcp in one
 * run, on this machine and this Chromium, plus transport micro-benchmarks and
 * the snapshot-engine table. Writes bench/RESULTS.md and prints it.
 *
 *   npm run bench                      # build, then 5 runs
 *   npx tsx bench/run.ts --runs 2      # quicker, after a build
 *   npx tsx bench/run.ts --only compare,transport
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_PATH } from '../e2e/helpers/chromium.ts';
import { assertBuilt, ROOT } from '../e2e/helpers/paths.ts';
import { compare, compareTable } from './compare.ts';
import { DevtoolsMcpDriver, OursDriver, PlaywrightMcpDriver, type Driver } from './drivers.ts';
import { servePages } from './mcp-pages.ts';
import { runLibraryBench } from './libraries.ts';
import { runSnapshotBench } from './snapshot.ts';
import { targetsTable } from './targets.ts';
import { runTransportBench } from './transport.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    count: { type: 'string', default: '200' },
    only: { type: 'string', default: 'compare,transport,snapshot' },
    out: { type: 'string', default: path.join(ROOT, 'bench', 'RESULTS.md') },
  },
});
const runs = Number(values.runs);
const count = Number(values.count);
const parts = new Set(values.only.split(','));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function version(pkg: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  assertBuilt();
  const started = new Date();
  // Sampled before anything runs: other work on the machine makes every figure below noisier.
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const sections: string[] = [];
  const pages = await servePages();
  try {
    if (parts.has('compare')) {
      log(`comparing three MCP servers, ${runs} runs after a warm-up`);
      const drivers: Driver[] = [new OursDriver(), new PlaywrightMcpDriver(), new DevtoolsMcpDriver()];
      const results = await compare(drivers, pages, runs, log);
      sections.push(
        '## Side by side over MCP (stdio)',
        '',
        `Medians of ${runs} runs after one warm-up run; the servers take turns run by run, each once the machine has gone quiet after the one before (bench/quiet.ts). Times are measured around the MCP tool call in the client, so they include each server's own waiting and response building. Bytes are the tool result's content as JSON. Ratio < 1: ours is faster or smaller.`,
        '',
        compareTable(results),
        '',
        '- Form page: 3 fields and 2 buttons. Type "Ada" into the Name textbox by ref, click Submit by ref, then read #result through each tool\'s evaluate and require "Hello Ada". Each server\'s own tool: ours `browser_type`; @playwright/mcp `browser_type`; chrome-devtools-mcp `fill` (it has no per-key typing into an element by uid).',
        '- 20 clicks: the same ref clicked 20 times, then the page\'s counter must read 20.',
        `- 10k page: bench/snapshot-pages.ts \`generatePage(10000)\`; "navigate 10k" is the navigate to it just before its snapshot (@playwright/mcp takes a snapshot of the page inside navigate and writes it to a file); "snapshot 10k again" is a second snapshot right after, the page unchanged. App: ${pages.app ? `${pages.app.label}, served from node_modules/playwright-core` : 'none installed; skipped'}.`,
        '- Each tool runs with its defaults; "click result bytes" shows how much each returns after an action (e.g. a page snapshot or not). One exception: ours is asked for the whole snapshot (`maxChars` 10,000,000), as its default cuts at 40,000 characters and the peers return the whole page.',
        '',
        '### Targets (issue 8), judged from the medians above',
        '',
        targetsTable(results),
        '',
        '- A click by ref is a trip to the content script to locate the element (noting the controls shown then), the trusted input through CDP, a second trip for the guard to confirm where the press landed, and a third for the controls the click showed: the transport table below times the click and its parts apart. The guard\'s question waits for the page\'s own work after the input (its handlers, then the frame it draws), as any question after a click does: the transport table times the input followed by one plain CDP round trip through the page, the least a confirmed click can cost. Asked through the debugger in the content script\'s world instead of its port (0.5 ms against 1.6 ms when the page is idle), the guard left a click\'s time unchanged (tried and measured, 2026-11-28), and so did a question sent with the input and answered by the page once it had handled the release (4 to 5 ms after the input\'s acknowledgement, later than a question sent after it).',
        '',
      );
    }
    if (parts.has('transport')) {
      log('transport micro-benchmarks');
      sections.push('## Transport (ours)', '', await runTransportBench(pages.server, count, log), '');
    }
  } finally {
    await pages.server.stop();
  }
  if (parts.has('snapshot')) {
    log('snapshot engine (bench/snapshot.ts)');
    sections.push('## Snapshot engine (bench/snapshot.ts)', '', await runSnapshotBench(), '');
    log('snapshot engine vs dom-accessibility-api (bench/libraries.ts)');
    sections.push('### Why our own role and name code (bench/libraries.ts)', '', await runLibraryBench(), '');
  }

  const md = [
    '# Benchmark results',
    '',
    '_Generated by `npm run bench` (bench/run.ts); do not edit by hand, run it again._',
    '',
    `- Date: ${started.toISOString()} (took ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min)`,
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}; load average at start ${load} (other work on the machine adds noise)`,
    `- Browser: ${chromiumVersion()} at ${CHROMIUM_PATH}, headless; pages served from 127.0.0.1`,
    `- Node ${process.version}; @playwright/mcp ${version('@playwright/mcp')}, chrome-devtools-mcp ${version('chrome-devtools-mcp')}, playwright-core ${version('playwright-core')}`,
    `- Command: \`tsx bench/run.ts ${process.argv.slice(2).join(' ')}\``.replace(/ `$/, '`'),
    '',
    ...sections,
  ].join('\n');
  fs.writeFileSync(values.out, md);
  console.log(md);
}

main().then(
  () => process.exit(0), // peers' child processes must not keep the bench alive
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
