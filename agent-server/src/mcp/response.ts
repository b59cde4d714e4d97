/**
 * What a tool hands back. Handlers add text lines and images; the server
 * turns them into MCP content. Nothing else builds MCP content by hand.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export class ToolResponse {
  private readonly lines: string[] = [];
  private readonly images: { data: string; mimeType: string }[] = [];

  /** A few lines per call: a long list goes in joined, as spread into a call 100,000 overflowed the stack. */
  text(...lines: string[]): this {
    for (const line of lines) this.lines.push(line);
    return this;
  }

  image(data: string, mimeType: string): this {
    this.images.push({ data, mimeType });
    return this;
  }

  build(): CallToolResult {
    return {
      content: [
        ...(this.lines.length ? [{ type: 'text' as const, text: this.lines.join('\n') }] : []),
        ...this.images.map((image) => ({ type: 'image' as const, data: image.data, mimeType: image.mimeType })),
      ],
    };
  }
}

export function errorResult(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `Error ${code}: ${message}` }] };
}
