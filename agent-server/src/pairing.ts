/**
 * The pairing token: a random secret in a per-user config file (mode 0600).
 * The extension must present it in its hello; a web page cannot know it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function configDir(): string {
  if (process.env.BROWSER_AGENT_HOME) return process.env.BROWSER_AGENT_HOME;
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'browser-agent');
}

function configFile(): string {
  return path.join(configDir(), 'config.json');
}

interface Config {
  token: string;
}

export function loadOrCreateToken(): string {
  const file = configFile();
  try {
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Config>;
    if (typeof config.token === 'string' && config.token.length >= 16) return config.token;
  } catch {
    // missing or unreadable: create a new one below
  }
  return rotateToken();
}

export function rotateToken(): string {
  const token = crypto.randomBytes(24).toString('base64url');
  fs.mkdirSync(configDir(), { recursive: true, mode: 0o700 });
  const file = configFile();
  fs.writeFileSync(file, JSON.stringify({ token } satisfies Config, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600); // writeFileSync's mode applies only when creating the file
  return token;
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from timing. */
export function tokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
