/**
 * Downloads an action or a navigation started: waited for until they end, or
 * for a while, and reported with the path of their file, so the agent can use
 * it at once (and knows when it is not whole yet).
 */
import type { DownloadFile } from '../shared/methods/common.ts';
import { listenAll, on } from './listen.ts';
import { within } from './timing.ts';

/** How long an action waits for a download it started to end before reporting it as still running. */
export const DOWNLOAD_SETTLE_MS = 5000;

/**
 * The download's file once it has completed or failed, or as it stands after
 * `ms` (no limit: undefined) or when `signal` aborts (state in_progress, the
 * bytes received so far).
 */
export async function settleDownload(id: number, ms: number | undefined, signal?: AbortSignal): Promise<DownloadFile> {
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const stop = listenAll([
    on(chrome.downloads.onChanged, (delta: chrome.downloads.DownloadDelta) => {
      if (delta.id === id && delta.state && delta.state.current !== 'in_progress') ended();
    }),
  ]);
  signal?.addEventListener('abort', ended);
  if (signal?.aborted) ended();
  try {
    // It may have ended before we listened (a small file, a data: URL).
    const [before] = await chrome.downloads.search({ id });
    if (before?.state === 'in_progress') await (ms === undefined ? end : within(end, ms, undefined));
  } finally {
    stop();
    signal?.removeEventListener('abort', ended);
  }
  const [item] = await chrome.downloads.search({ id });
  return fileOf(item);
}

function fileOf(item: chrome.downloads.DownloadItem | undefined): DownloadFile {
  if (!item) return { filename: '', path: '', bytes: 0, state: 'interrupted', error: 'the download was removed' };
  return {
    filename: item.filename.split(/[\\/]/).pop() ?? '',
    path: item.filename,
    bytes: item.state === 'complete' && item.fileSize > 0 ? item.fileSize : item.bytesReceived,
    state: item.state,
    ...(item.error ? { error: item.error } : {}),
  };
}
