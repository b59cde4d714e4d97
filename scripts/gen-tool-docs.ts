/**
 * Generates docs/tools.md from the tools the server registers (TOOLS), so the
 * reference can never drift from the zod schemas, with the example calls and
 * answers recorded from the real server (record-tool-examples.ts). `npm run
 * docs:tools` records and writes it; e2e/docs.spec.ts fails when the committed
 * file differs from renderToolDocs(), or a tool no longer answers as recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Tool } from '../agent-server/src/mcp/tool.ts';
import { TOOLS } from '../agent-server/src/mcp/tools/index.ts';
import { errorsOf } from './tool-docs-examples.ts';

export const DOCS_FILE = fileURLToPath(new URL('../docs/tools.md', import.meta.url));
export const DOCS_COMMAND = 'npm run docs:tools';
export const EXAMPLES_FILE = fileURLToPath(new URL('./tool-examples.json', import.meta.url));

/** A call to the tool and what the server answered, recorded by record-tool-examples.ts. */
export interface ToolExample {
  args: Record<string, unknown>;
  response: string;
}

function loadExamples(): Record<string, ToolExample> {
  return fs.existsSync(EXAMPLES_FILE) ? (JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, ToolExample>) : {};
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  items?: JsonSchema;
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

// zod writes int() as ±MAX_SAFE_INTEGER bounds; they say nothing to a reader.
const NO_BOUND = Number.MAX_SAFE_INTEGER;

function typeOf(schema: JsonSchema): string {
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'unknown'}[]`;
  const bounds: string[] = [];
  if (schema.minimum !== undefined && Math.abs(schema.minimum) !== NO_BOUND) bounds.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) bounds.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) !== NO_BOUND) bounds.push(`≤ ${schema.maximum}`);
  return `${schema.type ?? 'any'}${bounds.length ? ` (${bounds.join(', ')})` : ''}`;
}

/** Enum values, a schema default, or the "(default X)" the description states. */
function defaultOrEnum(schema: JsonSchema): string {
  const values = schema.enum ?? schema.items?.enum;
  const parts: string[] = [];
  if (values) parts.push(values.map((v) => `\`${String(v)}\``).join(', '));
  if (schema.default !== undefined) parts.push(`default \`${JSON.stringify(schema.default)}\``);
  else {
    const stated = /\(default:? ([^);,]+)/.exec(schema.description ?? '')?.[1];
    if (stated) parts.push(`default ${stated}`);
  }
  return parts.join('; ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function inputSchema(tool: Tool): JsonSchema {
  return z.toJSONSchema(z.object(tool.schema)) as JsonSchema;
}

function anchor(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

function renderTool(tool: Tool, examples: Record<string, ToolExample>): string[] {
  const schema = inputSchema(tool);
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const out = [`## ${tool.name}`, '', `**${tool.title}**${tool.readOnly ? ' (read-only)' : ''}`, '', tool.description, ''];

  const names = Object.keys(properties);
  if (names.length) {
    out.push('| parameter | type | required | default / values | description |', '|---|---|---|---|---|');
    for (const name of names) {
      const p = properties[name];
      out.push(`| \`${name}\` | ${cell(typeOf(p))} | ${required.includes(name) ? 'yes' : 'no'} | ${cell(defaultOrEnum(p))} | ${cell(p.description ?? '')} |`);
    }
  } else {
    out.push('No parameters besides `timeout`.');
  }
  out.push('', `**Errors:** ${errorsOf(tool).map((c) => `\`${c}\``).join(', ')}`, '');

  const example = examples[tool.name];
  if (example) {
    out.push('Example call:', '', '```json', JSON.stringify({ name: tool.name, arguments: example.args }), '```', '');
    out.push('Example response:', '', '````text', example.response, '````', '');
  }
  return out;
}

export function renderToolDocs(tools: Tool[] = TOOLS, examples = loadExamples()): string {
  const out = [
    '# Tool reference',
    '',
    `<!-- Generated from the tool schemas by \`${DOCS_COMMAND}\` (scripts/gen-tool-docs.ts). Do not edit by hand. -->`,
    '',
    `${tools.length} tools. Every tool also takes \`timeout\` (integer ms, ≤ 600000, default 30000): the call fails with \`TIMEOUT\` after it. Without it, an action waits at most 5 s for its element to be visible, enabled, stable and not covered; with it, up to the timeout.`,
    '',
    'A failed call is an MCP result with `isError: true` whose text starts with `Error CODE: ` followed by what to do next,',
    'e.g. `Error STALE_REF: Ref e12 is stale: take a new snapshot`. Refs (`e12`, or `f3e7` inside a frame) come from',
    '`browser_snapshot` or `browser_find` and stay valid while their element lives.',
    '',
    '| tool | title | read-only |',
    '|---|---|---|',
    ...tools.map((t) => `| [\`${t.name}\`](#${anchor(t.name)}) | ${cell(t.title)} | ${t.readOnly ? 'yes' : 'no'} |`),
    '',
  ];
  for (const tool of tools) out.push(...renderTool(tool, examples));
  return out.join('\n').replace(/\n+$/, '\n');
}

// Run as a script: write the file. Imported (by the staleness test): do nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(path.dirname(DOCS_FILE), { recursive: true });
  fs.writeFileSync(DOCS_FILE, renderToolDocs());
  console.log(`Wrote ${path.relative(process.cwd(), DOCS_FILE)} (${TOOLS.length} tools).`);
}
