/** Renders a tool result: text as preformatted blocks, images inline (click for full size), errors in red. */
import type { CallToolResult } from './mcp.ts';

/** A failure before the tool ran (bad JSON, lost connection), shown like a tool error. */
export function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

export function renderResult(target: HTMLElement, result: CallToolResult, elapsedMs: number): void {
  const parts: HTMLElement[] = [];
  const isError = result.isError === true;
  const head = document.createElement('p');
  head.className = `result-head ${isError ? 'bad' : 'good'}`;
  head.textContent = `${isError ? 'Error' : 'OK'} · ${elapsedMs} ms`;
  parts.push(head);
  for (const item of result.content) {
    if (item.type === 'text') parts.push(block(item.text, isError));
    else if (item.type === 'image') parts.push(image(`data:${item.mimeType};base64,${item.data}`));
    else if (item.type === 'resource_link') parts.push(block(`File: ${item.uri}`, false));
    else parts.push(block(JSON.stringify(item, null, 2), false));
  }
  target.replaceChildren(...parts);
}

function block(text: string, error: boolean): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = `code${error ? ' error' : ''}`;
  pre.textContent = text;
  return pre;
}

function image(src: string): HTMLElement {
  const a = document.createElement('a');
  a.href = '#';
  a.className = 'shot';
  a.title = 'Click to toggle full size';
  const img = document.createElement('img');
  img.src = src;
  img.alt = 'Image returned by the tool';
  a.append(img);
  // A data: URL cannot be opened as a top-level page, so "full size" expands in place.
  a.addEventListener('click', (event) => {
    event.preventDefault();
    a.classList.toggle('full');
  });
  return a;
}
