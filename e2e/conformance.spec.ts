/**
 * Conformance of the snapshot engine's roles and accessible names against the
 * outside data in ../shared/conformance (WPT accname, axe-core roles and
 * names; see the README there). Runs in real Chromium and prints the pass
 * count per suite.
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForPage } from './helpers/bundle.ts';
import { TestServer } from './helpers/server.ts';
import { KNOWN_FAILURES } from './conformance-known-failures.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const conformanceDir = path.resolve(repoRoot, '../shared/conformance');

interface WptCase {
  suite: string; file: string; title: string; html: string; selector: string; index: number;
  property: 'name' | 'description'; expected: string; results: Record<string, string | null>;
}
interface AxeCase {
  id: string; html: string; selector: string; expected: string | null; results: Record<string, string | null>;
}

/** One check run in the page: what to compute on which element. */
interface Probe { id: string; selector: string; index: number; property: 'name' | 'description' | 'role' }
interface ProbeResult { id: string; cached: string | null; uncached: string | null }

function loadCases<T>(file: string): T[] {
  const full = path.join(conformanceDir, file);
  if (!fs.existsSync(full)) {
    throw new Error(`Conformance data missing: ${full}. It lives in ../shared/conformance beside the checkout (see its README).`);
  }
  return (JSON.parse(fs.readFileSync(full, 'utf8')) as { cases: T[] }).cases;
}

const normalize = (s: string | null): string | null => (s === null ? null : s.replace(/\s+/g, ' ').trim());

/** Roles the data writes as "no role". */
const normalizeRole = (r: string | null): string | null =>
  r === null || r === 'generic' || r === 'none' || r === 'presentation' ? null : r;

let server: TestServer;
const bundle = bundleForPage('e2e/entries/a11y-entry.ts', '__a11y');

test.beforeAll(async () => {
  server = await new TestServer().start();
});
test.afterAll(async () => {
  await server.stop();
});

/** One page state to probe: the current document, or `html` put into its body first. */
interface Batch { html?: string; probes: Probe[] }

/** Runs batches of probes in the page (the engine must be loaded), with and without the pass cache. */
function runBatches(page: Page, batches: Batch[]): Promise<ProbeResult[][]> {
  return page.evaluate((batches) => {
    type Api = {
      getRole(el: Element): string | null; getName(el: Element): string; getDescription(el: Element): string;
      withStyleCache<T>(fn: () => T): T;
    };
    const api = (window as unknown as { __a11y: Api }).__a11y;
    // Like Playwright's css engine, look into open shadow roots too.
    const queryAll = (root: Document | ShadowRoot, selector: string, out: Element[]): Element[] => {
      out.push(...root.querySelectorAll(selector));
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) queryAll(el.shadowRoot, selector, out);
      return out;
    };
    const compute = (el: Element, property: string): string | null =>
      property === 'role' ? api.getRole(el) : property === 'name' ? api.getName(el) : api.getDescription(el);
    return batches.map(({ html, probes }) => {
      if (html !== undefined) document.body.innerHTML = html;
      // axe fixtures write shadow trees as <template shadow>; attach them as
      // open shadow roots, as Playwright's role-utils tests do.
      for (const template of document.querySelectorAll<HTMLTemplateElement>('template[shadow]')) {
        template.parentElement?.attachShadow({ mode: 'open' }).appendChild(template.content);
        template.remove();
      }
      const run = (cached: boolean) => probes.map((probe) => {
        const el = queryAll(document, probe.selector, [])[probe.index];
        if (!el) throw new Error(`${probe.id}: no element for ${probe.selector}[${probe.index}]`);
        return cached ? api.withStyleCache(() => compute(el, probe.property)) : compute(el, probe.property);
      });
      const uncached = run(false);
      // All probes of a page in one pass, as the snapshot walker calls them.
      const cached = api.withStyleCache(() => run(true));
      return probes.map((probe, i) => ({ id: probe.id, cached: cached[i], uncached: uncached[i] }));
    });
  }, batches);
}

/** Loads a page from the test server and adds the engine. */
async function loadPage(page: Page, pathname: string, html: string): Promise<void> {
  // Inline scripts (shadow roots, DOM set-up) have run by DOMContentLoaded; names need no images.
  await page.goto(server.page(pathname, html), { waitUntil: 'domcontentloaded' });
  await page.addScriptTag({ content: bundle });
}

