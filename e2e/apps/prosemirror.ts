// ProseMirror (TipTap's and many chat composers' core): a contenteditable whose document is the editor's,
// drawn anew from it after each change the browser makes.
import { baseKeymap } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import { DOMParser } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import 'prosemirror-view/style/prosemirror.css';

const start = document.createElement('div');
start.innerHTML = '<p>Hello world</p>';
const view = new EditorView(document.getElementById('editor')!, {
  state: EditorState.create({ doc: DOMParser.fromSchema(schema).parse(start), plugins: [keymap(baseKeymap)] }),
  attributes: { 'aria-label': 'Message', role: 'textbox', 'aria-multiline': 'true' },
});
// The paragraphs' texts, one per line.
(window as unknown as { editorText: () => string }).editorText = () => {
  const lines: string[] = [];
  view.state.doc.forEach((node) => lines.push(node.textContent));
  return lines.join('\n');
};
