/**
 * One long-lived port per frame the agent talks to, instead of a
 * chrome.tabs.sendMessage per request. A one-off message opens and closes a
 * channel each time: measured on Chromium 156, 0.7–3 ms a round trip and
 * 3–11 ms for the first one to a freshly loaded document, against 0.3–0.6 ms
 * and 1.3–4 ms over a port. Every command makes one or more of these trips.
 *
 * A port belongs to the document it reached: when that document goes (a
 * navigation, a reload, a removed iframe, the back/forward cache) the port
 * closes, and requests still waiting fail as a one-off message would then.
 * A new document of the frame gets a new port on its first request.
 */
import { CONTENT_PORT, type ContentPortMessage, type ContentPortReply, type ContentReply, type ContentRequest } from '../shared/content-messages.ts';
import { forgetRefs, leaseRefs, returnRefs } from './ref-leases.ts';
import { refFloor } from './tabs.ts';

interface Waiting {
  /** maxRef: the highest ref number the document has given out, as it answered. */
  resolve: (reply: ContentReply<unknown> | undefined, maxRef: number | undefined) => void;
  reject: (error: Error) => void;
  /** The content script said it has started on the request. */
  started?: () => void;
}

interface Channel {
  key: string;
  tabId: number;
  port: chrome.runtime.Port;
  pending: Map<number, Waiting>;
  /** The parts of long replies still arriving, by request id (ContentPortReply). */
  parts: Map<number, string[]>;
}

/** The frame did not start on the request in time: its page keeps its thread busy (requestFrame's startWithinMs). */
export class NotStarted extends Error {}

const channels = new Map<string, Channel>();
let nextId = 1;

/**
 * Sends one request to the content script of the frame's current document and
 * resolves with its reply. Rejects with the browser's own message when the
 * frame has no content script ("Receiving end does not exist") or its
 * document went away before answering ("message channel closed"), so callers
 * tell those apart as they did for one-off messages.
 *
 * startWithinMs: for a request that may keep the frame busy a while (a
 * snapshot of a big frame), which the frame acknowledges as it starts on it.
 * Unacknowledged by then, the frame's page keeps it from answering (a script
 * that began a loop right after the frame last answered): rejects with NotStarted.
 */
