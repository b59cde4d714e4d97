/** The CDP side of JavaScript dialogs: learning that one opened or closed, and answering it (dialogs.ts keeps what is open). */
import { AgentError } from '../../shared/errors.ts';
import { cdp, onAttach, onCdpEvent } from '../cdp.ts';
import { noteDialogClosed, noteDialogOpened, openDialog, type OpenDialog } from './dialogs.ts';

export function watchDialogs(): void {
  onAttach((tabId) => cdp(tabId, 'Page.enable').then(() => undefined));
  onCdpEvent('Page.javascriptDialogOpening', (tabId, params) => {
    const { type, message, defaultPrompt, url } = params as { type: string; message: string; defaultPrompt?: string; url?: string };
    const dialog = { type, message, ...(type === 'prompt' ? { defaultPrompt: defaultPrompt ?? '' } : {}), ...(url ? { url } : {}) };
    noteDialogOpened(tabId, dialog);
  });
  onCdpEvent('Page.javascriptDialogClosed', (tabId) => noteDialogClosed(tabId));
}

export async function handleDialog(tabId: number, accept: boolean, promptText?: string): Promise<OpenDialog> {
  const dialog = openDialog(tabId);
  if (!dialog) throw new AgentError('NO_DIALOG', `No dialog is open in tab ${tabId}; nothing to accept or dismiss.`);
  await cdp(tabId, 'Page.handleJavaScriptDialog', { accept, ...(promptText !== undefined ? { promptText } : {}) });
  noteDialogClosed(tabId);
  return dialog;
}
