import fs from 'node:fs';
import path from 'node:path';
import { AgentError } from '../../../src/shared/errors.ts';

/**
 * Resolves a file name an agent gave inside the output directory; names that
 * would escape it ("../../.bashrc", absolute paths elsewhere) are refused.
 */
export function outputPath(outputDir: string, name: string): string {
  const resolved = path.resolve(outputDir, name);
  if (resolved !== outputDir && !resolved.startsWith(outputDir + path.sep)) {
    throw new AgentError('INVALID_PARAMS', `"${name}" is outside the output directory ${outputDir}; give a plain file name.`);
  }
  return resolved;
}

export function writeOutput(outputDir: string, name: string, data: string | Buffer): string {
  const file = outputPath(outputDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

export function timestampedName(prefix: string, extension: string): string {
  return `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.${extension}`;
}
