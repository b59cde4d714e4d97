// Builds the extension into a fresh folder and swaps it in, so a test run
// that is loading dist/ never sees it half-written.
import { build } from 'vite';
import fs from 'node:fs';

const next = 'dist.next';
const old = 'dist.old';
fs.rmSync(next, { recursive: true, force: true });
fs.rmSync(old, { recursive: true, force: true });
await build({ build: { outDir: next, emptyOutDir: true }, logLevel: 'warn' });
if (fs.existsSync('dist')) fs.renameSync('dist', old);
fs.renameSync(next, 'dist');
fs.rmSync(old, { recursive: true, force: true });
