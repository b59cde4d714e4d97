import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { TOOLS } from '../agent-server/src/mcp/tools/index.ts';
import { DOCS_COMMAND, DOCS_FILE, EXAMPLES_FILE, renderToolDocs, type ToolExample } from '../scripts/gen-tool-docs.ts';
import { recordExamples } from '../scripts/record-tool-examples.ts';

// docs/tools.md is generated from the zod schemas; a tool or parameter added
// without regenerating it would leave users reading a wrong reference.
test('docs/tools.md matches the tool schemas', () => {
  const expected = renderToolDocs();
  const actual = fs.existsSync(DOCS_FILE) ? fs.readFileSync(DOCS_FILE, 'utf8') : '';
  expect(actual === expected, `docs/tools.md is stale: run "${DOCS_COMMAND}" and commit the result.`).toBe(true);
});

/** What stays the same from run to run: the words and lines, not ids, times, counts or sizes. */
function shape(example: ToolExample | undefined): string {
  return JSON.stringify(example ?? null, null, 1)
    .replace(/\b[0-9A-F]{32}\b/g, 'ID')
    .replace(/Date: \w+, \d+ \w+ \d+ [\d:]+ GMT/g, 'Date: …')
    .replace(/\d+/g, 'N');
}

// The examples are real answers; a change to what a tool says must show in the reference too.
test('every tool answers as its example in docs/tools.md says', async () => {
  test.setTimeout(120_000);
  const recorded = JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, ToolExample>;
  expect(Object.keys(recorded).sort(), `a tool has no example: run "${DOCS_COMMAND}"`).toEqual(TOOLS.map((tool) => tool.name).sort());
  const now = await recordExamples();
  for (const tool of TOOLS) {
    expect(shape(now[tool.name]), `${tool.name} answers differently from its example: run "${DOCS_COMMAND}" and commit the result.`).toBe(shape(recorded[tool.name]));
  }
});
