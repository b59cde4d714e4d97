import { z } from 'zod';
import type { NetworkEntry } from '../../../../../src/shared/methods/devtools.ts';
import { timestampedName, writeOutput } from '../../files.ts';
import { defineTool } from '../../tool.ts';
import { clip, textOrFile } from './output.ts';

/** Bodies longer than this are cut inline; the full body goes to a file. */
const BODY_INLINE = 2000;

function formatEntry(e: NetworkEntry): string {
  const status = e.failure ? `FAILED (${e.failure})` : e.status !== undefined ? `${e.status}${e.statusText ? ` ${e.statusText}` : ''}` : 'pending';
  const details = [
    e.resourceType,
    e.mimeType,
    e.size !== undefined ? formatBytes(e.size) : '',
    e.durationMs !== undefined ? `${e.durationMs} ms` : '',
    e.servedFrom && e.servedFrom !== 'network' ? `from ${e.servedFrom}` : '',
    new Date(e.startTime).toISOString().slice(11, 23),
  ].filter(Boolean);
  return `[${e.id}] ${e.method} ${e.url} → ${status} (${details.join(', ')})`;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export const networkRequests = defineTool({
  name: 'browser_network_requests',
  title: 'Network requests',
  description:
    'Requests of the current tab since the agent took it, newest first: method, URL, status, type, size, duration, cache/service-worker source and failure reason. Use the [id] with browser_network_request for headers and bodies.',
  schema: {
    limit: z.number().int().positive().optional().describe('How many, newest first (default 100)'),
    urlContains: z.string().optional().describe('Only URLs containing this (case-insensitive)'),
    resourceType: z.string().optional().describe('Only this type: Document, Stylesheet, Script, Image, Fetch, XHR, …'),
    failedOnly: z.boolean().optional().describe('Only failed requests and HTTP status ≥ 400'),
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('network.list', params, ctx.timeoutMs);
    if (!result.entries.length) {
      response.text(`No requests${params.urlContains || params.resourceType || params.failedOnly ? ' match' : ''} in tab ${result.tabId}.`);
      return;
    }
    const lines = [`${result.entries.length} of ${result.total} requests in tab ${result.tabId}, newest first:`, ...result.entries.map(formatEntry)];
    textOrFile(response, ctx.outputDir, 'network', lines.join('\n'), lines.slice(0, 10).join('\n'));
  },
});

export const networkRequest = defineTool({
  name: 'browser_network_request',
  title: 'Network request details',
  description: 'Request and response headers and bodies of one request from browser_network_requests. Long bodies are cut inline and saved in full to a file.',
  schema: {
    id: z.string().describe('Request id, the [id] in browser_network_requests'),
  },
  readOnly: true,
  async handle(params, response, ctx) {
    const r = await ctx.browser.call('network.get', params, ctx.timeoutMs);
    const headers = (h: Record<string, string>) => Object.entries(h).map(([k, v]) => `  ${k}: ${v}`);
    response.text(formatEntry(r.entry), 'Request headers:', ...headers(r.requestHeaders));
    if (r.requestBody) response.text('Request body:', body(r.requestBody, 'request-body', ctx.outputDir));
    if (r.responseHeaders) response.text('Response headers:', ...headers(r.responseHeaders));
    if (r.responseBody) response.text('Response body:', body(r.responseBody, 'response-body', ctx.outputDir));
    if (r.bodyNote) response.text(`(${r.bodyNote})`);
  },
});

function body(content: { text: string; base64: boolean }, prefix: string, outputDir: string): string {
  const data = content.base64 ? Buffer.from(content.text, 'base64') : Buffer.from(content.text);
  if (!content.base64 && content.text.length <= BODY_INLINE) return content.text;
  const file = writeOutput(outputDir, timestampedName(prefix, content.base64 ? 'bin' : 'txt'), data);
  if (content.base64) return `(binary, ${formatBytes(data.length)}, saved to ${file})`;
  return `${clip(content.text, BODY_INLINE)}\n(${content.text.length} characters; full body saved to ${file})`;
}

export const clearNetworkRequests = defineTool({
  name: 'browser_clear_network_requests',
  title: 'Clear network requests',
  description: 'Empty the network request log of the current tab; says how many entries were dropped.',
  schema: {
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const { tabId, dropped } = await ctx.browser.call('network.clear', params, ctx.timeoutMs);
    response.text(`Cleared ${dropped} request${dropped === 1 ? '' : 's'} of tab ${tabId}.`);
  },
});

export const setOffline = defineTool({
  name: 'browser_set_offline',
  title: 'Go offline / online',
  description: "Cut the current tab's network (offline: true) or restore it. Service-worker and cached responses keep working, so offline support can be tested.",
  schema: {
    offline: z.boolean().describe('true: no network; false: back online'),
    tabId: z.number().int().optional().describe('Tab; default: the current tab'),
  },
  readOnly: false,
  async handle(params, response, ctx) {
    const result = await ctx.browser.call('network.offline', params, ctx.timeoutMs);
    response.text(`Tab ${result.tabId} is ${result.offline ? 'offline: requests that reach the network fail' : 'online again'}.`);
  },
});
