/** Debugging-kit commands: screenshots, console, evaluate, network, emulation, service workers. */
import { z } from 'zod';
import { TabId } from './common.ts';

const Tab = { tabId: TabId.optional() };

export const ConsoleLevel = z.enum(['log', 'info', 'warn', 'error', 'debug']);
export type ConsoleLevel = z.infer<typeof ConsoleLevel>;

export const ConsoleEntry = z.object({
  /** Wall-clock milliseconds. */
  time: z.number(),
  level: ConsoleLevel,
  /** Where it came from: page, worker <url>, service_worker <url>, network, security, … */
  source: z.string(),
  text: z.string(),
  url: z.string().optional(),
  /** 1-based. */
  line: z.number().optional(),
  column: z.number().optional(),
  stack: z.string().optional(),
});
export type ConsoleEntry = z.infer<typeof ConsoleEntry>;

export const NetworkEntry = z.object({
  id: z.string(),
  method: z.string(),
  url: z.string(),
  resourceType: z.string(),
  status: z.number().optional(),
  statusText: z.string().optional(),
  mimeType: z.string().optional(),
  /** Bytes on the wire (encoded); absent when unknown or none crossed it (a service worker or cache answered). */
  size: z.number().optional(),
  /** Wall-clock milliseconds. */
  startTime: z.number(),
  durationMs: z.number().optional(),
  servedFrom: z.enum(['network', 'memory cache', 'disk cache', 'service worker', 'prefetch cache']).optional(),
  failure: z.string().optional(),
  finished: z.boolean(),
});
export type NetworkEntry = z.infer<typeof NetworkEntry>;

const Headers = z.record(z.string(), z.string());
const Body = z.object({ text: z.string(), base64: z.boolean() });

export const ServiceWorkerInfo = z.object({
  scope: z.string(),
  scriptUrl: z.string(),
  state: z.string(),
  running: z.string(),
  controlsPage: z.boolean(),
});

export const DEVTOOLS_METHODS = {
  screenshot: {
    params: z.object({
      ...Tab,
      ref: z.string().optional(),
      selector: z.string().optional(),
      fullPage: z.boolean().optional(),
      format: z.enum(['png', 'jpeg']).optional(),
      quality: z.number().int().min(0).max(100).optional(),
    }),
    result: z.object({
      tabId: TabId,
      mimeType: z.enum(['image/png', 'image/jpeg']),
      data: z.string(),
      /** What was captured: "viewport", "full page 1280×4000", "element <button>…" */
      description: z.string(),
      devicePixelRatio: z.number(),
    }),
  },
  'console.list': {
    params: z.object({ ...Tab, limit: z.number().int().positive().optional(), level: ConsoleLevel.optional(), contains: z.string().optional() }),
    /** Newest first. */
    result: z.object({ tabId: TabId, total: z.number(), entries: z.array(ConsoleEntry) }),
  },
  'console.clear': {
    params: z.object(Tab),
    result: z.object({ tabId: TabId, dropped: z.number() }),
  },
  evaluate: {
    params: z.object({ ...Tab, expression: z.string().optional(), function: z.string().optional(), ref: z.string().optional(), await: z.boolean().optional() }),
    /** `value` is the result written as JSON with JS literals for what JSON lacks (undefined, NaN, 12n, Date(…), Map {…}). */
    result: z.object({ tabId: TabId, type: z.string(), value: z.string() }),
  },
  'network.list': {
    params: z.object({
      ...Tab,
      limit: z.number().int().positive().optional(),
      urlContains: z.string().optional(),
      resourceType: z.string().optional(),
      failedOnly: z.boolean().optional(),
    }),
    /** Newest first. */
    result: z.object({ tabId: TabId, total: z.number(), entries: z.array(NetworkEntry) }),
  },
  'network.get': {
    params: z.object({ ...Tab, id: z.string() }),
    result: z.object({
      tabId: TabId,
      entry: NetworkEntry,
      requestHeaders: Headers,
      responseHeaders: Headers.optional(),
      requestBody: Body.optional(),
      responseBody: Body.optional(),
      /** Why a body is missing, when it is. */
      bodyNote: z.string().optional(),
    }),
  },
  'network.clear': {
    params: z.object(Tab),
    result: z.object({ tabId: TabId, dropped: z.number() }),
  },
  'network.offline': {
    params: z.object({ ...Tab, offline: z.boolean() }),
    result: z.object({ tabId: TabId, offline: z.boolean() }),
  },
  resize: {
    params: z.object({ ...Tab, width: z.number().int().min(100).max(10_000).optional(), height: z.number().int().min(100).max(10_000).optional(), preset: z.enum(['mobile', 'tablet', 'desktop']).optional() }),
    result: z.object({ tabId: TabId, width: z.number(), height: z.number(), innerWidth: z.number(), innerHeight: z.number(), mobile: z.boolean() }),
  },
  serviceWorkers: {
    params: z.object(Tab),
    result: z.object({ tabId: TabId, origin: z.string(), controller: z.string().optional(), registrations: z.array(ServiceWorkerInfo) }),
  },
} as const;
