import type { DownloadFile } from '../../../../src/shared/methods/common.ts';

const size = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e4 ? `${Math.round(bytes / 1e3)} kB` : `${bytes} bytes`);

/**
 * A download in words: where its file is and whether it is whole, so the agent
 * can open it at once or knows to wait. Older extensions sent only the name.
 */
export function describeDownload(d: Partial<DownloadFile> & { filename: string; url?: string }): string {
  const name = d.filename || d.url || 'a file';
  if (d.path === undefined || d.state === undefined) return `Download started: ${name}${d.url ? ` (from ${d.url})` : ''}`;
  if (d.state === 'complete') return `Downloaded ${name} (${size(d.bytes ?? 0)}) to ${d.path}`;
  if (d.state === 'interrupted') return `The download of ${name} failed${d.error ? ` (${d.error})` : ''}${d.path ? `; nothing complete at ${d.path}` : ''}`;
  // The browser may be asking where to save it (the user's own Chrome with "Ask where to save").
  return `Downloading ${name}: ${size(d.bytes ?? 0)} so far${d.path ? `, into ${d.path}` : ' (the browser has not chosen where to save it yet: it may be asking)'}; it was still coming when this answered`;
}
