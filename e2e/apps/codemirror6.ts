// CodeMirror 6 as its basic setup draws it: a contenteditable of lines beside a gutter of line numbers, in a scroller.
import { EditorView, basicSetup } from 'codemirror';

const view = new EditorView({
  doc: 'const a = 1;',
  extensions: [basicSetup, EditorView.contentAttributes.of({ 'aria-label': 'Code' })],
  parent: document.getElementById('editor')!,
});
(window as unknown as { editorText: () => string }).editorText = () => view.state.doc.toString();
