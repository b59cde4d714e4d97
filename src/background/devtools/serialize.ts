/**
 * Runs in the page (Runtime.callFunctionOn): writes any value as JSON, with
 * JavaScript literals where JSON has no word for it — undefined, NaN, -0,
 * 12n, Date("…"), Map(1) {"a" => 1}, <button id="save">, [Circular] — so
 * the agent sees what the page really holds. Must stay self-contained: it is
 * sent as source text.
 */
export function serializeInPage(root: unknown, consoleStyle = false): string {
  // Console style reads like DevTools' console: {userId: 123, status: 'active'} on one line.
  const MAX_DEPTH = consoleStyle ? 5 : 12;
  const MAX_ITEMS = consoleStyle ? 100 : 500;
  const ancestors: object[] = [];

  function str(text: string): string {
    if (!consoleStyle) return JSON.stringify(text);
    return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  }

  function key(name: string): string {
    return consoleStyle && /^[A-Za-z_$][\w$]*$/.test(name) ? name : str(name);
  }

  function node(n: Node): string {
    if (n.nodeType === 3) return `#text ${str((n.textContent ?? '').slice(0, 80))}`;
    if (n.nodeType === 9) return `#document (${(n as Document).URL})`;
    if (n.nodeType !== 1) return n.nodeName;
    const el = n as Element;
    // Quoted as HTML quotes them: style="font-family: "sans"" read as two attributes.
    const attrs = Array.from(el.attributes).slice(0, 6).map((a) => ` ${a.name}="${a.value.slice(0, 60).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join('');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const tag = el.tagName.toLowerCase();
    return `<${tag}${attrs}>${text.length > 40 ? text.slice(0, 40) + '…' : text}</${tag}>`;
  }

  function wrap(open: string, close: string, items: string[], more: number): string {
    if (more > 0) items.push(consoleStyle ? '…' : `… ${more} more`);
    const inline = `${open}${items.join(', ')}${close}`;
    if (consoleStyle || (inline.length <= 100 && !inline.includes('\n'))) return inline;
    return `${open}\n${items.map((item) => '  ' + item.replace(/\n/g, '\n  ')).join(',\n')}\n${close}`;
  }

  function ser(value: unknown, depth: number): string {
    switch (typeof value) {
      case 'undefined':
        return 'undefined';
      case 'string':
        return str(value);
      case 'number':
        return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint':
        return `${value}n`;
      case 'boolean':
        return String(value);
      case 'symbol':
        return value.toString();
      case 'function':
        return `[Function ${value.name || '(anonymous)'}]`;
    }
    if (value === null) return 'null';
    const obj = value as object;
    if (ancestors.includes(obj)) return '[Circular]';
    if (typeof Node !== 'undefined' && obj instanceof Node) return node(obj);
    if (typeof Window !== 'undefined' && obj instanceof Window) return `Window (${obj.location.href})`;
    if (obj instanceof Date) return isNaN(obj.getTime()) ? 'Date(Invalid)' : `Date(${str(obj.toISOString())})`;
    if (obj instanceof RegExp) return String(obj);
    if (obj instanceof Error) return `${obj.name}(${str(obj.message)})`;
    if (obj instanceof Promise) return 'Promise {…}';
    if (obj instanceof WeakMap || obj instanceof WeakSet) return `${obj.constructor.name} {…}`;
    if (depth >= MAX_DEPTH) return Array.isArray(obj) ? '[…]' : '{…}';
    ancestors.push(obj);
    try {
      if (obj instanceof Map) {
        const items = Array.from(obj.entries()).slice(0, MAX_ITEMS).map(([k, v]) => `${ser(k, depth + 1)} => ${ser(v, depth + 1)}`);
        return wrap(`Map(${obj.size}) {`, '}', items, obj.size - items.length);
      }
      if (obj instanceof Set) {
        const items = Array.from(obj).slice(0, MAX_ITEMS).map((v) => ser(v, depth + 1));
        return wrap(`Set(${obj.size}) {`, '}', items, obj.size - items.length);
      }
      if (Array.isArray(obj) || ArrayBuffer.isView(obj)) {
        const list = obj as ArrayLike<unknown>;
        const items: string[] = [];
        for (let i = 0; i < Math.min(list.length, MAX_ITEMS); i++) items.push(i in list ? ser(list[i], depth + 1) : 'undefined');
        const prefix = Array.isArray(obj) ? '' : `${obj.constructor.name}(${list.length}) `;
        return wrap(`${prefix}[`, ']', items, list.length - items.length);
      }
      const keys = Object.keys(obj);
      const items = keys.slice(0, MAX_ITEMS).map((name) => {
        let v: unknown;
        try {
          v = (obj as Record<string, unknown>)[name];
        } catch (error) {
          return `${key(name)}: [Threw ${(error as Error)?.message}]`;
        }
        return `${key(name)}: ${ser(v, depth + 1)}`;
      });
      const name = Object.getPrototypeOf(obj)?.constructor?.name;
      const prefix = name && name !== 'Object' ? `${name} ` : '';
      return wrap(`${prefix}{`, '}', items, keys.length - items.length);
    } finally {
      ancestors.pop();
    }
  }

  return ser(root, 0);
}
