/**
 * The one way to define an MCP tool: a name (browser_<verb>), a flat zod
 * schema, and a handler that writes into a ToolResponse. Registration, input
 * validation and the error path live in server.ts, once for all tools.
 */
import type { z } from 'zod';
import type { Method, Params, Result } from '../../../src/shared/protocol.ts';
import type { ToolResponse } from './response.ts';

/** The session's browser as one tool call uses it: its commands stop in the browser when the call is cancelled. */
export interface ToolBrowser {
  call<M extends Method>(method: M, params: Params<M>, timeoutMs?: number): Promise<Result<M>>;
  /** An action's own report already named these tabs. */
  markAnnounced(tabIds: number[]): void;
}

export interface ToolContext {
  browser: ToolBrowser;
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
