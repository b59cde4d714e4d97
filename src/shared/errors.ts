/**
 * Typed error codes shared by the extension and the agent server.
 * Every failure that reaches an agent carries one of these codes and a message
 * that says what to do next.
 */
export const ERROR_CODES = [
  // protocol and connection
  'BAD_MESSAGE',
  'UNKNOWN_METHOD',
  'INVALID_PARAMS',
  'MESSAGE_TOO_LARGE',
  'PROTOCOL_MISMATCH',
  'NOT_PAIRED',
  'EXTENSION_DISCONNECTED',
  'EXTENSION_NOT_CONNECTED',
  'BROWSER_LAUNCH_FAILED',
  'TIMEOUT',
  'CANCELLED',
  // tabs and frames
  'TAB_NOT_FOUND',
  'TAB_CLOSED',
  'NO_TAB',
  'FRAME_NOT_FOUND',
  'CONTENT_SCRIPT_UNAVAILABLE',
  'DEBUGGER_DETACHED',
  'PAGE_CRASHED',
  'PAGE_UNRESPONSIVE',
  // navigation
  'INVALID_URL',
  'BLOCKED_SCHEME',
  'NAV_FAILED',
  'NAV_DNS',
  'NAV_REFUSED',
  'NAV_TIMEOUT',
  'NAV_ABORTED',
  // elements
  'STALE_REF',
  'INVALID_SELECTOR',
  'ELEMENT_NOT_FOUND',
  'NOT_VISIBLE',
  'NOT_ENABLED',
  'NOT_EDITABLE',
  'COVERED',
  'INVALID_TARGET',
  'DIALOG_OPEN',
  'NO_DIALOG',
  // anything else
  'EXECUTION_ERROR',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AgentError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AgentError';
    this.code = code;
  }
}

/** Turns anything thrown into a `{code, message}` pair fit for the wire. */
export function toWireError(error: unknown): { code: ErrorCode; message: string } {
  if (error instanceof AgentError) return { code: error.code, message: error.message };
  if (isWireError(error)) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message };
}

function isWireError(value: unknown): value is { code: ErrorCode; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof message === 'string' && (ERROR_CODES as readonly unknown[]).includes(code);
}