export async function requestFrame(tabId: number, frameId: number, request: ContentRequest, startWithinMs?: number): Promise<ContentReply<unknown> | undefined> {
  const id = nextId++;
  // The blocks of ref numbers handed out before this worker started are read once; new ones start above them.
  await refFloor();
  return new Promise((resolve, reject) => {
    let channel: Channel;
    try {
      channel = channelTo(tabId, frameId);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const lease = leaseRefs(tabId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => clearTimeout(timer);
    channel.pending.set(id, {
      resolve: (reply, maxRef) => (settled(), returnRefs(lease, maxRef ?? lease.floor), resolve(reply)),
      // The document went away: what it gave out unreported, nobody saw, and its elements are gone.
      reject: (error) => (settled(), returnRefs(lease, lease.floor), reject(error)),
      started: settled,
    });
    if (startWithinMs !== undefined) {
      timer = setTimeout(() => {
        // Its answer, should it come, finds nobody waiting; the page may yet give out refs for it.
        channel.pending.delete(id);
        returnRefs(lease, undefined);
        reject(new NotStarted(`frame ${frameId} of tab ${tabId} did not start on "${request.type}" within ${startWithinMs} ms`));
      }, startWithinMs);
    }
    try {
      const message: ContentPortMessage = { id, request, floor: lease.floor, ceiling: lease.ceiling, ...(startWithinMs !== undefined ? { ack: true as const } : {}) };
      channel.port.postMessage(message);
    } catch (error) {
      // Posting on a port that closed a moment ago throws; its disconnect may not have arrived yet.
      drop(channel, error instanceof Error ? error.message : String(error));
    }
  });
}

/**
 * Opens the port to a page that just loaded, without waiting: the agent's next
 * command almost always goes to it (a snapshot after navigate), and finds the
 * port set up meanwhile instead of paying for it then. A page without a content
 * script closes it at once, and the next request tries again.
 */
export function openChannel(tabId: number, frameId: number): void {
  try {
    channelTo(tabId, frameId);
  } catch {
    // The tab went away: the next command says so.
  }
}

function channelTo(tabId: number, frameId: number): Channel {
  const key = `${tabId}:${frameId}`;
  const existing = channels.get(key);
  if (existing) return existing;
  const port = chrome.tabs.connect(tabId, { name: CONTENT_PORT, frameId });
  const channel: Channel = { key, tabId, port, pending: new Map(), parts: new Map() };
  channels.set(key, channel);
  port.onMessage.addListener((message: ContentPortReply | null) => {
    if (typeof message?.id !== 'number') return;
    const waiting = channel.pending.get(message.id);
    if ('started' in message) return void waiting?.started?.();
    if ('part' in message) {
      const parts = channel.parts.get(message.id) ?? [];
      parts.push(message.part);
      channel.parts.set(message.id, parts);
      return;
    }
    channel.pending.delete(message.id);
    if (!('parts' in message)) return void waiting?.resolve(message.reply, message.maxRef);
    const parts = channel.parts.get(message.id) ?? [];
    channel.parts.delete(message.id);
    let reply: ContentReply<unknown> | undefined;
    try {
      // Port messages arrive whole and in order; a count that does not match is a frame not to be believed.
      reply = parts.length === message.parts ? (JSON.parse(parts.join('')) as ContentReply<unknown>) : undefined;
    } catch {
      reply = undefined;
    }
    if (reply) waiting?.resolve(reply, message.maxRef);
    else waiting?.reject(new Error(`The frame's answer came in ${parts.length} of its ${message.parts} parts, or garbled.`));
  });
  // lastError says why when the port never reached a content script; read it, or Chrome logs it as unchecked.
  port.onDisconnect.addListener(() => drop(channel, chrome.runtime.lastError?.message));
  return channel;
}

/** Forgets a closed channel and fails what still waited on it, with the wording a one-off message fails with then (frames.ts reads it). */
function drop(channel: Channel, reason?: string): void {
  if (channels.get(channel.key) === channel) channels.delete(channel.key);
  const error = new Error(reason || 'The message channel closed before a response was received (the document unloaded).');
  for (const waiting of channel.pending.values()) waiting.reject(error);
  channel.pending.clear();
  channel.parts.clear();
}

/**
 * Closes the ports to a frame's old document as soon as the browser commits a
 * new one there, so a request sent right after (navigate, then snapshot) opens
 * a port to the new document instead of racing the old port's disconnect.
 */
export function watchChannels(): void {
  chrome.webNavigation.onCommitted.addListener(({ tabId, frameId, documentLifecycle }) => {
    // A page Chrome prerenders in the background is not the frame's document yet.
    const channel = documentLifecycle === 'prerender' ? undefined : channels.get(`${tabId}:${frameId}`);
    if (channel) close(channel);
  });
  // A failed load commits the browser's error page with no onCommitted; the old document's port
  // closes only once its renderer has unloaded it, which on a busy machine can come after the
  // agent's next request (a snapshot after a failed navigate) went out on it. Not every failure
  // commits (a download, a 204 keep the page), so the frame is asked what it shows now.
  chrome.webNavigation.onErrorOccurred.addListener(({ tabId, frameId, documentId, documentLifecycle }) => {
    const channel = documentLifecycle === 'prerender' ? undefined : channels.get(`${tabId}:${frameId}`);
    if (!channel || !documentId) return;
    void chrome.webNavigation.getFrame({ tabId, frameId }).then((frame) => {
      // Only the port opened before the error page came: one opened since already reached it (and was refused).
      // What was sent on it meanwhile fails as for any page that went away (frames.ts names the error page).
      if (frame?.errorOccurred && frame.documentId === documentId && channels.get(channel.key) === channel) close(channel);
    }, () => undefined);
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    forgetRefs(tabId);
    for (const channel of [...channels.values()]) if (channel.tabId === tabId) close(channel);
  });
}

function close(channel: Channel): void {
  // disconnect() does not fire our own onDisconnect.
  channel.port.disconnect();
  drop(channel);
}
