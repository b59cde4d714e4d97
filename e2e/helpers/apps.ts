import { buildSync } from 'esbuild';
import path from 'node:path';
import { ROOT } from './paths.ts';

const cache = new Map<string, string>();

type App = 'react-form' | 'react-clicks' | 'vue-form' | 'codemirror6' | 'codemirror5' | 'prosemirror' | 'monaco';

/**
 * Builds a test app from e2e/apps/ with the real framework or editor from node_modules into one script;
 * the CSS it imports (an editor's) is put in the page by the script.
 */
export function appBundle(name: App): string {
  const cached = cache.get(name);
  if (cached) return cached;
  const result = buildSync({
    entryPoints: [path.join(ROOT, 'e2e', 'apps', `${name}.ts`)],
    bundle: true,
    write: false,
    outdir: path.join(ROOT, 'test-results', 'apps'),
    format: 'iife',
    target: 'chrome116',
    loader: { '.ttf': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text;
  const code = css ? `document.head.append(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(css)} }));\n${js}` : js;
  cache.set(name, code);
  return code;
}
