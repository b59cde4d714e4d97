// Zips the built extension (dist/) into release/llm-browser-agent-extension-<version>.zip:
// manifest.json at the root, as the Chrome Web Store and Edge Add-ons expect, and
// ready to unzip and "Load unpacked". `npm run package:extension` builds dist/ first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const manifestFile = path.join(dist, 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: run "npm run build:extension" first.`);
  process.exit(1);
}
// The manifest takes its version from package.json at build time; a stale dist/ would ship the wrong one.
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
if (manifest.version !== version) {
  console.error(`dist/manifest.json says ${manifest.version} but package.json says ${version}: rebuild with "npm run build:extension".`);
  process.exit(1);
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

const out = path.join(root, 'release', `llm-browser-agent-extension-${version}.zip`);
fs.mkdirSync(path.dirname(out), { recursive: true });
const zip = new yazl.ZipFile();
// A fixed date and sorted entries make the same dist/ always give the same zip.
const mtime = new Date('2000-01-01T00:00:00Z');
const files = filesUnder(dist).sort();
for (const file of files) {
  zip.addFile(file, path.relative(dist, file).split(path.sep).join('/'), { mtime, mode: 0o100644 });
}
zip.end();
await new Promise((resolve, reject) => {
  zip.outputStream.pipe(fs.createWriteStream(out)).on('close', resolve).on('error', reject);
});
console.log(`Wrote ${path.relative(process.cwd(), out)} (${files.length} files, ${fs.statSync(out).size} bytes).`);
