import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import manifest from './manifest.config.ts';

export default defineConfig({
  // One classic content script, no dynamic-import loader: its message listener
  // is registered as soon as it runs (../shared/CHROMIUM.md, crxjs section).
  plugins: [crx({ manifest, contentScripts: { standaloneFiles: ['src/content/index.ts'] } })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome116',
    // The DevTools panel is opened by devtools.ts at run time, so the manifest alone does not name it.
    rollupOptions: { input: { panel: 'src/devtools/panel.html' } },
  },
});
