/**
 * File choosers an agent's action opens (an "Upload" button that clicks a
 * hidden <input type="file">): intercepted through CDP, so no native dialog
 * opens that the agent could not answer (in a headed browser it would also
 * block the tab), and kept until browser_file_upload fills them.
 * Interception is on only while an agent action runs: a person clicking
 * "Upload" in a tab they shared still gets the normal dialog.
 */
import { cdp, cdpSession, onAttach, onCdpEvent } from '../cdp.ts';
import { childSessionsOf } from '../devtools/targets.ts';
import { within } from '../timing.ts';

export interface FileChooser {
  /** The child session (an out-of-process iframe) whose input opened it; none for the tab's own frames. */
  sessionId?: string;
  backendNodeId: number;
  multiple: boolean;
}

const pending = new Map<number, FileChooser>();
const openedListeners = new Set<(tabId: number, chooser: FileChooser) => void>();

export function watchFileChoosers(): void {
  // A worker that stopped within a grace period left interception on; a person's chooser would vanish.
  onAttach((tabId) => cdp(tabId, 'Page.setInterceptFileChooserDialog', { enabled: false }).then(() => undefined));
  onCdpEvent('Page.fileChooserOpened', (tabId, params, sessionId) => {
    const { backendNodeId, mode } = params as { backendNodeId?: number; mode: string };
    // Without an input (showOpenFilePicker) there is nothing to fill.
    if (backendNodeId === undefined) return;
    const chooser = { sessionId, backendNodeId, multiple: mode === 'selectMultiple' };
    pending.set(tabId, chooser);
    for (const listener of openedListeners) listener(tabId, chooser);
  });
  chrome.webNavigation.onCommitted.addListener((details) => void (details.frameId === 0 && pending.delete(details.tabId)));
  chrome.tabs.onRemoved.addListener((tabId) => {
    pending.delete(tabId);
    clearTimeout(turnOff.get(tabId));
    turnOff.delete(tabId);
  });
}

/** Subscribes to choosers opening; returns the unsubscribe function. */
export function onFileChooser(listener: (tabId: number, chooser: FileChooser) => void): () => void {
  openedListeners.add(listener);
  return () => openedListeners.delete(listener);
}

/** The chooser waiting in the tab, which is then no longer waiting. */
export function takeFileChooser(tabId: number): FileChooser | undefined {
  const chooser = pending.get(tabId);
  pending.delete(tabId);
  return chooser;
}

export async function fillFileChooser(tabId: number, chooser: FileChooser, files: string[]): Promise<void> {
  await cdpSession(tabId, chooser.sessionId, 'DOM.setFileInputFiles', { backendNodeId: chooser.backendNodeId, files });
}

/**
 * How long interception stays on after an action. The page's request for a
 * chooser travels apart from the action's own round trips and can reach the
 * browser after them (measured: 1 in 3 clicks), or the page opens it after
 * awaiting something. Also spares a burst of clicks the toggling.
 */
const GRACE_MS = 1000;
const turnOff = new Map<number, ReturnType<typeof setTimeout>>();

/** Interception on for an action (a no-op while still on from the one before). */
export async function interceptFileChoosers(tabId: number): Promise<void> {
  const pendingOff = turnOff.get(tabId);
  turnOff.delete(tabId);
  if (pendingOff !== undefined) {
    clearTimeout(pendingOff);
    return;
  }
  await setIntercepting(tabId, true);
}

/** Interception off again once the grace period after an action is over. */
export function stopInterceptingSoon(tabId: number): void {
  clearTimeout(turnOff.get(tabId));
  turnOff.set(tabId, setTimeout(() => {
    turnOff.delete(tabId);
    void setIntercepting(tabId, false).catch(() => undefined);
  }, GRACE_MS));
}

/** The next chooser the tab opens within `ms`, taken; undefined if none does. */
export function nextFileChooser(tabId: number, ms: number): Promise<FileChooser | undefined> {
  if (pending.has(tabId)) return Promise.resolve(takeFileChooser(tabId));
  return new Promise((resolve) => {
    const done = (chooser?: FileChooser) => {
      clearTimeout(timer);
      stop();
      resolve(chooser && takeFileChooser(tabId));
    };
    const timer = setTimeout(() => done(), ms);
    const stop = onFileChooser((id, chooser) => id === tabId && done(chooser));
  });
}

/**
 * How long a frame of another site may take to switch interception: one whose page is blocked
 * never answers, and every click in the tab waited for it until its timeout. While blocked it can
 * open no chooser either; the command still switches it once it runs again.
 */
const FRAME_ANSWER_MS = 200;

/** Child session → its latest switch, while unanswered: a frame still blocked is not waited for again. */
const switching = new Map<string, Promise<unknown>>();

/** In the tab and its out-of-process frames, which open their own choosers. */
async function setIntercepting(tabId: number, enabled: boolean): Promise<void> {
  await Promise.all([
    cdp(tabId, 'Page.setInterceptFileChooserDialog', { enabled }),
    ...childSessionsOf(tabId, 'iframe').map((sessionId) => {
      const blocked = switching.has(sessionId);
      const sent: Promise<unknown> = cdpSession(tabId, sessionId, 'Page.setInterceptFileChooserDialog', { enabled })
        .catch(() => undefined)
        .finally(() => switching.get(sessionId) === sent && switching.delete(sessionId));
      switching.set(sessionId, sent);
      return blocked ? undefined : within(sent, FRAME_ANSWER_MS, undefined);
    }),
  ]);
}
