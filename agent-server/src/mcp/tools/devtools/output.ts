/**
 * Long tool output goes to a file: the response names the path and shows a
 * short head, so one call cannot flood the agent's context.
 */
import { timestampedName, writeOutput } from '../../files.ts';
import type { ToolResponse } from '../../response.ts';

/** Inline limit for console, evaluate and network output (bytes of UTF-8). */
export const INLINE_LIMIT = 4096;
const HEAD_BYTES = 1024;

/**
 * Writes `full` inline if it fits in `limit` bytes, else to a file, answering with the path and `head`
 * (or the start of `full`).
 */
export function textOrFile(response: ToolResponse, outputDir: string, prefix: string, full: string, head?: string, limit = INLINE_LIMIT): void {
  const bytes = Buffer.byteLength(full);
  if (bytes <= limit) {
    response.text(full);
    return;
  }
  const file = writeOutput(outputDir, timestampedName(prefix, 'txt'), full.endsWith('\n') ? full : full + '\n');
  response.text(`Output is ${bytes} bytes, over ${limit}: written in full to ${file}`, 'Head:', head ?? clip(full, HEAD_BYTES));
}

/** Cuts text to about `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
