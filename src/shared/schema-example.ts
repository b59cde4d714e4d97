/**
 * A starting value for a parameter from its JSON Schema: its default,
 * example, constant or first enum value, else an empty value of its type.
 * Used to pre-fill the params editors of the DevTools panel and the
 * playground; the person edits it from there.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  description?: string;
}

/** `hints` supplies values for well-known parameter names (a URL to open, an expression). */
export function exampleValue(name: string, schema: JsonSchema, hints: Record<string, unknown> = {}): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string':
      return typeof hints[name] === 'string' ? hints[name] : '';
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
