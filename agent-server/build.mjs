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
