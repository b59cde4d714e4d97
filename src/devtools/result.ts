/**
 * Shows a command's reply: pretty JSON (errors in red with what to do next),
 * and for screenshots a thumbnail that opens full size in a dialog. Base64
 * image data is shortened in the JSON so the text stays readable.
 */
import type { UiReply } from '../shared/ui-messages.ts';

interface Elements {
  response: HTMLPreElement;
  /** Multi-line strings of the result (a snapshot's text), shown as text instead of one escaped JSON line. */
  text: HTMLPreElement;
  shot: HTMLElement;
  shotImg: HTMLImageElement;
  shotCaption: HTMLElement;
  full: HTMLDialogElement;
  fullImg: HTMLImageElement;
}

interface ImageResult {
  data: string;
  mimeType: string;
  description?: string;
}

function imageOf(result: unknown): ImageResult | null {
  const r = result as Partial<ImageResult> | null;
  if (!r || typeof r !== 'object' || typeof r.data !== 'string' || typeof r.mimeType !== 'string') return null;
  return r.mimeType.startsWith('image/') ? (r as ImageResult) : null;
}

function shorten(result: unknown): { json: unknown; text: string } {
  if (imageOf(result)) {
    const { data, ...rest } = result as ImageResult;
    return { json: { ...rest, data: `<${data.length} base64 characters, shown above>` }, text: '' };
  }
  if (!result || typeof result !== 'object' || Array.isArray(result)) return { json: result, text: '' };
  const json: Record<string, unknown> = {};
  const texts: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'string' && value.includes('\n')) {
      json[key] = '<shown below>';
      texts.push(value);
    } else json[key] = value;
  }
  return { json, text: texts.join('\n\n') };
}

export function createResultView(el: Elements): { show(reply: UiReply): void; clear(): void } {
  el.shotImg.addEventListener('click', () => {
    el.fullImg.src = el.shotImg.src;
    el.full.showModal();
  });
  el.full.addEventListener('click', () => el.full.close());

  return {
    clear() {
      el.response.className = 'response pending';
      el.response.textContent = 'Running…';
      el.shot.hidden = true;
      el.text.hidden = true;
    },
    show(reply) {
      if (!reply.ok) {
        el.response.className = 'response error';
        el.response.textContent = `${reply.error.code}\n${reply.error.message}`;
        el.shot.hidden = true;
        el.text.hidden = true;
        return;
      }
      el.response.className = 'response ok';
      const { json, text } = shorten(reply.result);
      el.response.textContent = JSON.stringify(json, null, 2) ?? 'null';
      el.text.textContent = text;
      el.text.hidden = !text;
      const image = imageOf(reply.result);
      el.shot.hidden = !image;
      if (image) {
        el.shotImg.src = `data:${image.mimeType};base64,${image.data}`;
        el.shotCaption.textContent = `${image.description ?? 'Screenshot'} — click to open full size`;
      }
    },
  };
}
