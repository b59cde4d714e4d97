import fs from 'node:fs';

/** Debian's Chromium; Playwright's own browser download does not work on our machines. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags measured in ../shared/CHROMIUM.md: quiet, no outside traffic, works headless as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--silent-debugger-extension-api',
];

if (!fs.existsSync(CHROMIUM_PATH)) {
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run "apt-get install -y chromium" or set CHROME_PATH.`);
}
