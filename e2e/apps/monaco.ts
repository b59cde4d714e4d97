// Monaco (VS Code's editor): in Chromium it takes text through an EditContext on a field of no width,
// and draws the lines and their numbers around it, hidden from screen readers.
import * as monaco from 'monaco-editor/editor/editor.api.js';

// No language services: a worker that answers nothing.
(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: () => new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' }))),
};
const editor = monaco.editor.create(document.getElementById('editor')!, { value: 'let a = 1;', language: 'plaintext', ariaLabel: 'Code', minimap: { enabled: false } });
(window as unknown as { editorText: () => string }).editorText = () => editor.getValue();
