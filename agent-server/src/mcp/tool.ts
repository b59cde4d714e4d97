/**
 * The one way to define an MCP tool: a name (browser_<verb>), a flat zod
 * schema, and a handler that writes into a ToolResponse. Registration, input
 * validation and the error path live in server.ts, once for all tools.
 */
import type { z } from 'zod';
import type { SessionBrowser } from '../browser.ts';
import type { ToolResponse } from './response.ts';

export interface ToolContext {
  browser: SessionBrowser;
  /** Where files (big snapshots, screenshots) are written. */
  outputDir: string;
  /** --allow-file-urls: let the agent open file:// URLs. */
  allowFileUrls?: boolean;
  /** The caller's `timeout` for this call, if it gave one. */
  timeoutMs?: number;
}

export interface Tool<S extends z.ZodRawShape = z.ZodRawShape> {
  name: `browser_${string}`;
  title: string;
  description: string;
  /** Flat: strings, numbers, booleans, enums and arrays of those. Every tool also gets `timeout`. */
  schema: S;
  readOnly: boolean;
  handle(params: z.infer<z.ZodObject<S>>, response: ToolResponse, ctx: ToolContext): Promise<void>;
}

export function defineTool<S extends z.ZodRawShape>(tool: Tool<S>): Tool<S> {
  return tool;
}
