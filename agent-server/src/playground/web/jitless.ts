/**
 * Imported first. zod (inside the MCP SDK) probes whether it may compile
 * parsers with new Function; the page's Content-Security-Policy forbids
 * that, and each probe logs a CSP violation. jitless skips the probe; the
 * parsers are just as correct, only slower, which no one here notices.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
