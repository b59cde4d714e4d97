/**
 * Example params for a protocol method, from its zod schema turned into JSON
 * Schema: required fields get a placeholder of the right type, tabId is the
 * inspected tab. A starting point the user edits, not a valid call for
 * every method (a ref must come from a snapshot).
 */
import { z } from 'zod';
import { METHODS, type Method } from '../shared/protocol.ts';
import { exampleValue, type JsonSchema } from '../shared/schema-example.ts';

export function schemaOf(method: Method): JsonSchema {
  try {
    return z.toJSONSchema(METHODS[method].params, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Params pre-filled for `method` on `tabId`. */
export function defaultParams(method: Method, tabId: number | null, hints: { url: string }): Record<string, unknown> {
  const schema = schemaOf(method);
  const props = schema.properties ?? {};
  const params: Record<string, unknown> = {};
  if ('tabId' in props && tabId !== null) params.tabId = tabId;
  for (const name of schema.required ?? []) if (!(name in params)) params[name] = exampleValue(name, props[name] ?? {}, { ...hints, expression: 'document.title' });
  return params;
}

/** One line per parameter, for the help under the method picker: "url: string (required)". */
export function describeParams(method: Method): string {
  const schema = schemaOf(method);
  const required = new Set(schema.required ?? []);
  const parts = Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const type = prop.enum ? prop.enum.map((v) => JSON.stringify(v)).join(' | ') : Array.isArray(prop.type) ? prop.type.join(' | ') : (prop.type ?? 'any');
    return `${name}: ${type}${required.has(name) ? ' (required)' : ''}`;
  });
  return parts.length ? parts.join(' · ') : 'No parameters.';
}
