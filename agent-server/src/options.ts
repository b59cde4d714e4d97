/** Command-line options shared by the CLI's commands. */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from '../../src/shared/constants.ts';
import type { LaunchPolicy } from './browser.ts';
import { DEFAULT_CAPS } from './mcp/caps.ts';

export interface ServerOptions {
  port: number;
  /** True when the user chose the port; then a busy port is an error, not a fallback. */
  portGiven: boolean;
  launch: LaunchPolicy;
  headless: boolean;
  chromePath?: string;
  idleTimeoutMs: number;
  extraExtensionIds: string[];
  outputDir: string;
  allowFileUrls: boolean;
  /** Managed browser only: accept any TLS certificate (a local dev server's self-signed one). */
  ignoreHttpsErrors: boolean;
  /** Tool groups to offer (see mcp/caps.ts). */
  caps: string[];
  quiet: boolean;
}

export const OPTIONS_HELP = `Options:
  --port <n>            extension endpoint port (default $BROWSER_AGENT_PORT or ${DEFAULT_PORT})
  --launch              start a managed Chromium right away
  --no-launch           never launch a browser; wait for your own browser's extension
  --headless / --headed managed browser mode (default: headless when there is no display)
  --chrome-path <file>  Chromium to launch (default: $CHROME_PATH, /usr/bin/chromium, …)
  --idle-timeout <min>  close a managed browser after this many idle minutes (default 30)
  --extension-id <id>   also accept this extension id (your own packed build); repeatable
  --output-dir <dir>    where screenshots, big snapshots and a managed browser's downloads are written
  --allow-file-urls     let the agent open file:// URLs (blocked by default)
  --ignore-https-errors managed browser: accept any HTTPS certificate, e.g. a dev server's self-signed one
  --caps <list>         tool groups to offer: core,tabs (default), interact, network, devtools, pwa, files, vision, or all
                        (also $BROWSER_AGENT_CAPS)
  --quiet               log only warnings`;

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** The server's options, in node:util parseArgs form. */
export const SERVER_FLAG_DEFS = {
  port: { type: 'string' },
  launch: { type: 'boolean' },
  'no-launch': { type: 'boolean' },
  headless: { type: 'boolean' },
  headed: { type: 'boolean' },
  'chrome-path': { type: 'string' },
  'idle-timeout': { type: 'string' },
  'extension-id': { type: 'string', multiple: true },
  'output-dir': { type: 'string' },
  'allow-file-urls': { type: 'boolean' },
  'ignore-https-errors': { type: 'boolean' },
  caps: { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

export function parseServerOptions(args: string[]): ServerOptions {
  const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: SERVER_FLAG_DEFS });
  // $BROWSER_AGENT_PORT moves the default; like the default, it yields to a busy port.
  const port = values.port === undefined ? Number(process.env.BROWSER_AGENT_PORT || DEFAULT_PORT) : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not "${values.port}".`);
  if (values.launch && values['no-launch']) throw new Error('--launch and --no-launch contradict each other; pick one.');
  if (values.headless && values.headed) throw new Error('--headless and --headed contradict each other; pick one.');
  if (values['ignore-https-errors'] && values['no-launch']) {
    throw new Error('--ignore-https-errors applies to a managed browser, and --no-launch never starts one; your own browser checks certificates itself (accept a warning page there).');
  }
  const idleMinutes = values['idle-timeout'] === undefined ? 30 : Number(values['idle-timeout']);
  if (!(idleMinutes > 0)) throw new Error(`--idle-timeout must be a positive number of minutes, not "${values['idle-timeout']}".`);
  for (const id of values['extension-id'] ?? []) {
    if (!/^[a-p]{32}$/.test(id)) throw new Error(`--extension-id "${id}" is not an extension id (32 letters a–p, see chrome://extensions).`);
  }
  return {
    port,
    portGiven: values.port !== undefined,
    launch: values.launch ? 'always' : values['no-launch'] ? 'never' : 'auto',
    headless: values.headless ? true : values.headed ? false : !hasDisplay(),
    chromePath: values['chrome-path'],
    idleTimeoutMs: idleMinutes * 60_000,
    extraExtensionIds: values['extension-id'] ?? [],
    outputDir: path.resolve(values['output-dir'] ?? path.join(os.tmpdir(), 'browser-agent-output')),
    allowFileUrls: values['allow-file-urls'] ?? false,
    ignoreHttpsErrors: values['ignore-https-errors'] ?? false,
    caps: (values.caps || process.env.BROWSER_AGENT_CAPS || DEFAULT_CAPS.join(',')).split(',').map((c) => c.trim()).filter(Boolean),
    quiet: values.quiet ?? false,
  };
}
