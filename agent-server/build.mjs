// Bundles the agent server (and the protocol it shares with the extension)
// into one ESM file; npm dependencies stay external.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

const outfile = new URL('./dist/cli.js', import.meta.url).pathname;
await build({
  entryPoints: [new URL('./src/cli.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);

// The playground web app (served by `browser-agent serve` at /): browser
// code, so everything is bundled in, the MCP SDK included.
const web = new URL('./src/playground/web/', import.meta.url).pathname;
await build({
  entryPoints: [`${web}app.ts`],
  outfile: new URL('./dist/playground.js', import.meta.url).pathname,
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'chrome116',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
await build({
  entryPoints: [`${web}style.css`],
  outfile: new URL('./dist/playground.css', import.meta.url).pathname,
  bundle: true,
  minify: true,
  logLevel: 'warning',
});
