/**
 * Logging for the agent server. stdout belongs to MCP's JSON-RPC when we run
 * over stdio, so every log line goes to stderr.
 */
let quiet = false;

export function setQuiet(value: boolean): void {
  quiet = value;
}

export function log(message: string): void {
  if (!quiet) process.stderr.write(`[browser-agent] ${message}\n`);
}

export function warn(message: string): void {
  process.stderr.write(`[browser-agent] warning: ${message}\n`);
}
