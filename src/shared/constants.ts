/** Bumped on any incompatible change to the messages in protocol.ts. Both ends must agree exactly. */
export const PROTOCOL_VERSION = 1;

/**
 * Default port of the extension endpoint. Chosen to avoid the ports peers use
 * (8080, 9009 BrowserMCP, 61822 Kapture, 12306 mcp-chrome, 9222 CDP).
 */
export const DEFAULT_PORT = 39217;

/** Stable id from the `key` in manifest.config.ts; the server only accepts this origin by default. */
export const EXTENSION_ID = 'jdidddgajngjbeejpanjpnjphgiajnog';

/**
 * An MV3 service worker with an open WebSocket stays alive only while messages
 * flow; ping frames do not count (../shared/CHROMIUM.md). 15 s leaves margin
 * under Chrome's 30 s idle timer.
 */
export const KEEPALIVE_INTERVAL_MS = 15_000;

/** Per-command default; every command can override it. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;

/**
 * How long an action waits for its element to become actionable when the
 * caller gave no timeout (as Playwright MCP's 5 s action timeout). What is
 * still covered, disabled or read-only after that (a cookie banner, a button
 * the form keeps disabled) rarely changes by itself: the agent learns so in
 * 5 s instead of 29, and can pass a timeout to wait longer.
 */
export const DEFAULT_ACTION_WAIT_MS = 5_000;

/**
 * How long, by default, a navigation waits for the load event once the
 * document is ready (as Playwright MCP does). One image or script that never
 * finishes (a tracking pixel, a slow ad) otherwise turned a usable page into
 * NAV_TIMEOUT after 29 s. waitUntil "load", given, waits for all of it.
 */
export const DEFAULT_LOAD_WAIT_MS = 5_000;

/** The extension must say hello this soon after the socket opens. */
export const HELLO_TIMEOUT_MS = 5_000;

/** Messages larger than this get a MESSAGE_TOO_LARGE reply instead of being parsed. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Requests from the server to the extension are small; anything larger is hostile or a bug. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** WebSocket close codes the extension shows to the user. */
export const CLOSE = {
  NOT_PAIRED: 4001,
  PROTOCOL_MISMATCH: 4002,
  BAD_HELLO: 4003,
  REPLACED: 4004,
  SERVER_SHUTDOWN: 4005,
} as const;
