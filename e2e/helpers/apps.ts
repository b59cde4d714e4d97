import { buildSync } from 'esbuild';
import path from 'node:path';
import { ROOT } from './paths.ts';

const cache = new Map<string, string>();

/** Builds a test app from e2e/apps/ with the real framework from node_modules into one script. */
export function appBundle(name: 'react-form' | 'react-clicks' | 'vue-form'): string {
  const cached = cache.get(name);
  if (cached) return cached;
  const result = buildSync({
    entryPoints: [path.join(ROOT, 'e2e', 'apps', `${name}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'chrome116',
    define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  cache.set(name, code);
  return code;
}
