import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DOCS_COMMAND, DOCS_FILE, renderToolDocs } from '../scripts/gen-tool-docs.ts';

// docs/tools.md is generated from the zod schemas; a tool or parameter added
// without regenerating it would leave users reading a wrong reference.
test('docs/tools.md matches the tool schemas', () => {
  const expected = renderToolDocs();
  const actual = fs.existsSync(DOCS_FILE) ? fs.readFileSync(DOCS_FILE, 'utf8') : '';
  expect(actual === expected, `docs/tools.md is stale: run "${DOCS_COMMAND}" and commit the result.`).toBe(true);
});