interface Outcome { id: string; expected: string | null; actual: string | null; pass: boolean; note?: string }

function report(suite: string, outcomes: Outcome[], goal: number): void {
  const passed = outcomes.filter((o) => o.pass).length;
  console.log(`conformance ${suite}: ${passed}/${outcomes.length}`);
  const known = KNOWN_FAILURES[suite] ?? {};
  const unexpected = outcomes.filter((o) => !o.pass && !(o.id in known));
  const fixed = outcomes.filter((o) => o.pass && o.id in known);
  for (const o of fixed) console.log(`  known failure now passes, remove it from conformance-known-failures.ts: ${o.id}`);
  for (const o of outcomes.filter((o) => !o.pass)) {
    const tag = o.id in known ? 'known' : 'FAIL';
    console.log(`  ${tag} ${o.id}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)}${o.note ? ` (${o.note})` : ''}`);
  }
  for (const id of Object.keys(known)) {
    if (!outcomes.some((o) => o.id === id)) console.log(`  known failure ${id} matches no case`);
  }
  expect(unexpected.map((o) => o.id), `unexpected ${suite} failures`).toEqual([]);
  expect(passed, `${suite} pass count`).toBeGreaterThanOrEqual(goal);
}

function outcome(result: ProbeResult, expected: string | null, norm: (s: string | null) => string | null): Outcome {
  const actual = norm(result.cached);
  const consistent = actual === norm(result.uncached);
  return {
    id: result.id, expected, actual,
    pass: consistent && actual === norm(expected),
    note: consistent ? undefined : `without the pass cache: ${JSON.stringify(result.uncached)}`,
  };
}

test('wpt accname', async ({ context }) => {
  // 170 pages: about 30 s alone, and twice that beside a heavy spec on two cores (seen: the 60 s default ran out).
  test.setTimeout(150_000);
  const cases = loadCases<WptCase>('wpt-accname-cases.json');
  const byHtml = new Map<string, { id: string; c: WptCase }[]>();
  for (const c of cases) {
    const id = `${c.file}#${c.index}`;
    const list = byHtml.get(c.html) ?? [];
    list.push({ id, c });
    byHtml.set(c.html, list);
  }
  // 170 pages: a few tabs at once keep the run short (most time is round trips).
  const pages = [...byHtml];
  const outcomes = new Map<string, Outcome>();
  let pageNo = 0;
  const worker = async (): Promise<void> => {
    const page = await context.newPage();
    for (let item = pages.shift(); item; item = pages.shift()) {
      const [html, list] = item;
      const probes = list.map(({ id, c }) => ({ id, selector: c.selector, index: c.index, property: c.property }));
      await loadPage(page, `/wpt/${pageNo++}.html`, html);
      const [results] = await runBatches(page, [{ probes }]);
      results.forEach((r, i) => outcomes.set(r.id, outcome(r, list[i].c.expected, normalize)));
    }
    await page.close();
  };
  await Promise.all([worker(), worker(), worker()]);
  expect(outcomes.size, 'wpt case ids are unique').toBe(cases.length);
  report('wpt-accname', [...outcomes.values()], 530);
});

/**
 * axe fixtures are body fragments without styles or scripts that matter, so
 * one page serves them all: each replaces the body (in quirks mode, as the
 * reference results were taken with `<body>…</body>` and no doctype).
 */
async function runAxe(page: Page, file: string, property: 'role' | 'name', norm: (s: string | null) => string | null): Promise<Outcome[]> {
  const cases = loadCases<AxeCase>(file);
  await loadPage(page, '/axe/runner.html', '<body></body>');
  const results = await runBatches(page, cases.map((c) => ({
    html: c.html,
    probes: [{ id: c.id, selector: c.selector, index: 0, property }],
  })));
  return results.map(([r], i) => outcome(r, cases[i].expected, norm));
}

test('axe roles', async ({ page }) => {
  report('axe-roles', await runAxe(page, 'axe-role-cases.json', 'role', normalizeRole), 88);
});

test('axe names', async ({ page }) => {
  report('axe-names', await runAxe(page, 'axe-name-cases.json', 'name', normalize), 146);
});
