// CodeMirror 5: the keys go into a <textarea> clipped to a caret's width, which the editor empties as
// the text comes; the lines and their numbers are drawn beside it.
import CodeMirror from 'codemirror5';
import 'codemirror5/lib/codemirror.css';

const editor = CodeMirror(document.getElementById('editor')!, { value: 'SELECT * FROM users;', lineNumbers: true });
(window as unknown as { editorText: () => string }).editorText = () => editor.getValue();
