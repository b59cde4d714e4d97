import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(ROOT, 'dist');
export const CLI = path.join(ROOT, 'agent-server', 'dist', 'cli.js');

export function assertBuilt(): void {
  for (const file of [path.join(DIST, 'manifest.json'), CLI]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" (npm test does it for you).`);
  }
}

/** A fresh folder under .tmp/ for one test's profiles, configs and TMPDIR. */
export function tempDir(name: string): string {
  const dir = path.join(ROOT, '.tmp', `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
