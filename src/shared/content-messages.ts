/**
 * Messages between the service worker and the content scripts (one per
 * frame). Internal to the extension, but typed here once so both sides agree.
 * Content scripts always answer with a ContentReply: a thrown AgentError
 * would lose its code crossing runtime messaging.
 */
import type { WireError } from './protocol.ts';

export interface SnapshotRequestOptions {
  interactive?: boolean;
  depth?: number;
  /** A ref or CSS selector to scope the snapshot to. */
  root?: string;
  viewportOnly?: boolean;
}

export type ContentRequest =
  | { type: 'ping' }
  | { type: 'snapshot'; options: SnapshotRequestOptions; refPrefix: string; refFloor: number };

export interface FrameSlotInfo {
  /** Ref of the <iframe> element in this frame's snapshot. */
  ref: string;
  /** Posted to the child frame; the child reports it with its frameId. */
  nonce: string;
  /** Index of the iframe's line in `lines`. */
  line: number;
  /** Indentation for the child frame's lines. */
  indent: string;
}

export interface ContentSnapshot {
  lines: string[];
  frames: FrameSlotInfo[];
  maxRef: number;
  url: string;
  title: string;
}

export interface ContentResults {
  ping: { pong: true };
  snapshot: ContentSnapshot;
}

export type ContentReply<T> = { ok: true; value: T } | { ok: false; error: WireError };

/** Content script → service worker. */
export type ContentEvent = { type: 'frameNonce'; nonce: string };

/** postMessage marker a parent frame sends into its iframes to learn their frame ids. */
export const FRAME_NONCE_KEY = '__llmBrowserAgentFrameNonce';
