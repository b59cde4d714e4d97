/**
 * Default params for a tool from its JSON Schema: required fields get a
 * placeholder of the right type (the schema's default or first enum value
 * when it has one), optional ones are left out so the call stays minimal.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  description?: string;
}

function placeholder(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

export function defaultArgs(schema: JsonSchema, tabId: number | null): Record<string, unknown> {
  const props = schema.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) args[name] = placeholder(props[name] ?? {});
  if (tabId !== null && 'tabId' in props) args.tabId = tabId;
  return args;
}

export function hasTabId(schema: JsonSchema): boolean {
  return 'tabId' in (schema.properties ?? {});
}
