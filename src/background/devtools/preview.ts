/**
 * Renders CDP RemoteObjects as a developer would read them in DevTools:
 * `{userId: 123, status: 'active'}`, `[1, 2, 3]`, `Map(1) {'a' => 1}` —
 * never a bare "Object" (the complaint about peers in ../shared/PEERS.md).
 * Built from the object's preview, which V8 nests one level deep; deeper
 * values show as `{…}` / `Array(n)`.
 */

export interface RemoteObject {
  type: string;
  subtype?: string;
  className?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
  preview?: ObjectPreview;
}

interface ObjectPreview {
  type: string;
  subtype?: string;
  description?: string;
  overflow: boolean;
  properties: PropertyPreview[];
  entries?: { key?: ObjectPreview; value: ObjectPreview }[];
}

interface PropertyPreview {
  name: string;
  type: string;
  value?: string;
  valuePreview?: ObjectPreview;
  subtype?: string;
}

/** Text rendered in the page for objects whose preview was cut short (see isCutShort). */
export type Rendered = Map<RemoteObject, string>;

/**
 * V8 previews stop at 5 properties and one level of nesting; such objects
 * are worth rendering in the page (console.ts does that afterwards).
 */
export function isCutShort(object: RemoteObject): boolean {
  const preview = object.preview;
  if (object.subtype === 'error') return false;
  // Messages a worker logged before we attached arrive without previews: render those too.
  if (!preview) return object.type === 'object' && object.subtype !== 'null' && object.objectId !== undefined;
  return preview.overflow || preview.properties.some((p) => p.type === 'object' && p.subtype !== 'null' && !p.valuePreview) || Boolean(preview.entries?.some((e) => e.value.overflow));
}

/** One console argument; top-level strings print bare, as console.log does. */
export function formatRemote(object: RemoteObject, rendered?: Rendered): string {
  const text = rendered?.get(object);
  if (text !== undefined) return text;
  if (object.type === 'string') return String(object.value);
  return formatValue(object);
}

function formatValue(object: RemoteObject): string {
  switch (object.type) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return quote(String(object.value));
    case 'number':
    case 'boolean':
      return object.unserializableValue ?? String(object.value);
    case 'bigint':
      return object.unserializableValue ?? object.description ?? 'BigInt';
    case 'symbol':
      return object.description ?? 'Symbol()';
    case 'function':
      return functionName(object.description);
  }
  if (object.subtype === 'null') return 'null';
  if (object.subtype === 'error') return errorText(object);
  if (object.preview && !['date', 'regexp', 'node'].includes(object.subtype ?? '')) return formatPreview(object.preview);
  return object.description ?? object.className ?? 'Object';
}

/**
 * An error's message and stack, and what caused it (`new Error(msg, { cause })`),
 * which its description leaves out: the first line of the cause, from the preview.
 */
export function errorText(error: RemoteObject): string {
  const description = error.description ?? 'Error';
  const cause = error.preview?.properties.find((p) => p.name === 'cause');
  if (!cause) return description;
  const causeText = cause.type === 'string' ? (cause.value ?? '') : (cause.value ?? cause.type).split('\n')[0];
  const end = description.indexOf('\n');
  return end < 0 ? `${description} (caused by ${causeText})` : `${description.slice(0, end)} (caused by ${causeText})${description.slice(end)}`;
}

function formatPreview(preview: ObjectPreview): string {
  const more = preview.overflow ? ['…'] : [];
  const entries = preview.entries?.map((entry) => (entry.key ? `${formatNested(entry.key)} => ${formatNested(entry.value)}` : formatNested(entry.value)));
  if (preview.subtype === 'array' || preview.subtype === 'typedarray') {
    const items = preview.properties.map((p) => (/^\d+$/.test(p.name) ? formatProperty(p) : `${p.name}: ${formatProperty(p)}`));
    const prefix = preview.subtype === 'typedarray' ? `${preview.description ?? ''} ` : '';
    return `${prefix}[${[...items, ...more].join(', ')}]`;
  }
  if (preview.subtype === 'map' || preview.subtype === 'set' || preview.subtype === 'weakmap' || preview.subtype === 'weakset') {
    return `${preview.description ?? preview.subtype} {${[...(entries ?? []), ...more].join(', ')}}`;
  }
  if (preview.subtype === 'error' || preview.subtype === 'date' || preview.subtype === 'regexp' || preview.subtype === 'node') {
    return preview.description ?? preview.subtype;
  }
  const items = preview.properties.map((p) => `${propertyKey(p.name)}: ${formatProperty(p)}`);
  const body = `{${[...items, ...more].join(', ')}}`;
  const className = preview.description && preview.description !== 'Object' ? `${preview.description} ` : '';
  return className + body;
}

/** Entry keys and values of Maps and Sets come as previews themselves. */
function formatNested(preview: ObjectPreview): string {
  if (preview.type === 'object' && preview.subtype !== 'null') return formatPreview(preview);
  return formatPrimitive(preview.type, preview.description ?? '', preview.subtype);
}

function formatProperty(property: PropertyPreview): string {
  if (property.valuePreview) return formatPreview(property.valuePreview);
  return formatPrimitive(property.type, property.value ?? '', property.subtype);
}

function formatPrimitive(type: string, value: string, subtype?: string): string {
  if (type === 'string') return quote(value);
  if (type === 'function') return functionName(value);
  if (type === 'object' && subtype !== 'null') {
    // Past the depth V8 previews: show the shape, not the word "Object".
    if (value === 'Object') return '{…}';
    return value;
  }
  return value;
}

function functionName(description = ''): string {
  const match = /^(?:async\s+)?(?:function\s*\*?\s*([\w$]*)|class\s+([\w$]+))/.exec(description);
  if (match?.[2]) return `class ${match[2]}`;
  return `ƒ ${match?.[1] ?? ''}()`;
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name);
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/**
 * console.log's format string: %s %d %i %f %o %O %c are replaced by the
 * following arguments, the rest are appended with spaces.
 */
export function formatConsoleArgs(args: RemoteObject[], rendered?: Rendered): string {
  if (!args.length) return '';
  const [first, ...rest] = args;
  const format = (arg: RemoteObject) => formatRemote(arg, rendered);
  if (first.type !== 'string' || !/%[sdifoOc%]/.test(String(first.value))) return args.map(format).join(' ');
  const queue = [...rest];
  const head = String(first.value).replace(/%([sdifoOc%])/g, (token, kind: string) => {
    if (kind === '%') return '%';
    if (!queue.length) return token;
    const arg = queue.shift()!;
    if (kind === 'c') return ''; // CSS styling has no meaning in text
    if (kind === 'd' || kind === 'i') return arg.type === 'number' ? String(Math.trunc(Number(arg.value))) : 'NaN';
    if (kind === 'f') return arg.type === 'number' ? String(arg.value) : 'NaN';
    return format(arg);
  });
  return [head, ...queue.map(format)].join(' ');
}
