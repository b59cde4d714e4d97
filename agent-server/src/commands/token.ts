import { configDir, loadOrCreateToken, rotateToken } from '../pairing.ts';

export async function runToken(args: string[]): Promise<number> {
  if (args.some((arg) => arg !== '--rotate')) throw new Error(`token takes only --rotate, not ${args.join(' ')}.`);
  const token = args.includes('--rotate') ? rotateToken() : loadOrCreateToken();
  process.stdout.write(token + '\n');
  process.stderr.write(`Paste this into the LLM Browser Agent popup (stored in ${configDir()}/config.json).\n`);
  return 0;
}
