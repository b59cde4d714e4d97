/**
 * Content script entry: one per frame. Answers the service worker's
 * requests and tells a parent frame which frame id it has.
 */
import browser from 'webextension-polyfill';
import { CONTENT_PORT, FRAME_HELLO_KEY, FRAME_NONCE_KEY, REPLY_PART_CHARS, type ContentPortMessage, type ContentPortReply, type ContentReply, type ContentRequest } from '../shared/content-messages.ts';
import { toWireError } from '../shared/errors.ts';
import { handleAction } from './actions/index.ts';
import { stopWaits } from './actions/locate.ts';
import { currentMaxRef } from './snapshot/index.ts';
import { RefsExhausted, takeRefLease } from './snapshot/refs.ts';
import { announcedSince, untoldBefore, watchAnnouncements } from './announcements.ts';
import { lateTextShown } from './actions/text-shown.ts';
import { onWindow } from './window-listeners.ts';
import { caughtPress, drawn } from './actions/frame-press.ts';
import { frameOffset, snapshotFrame } from './snapshot-frame.ts';
import { answerFrameHellos, childFrames } from './frame-nonces.ts';

declare global {
  interface Window {
    __llmBrowserAgentLoaded?: boolean;
  }
}

// The script can be injected twice (manifest + executeScript into a tab that
// was open before install); only the first copy may listen.
if (!window.__llmBrowserAgentLoaded) {
  window.__llmBrowserAgentLoaded = true;

  // The worker's requests come over its port (background/channel.ts); a probe of a page that may be
  // blocked comes as a one-off message (background/unresponsive.ts).
  browser.runtime.onMessage.addListener((message: unknown): Promise<ContentReply<unknown>> | undefined => handle(message as ContentRequest));
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CONTENT_PORT) return;
    port.onMessage.addListener((message: unknown) => {
      const { id, request, ack, floor, ceiling } = (message ?? {}) as Partial<ContentPortMessage>;
      if (typeof id !== 'number') return;
      takeRefLease(floor, ceiling);
      // Before the work: it may keep this thread busy for a while.
      if (ack) post(port, { id, started: true });
      const answer = handle(request as ContentRequest) ?? Promise.resolve(unknownRequest(request));
      void answer.then((reply) => postReply(port, id, reply));
    });
  });

  // A parent frame asks "which frame are you?" with a nonce; we hand it to the service
  // worker, which learns our frame id from the sender. A same-origin parent's content
  // script calls us directly, through the isolated world we share; any other posts it.
  const report = (nonce: string) => void browser.runtime.sendMessage({ type: 'frameNonce', nonce }).catch(() => undefined);
  window.__llmBrowserAgentTakeNonce = report;
  onWindow('message', (event) => {
    const data = event.data as Record<string, unknown> | null;
    if (event.source !== window.parent || window.parent === window) return;
    if (!data || typeof data !== 'object' || typeof data[FRAME_NONCE_KEY] !== 'string') return;
    report(data[FRAME_NONCE_KEY]);
  });
  answerFrameHellos();
}

/** A long reply in parts (ContentPortReply). */
function postReply(port: browser.Runtime.Port, id: number, reply: ContentReply<unknown>): void {
  const maxRef = currentMaxRef();
  const json = JSON.stringify(reply);
  if (json.length <= REPLY_PART_CHARS) return post(port, { id, reply, maxRef });
  const parts = Math.ceil(json.length / REPLY_PART_CHARS);
  for (let i = 0; i < parts; i++) post(port, { id, part: json.slice(i * REPLY_PART_CHARS, (i + 1) * REPLY_PART_CHARS) });
  post(port, { id, parts, maxRef });
}

function post(port: browser.Runtime.Port, message: ContentPortReply): void {
  try {
    port.postMessage(message);
  } catch {
    // Disconnected: the worker may be gone (stopped by Chrome) or the port closed meanwhile; nobody is waiting then.
  }
}

function handle(request: ContentRequest): Promise<ContentReply<unknown>> | undefined {
  if (typeof request?.type !== 'string') return undefined;
  // The agent is looking at this frame: from now on, what it announces is kept for action reports.
  watchAnnouncements(request.type === 'snapshot' && request.undeclaredRoots === true);
  switch (request.type) {
    case 'announcements':
      return reply(() => announcedSince(request.since));
    case 'untold':
      return reply(async () => ({ announced: untoldBefore(request.before, true), text: await lateTextShown(request.before, request.text === true) }));
    case 'stopWaits':
      return reply(() => (stopWaits(), null));
    case 'ping':
      return reply(() => ({ pong: true }));
    case 'snapshot':
      return reply(() => snapshotFrame(request));
    case 'frameOffset':
      return reply(() => frameOffset(request));
    case 'framePress':
      return reply(() => ({ caught: caughtPress() }));
    case 'drawn':
      return reply(() => drawn());
    case 'childFrames':
      return reply(() => ({ nonces: childFrames(request.hidden, request.sameOrigin) }));
    case 'helloParent':
      return reply(() => {
        if (window.parent !== window) window.parent.postMessage({ [FRAME_HELLO_KEY]: true }, '*');
        return null;
      });
    default: {
      const action = handleAction(request);
      return action && reply(() => action);
    }
  }
}

function unknownRequest(request: unknown): ContentReply<unknown> {
  const type = (request as { type?: unknown } | null)?.type;
  return { ok: false, error: { code: 'INTERNAL', message: `The content script does not know the request ${JSON.stringify(type)} (the extension was updated while the page stayed open: reload the page).` } };
}

async function reply<T>(fn: () => T | Promise<T>): Promise<ContentReply<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    // The most refs the page can need: one per element.
    const needed = error instanceof RefsExhausted ? { refsNeeded: document.getElementsByTagName('*').length } : {};
    return { ok: false, error: toWireError(error), ...needed };
  }
}
