/**
 * JavaScript dialogs (alert, confirm, prompt, beforeunload). While one is
 * open the page's scripts are blocked, so every other command would hang:
 * we track them from CDP (dialogs-cdp.ts) and refuse other commands with a
 * clear message. Without CDP of its own, so that sending a CDP command
 * (cdp.ts) can ask whether a dialog holds the page.
 */
import { AgentError } from '../../shared/errors.ts';
import { dialogKind } from '../../shared/methods/common.ts';

export interface OpenDialog {
  type: string;
  message: string;
  defaultPrompt?: string;
  /** The address of the document that opened it. */
  url?: string;
}

const open = new Map<number, OpenDialog>();
const openedListeners = new Set<(tabId: number, dialog: OpenDialog) => void>();

/** Told by dialogs-cdp.ts as the page opens one. */
export function noteDialogOpened(tabId: number, dialog: OpenDialog): void {
  open.set(tabId, dialog);
  for (const listener of openedListeners) listener(tabId, dialog);
}

/** Told as it closes, whoever answered it. */
export function noteDialogClosed(tabId: number): void {
  open.delete(tabId);
}

export function openDialog(tabId: number): OpenDialog | undefined {
  return open.get(tabId);
}

/** Called before commands that need the page's scripts to run. */
export function assertNoDialog(tabId: number): void {
  const dialog = open.get(tabId);
  if (dialog) throw dialogError(tabId, dialog);
}

export function dialogError(tabId: number, dialog: OpenDialog): AgentError {
  if (dialog.type === 'beforeunload') {
    return new AgentError('DIALOG_OPEN', `The page in tab ${tabId} asks before it is left (a beforeunload dialog). Call browser_handle_dialog: accept to leave (the navigation then goes on), dismiss to stay.`);
  }
  return new AgentError('DIALOG_OPEN', `${dialogKind(dialog, true)} is open in tab ${tabId} ("${dialog.message}") and blocks the page. Call browser_handle_dialog to accept or dismiss it first.`);
}

/**
 * A dialog blocks the page's scripts, so a command waiting on the page when
 * one opens (or is already open) would get no answer until it is handled:
 * it ends with DIALOG_OPEN instead, at once. Subscribed before the check, so
 * no dialog slips between.
 */
export async function unlessDialog<T>(tabId: number, run: () => Promise<T>): Promise<T> {
  let stop = () => undefined as unknown;
  const opened = new Promise<never>((_, reject) => {
    stop = onDialogOpened((id, dialog) => {
      if (id === tabId) reject(dialogError(tabId, dialog));
    });
  });
  try {
    assertNoDialog(tabId);
    return await Promise.race([run(), opened]);
  } finally {
    stop();
  }
}

export function onDialogOpened(listener: (tabId: number, dialog: OpenDialog) => void): () => void {
  openedListeners.add(listener);
  return () => openedListeners.delete(listener);
}
