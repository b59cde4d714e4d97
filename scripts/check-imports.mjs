// Part of `npm run lint`: the layering STYLE.md sets, and no import cycles.
// - src/shared imports nothing local outside itself;
// - src/content and src/background never import each other;
// - agent-server imports only src/shared from the extension's side;
// - no cycle of runtime imports (`import type` vanishes from the bundles, so it is not counted).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const rel = (file) => path.relative(root, file);

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

// Static imports and re-exports, side-effect imports, dynamic imports; `type` ones apart.
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    if (!spec.startsWith('.')) continue;
    found.push({ target: path.resolve(path.dirname(file), spec), typeOnly: !!m[2] });
  }
  return found;
}

const area = (file) => {
  const r = rel(file);
  if (r.startsWith('src/shared/')) return 'shared';
  if (r.startsWith('src/content/')) return 'content';
  if (r.startsWith('src/background/')) return 'background';
  if (r.startsWith('agent-server/')) return 'agent-server';
  if (r.startsWith('src/')) return 'extension';
  return 'other';
};

function layeringProblem(from, to) {
  const [a, b] = [area(from), area(to)];
  if (a === 'shared' && b !== 'shared') return 'src/shared imports nothing outside itself';
  if ((a === 'content' && b === 'background') || (a === 'background' && b === 'content')) return 'content and background never import each other';
  if (a === 'agent-server' && b !== 'agent-server' && b !== 'shared') return 'agent-server imports only src/shared from the extension';
  return null;
}

const files = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'agent-server', 'src'))];
const known = new Set(files);
const problems = [];
const graph = new Map();
for (const file of files) {
  const edges = [];
  for (const { target, typeOnly } of importsOf(file)) {
    if (!known.has(target)) {
      if (!fs.existsSync(target)) problems.push(`${rel(file)}: imports ${rel(target)}, which does not exist`);
      continue;
    }
    const problem = layeringProblem(file, target);
    if (problem) problems.push(`${rel(file)} imports ${rel(target)}: ${problem}`);
    if (!typeOnly) edges.push(target);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: each one of more than a module is a cycle.
let index = 0;
const stack = [];
const state = new Map();
function visit(file) {
  const node = { index, low: index, onStack: true };
  index++;
  state.set(file, node);
  stack.push(file);
  for (const next of graph.get(file)) {
    const seen = state.get(next);
    if (!seen) {
      visit(next);
      node.low = Math.min(node.low, state.get(next).low);
    } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
  }
  if (node.low !== node.index) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    state.get(member).onStack = false;
    component.push(rel(member));
  } while (member !== file);
  if (component.length > 1) problems.push(`import cycle among: ${component.sort().join(', ')}`);
}
for (const file of files) if (!state.has(file)) visit(file);

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import problem${problems.length === 1 ? '' : 's'} (scripts/check-imports.mjs)`);
  process.exit(1);
}
console.log(`imports: ${files.length} modules, layering kept, no cycles`);
