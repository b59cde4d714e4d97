/**
 * Shows a command's reply: pretty JSON (errors in red with what to do next),
 * and for screenshots a thumbnail that opens full size in a dialog. Base64
 * image data is shortened in the JSON so the text stays readable.
 */
import type { UiReply } from '../shared/ui-messages.ts';

interface Elements {
  response: HTMLPreElement;
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

function shorten(result: unknown): unknown {
  if (!imageOf(result)) return result;
  const { data, ...rest } = result as ImageResult;
  return { ...rest, data: `<${data.length} base64 characters, shown above>` };
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
    },
    show(reply) {
      if (!reply.ok) {
        el.response.className = 'response error';
        el.response.textContent = `${reply.error.code}\n${reply.error.message}`;
        el.shot.hidden = true;
        return;
      }
      el.response.className = 'response ok';
      el.response.textContent = JSON.stringify(shorten(reply.result), null, 2) ?? 'null';
      const image = imageOf(reply.result);
      el.shot.hidden = !image;
      if (image) {
        el.shotImg.src = `data:${image.mimeType};base64,${image.data}`;
        el.shotCaption.textContent = `${image.description ?? 'Screenshot'} — click to open full size`;
      }
    },
  };
}
