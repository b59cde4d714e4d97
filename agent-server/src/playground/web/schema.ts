import { exampleValue, type JsonSchema } from '../../../../src/shared/schema-example.ts';

/**
 * Default params for a tool from its JSON Schema: required fields get a
 * placeholder of the right type (the schema's default or first enum value
 * when it has one), optional ones are left out so the call stays minimal.
 */

export type { JsonSchema };

export function defaultArgs(schema: JsonSchema, tabId: number | null): Record<string, unknown> {
  const props = schema.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) args[name] = exampleValue(name, props[name] ?? {});
  if (tabId !== null && 'tabId' in props) args.tabId = tabId;
  return args;
}

export function hasTabId(schema: JsonSchema): boolean {
  return 'tabId' in (schema.properties ?? {});
}
