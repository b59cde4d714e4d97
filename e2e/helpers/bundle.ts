import { buildSync } from 'esbuild';
import path from 'node:path';

const cache = new Map<string, string>();

/**
 * Bundles a TypeScript entry of the extension into one classic script that
 * can be added to any page (`page.addScriptTag({ content })`). The entry's
 * exports land on `window[globalName]`. Lets engine code be tested in real
 * Chromium without loading the whole extension.
 */
export function bundleForPage(entry: string, globalName: string): string {
  const key = `${entry}\0${globalName}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = buildSync({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    target: 'chrome116',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  cache.set(key, code);
  return code;
}
