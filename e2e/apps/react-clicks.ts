// Elements that act only through React handlers: no cursor:pointer, no tabindex, no role. React
// listens on its root; onClick leaves an `onclick` on the element, onDoubleClick and onMouseDown nothing.
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [opened, setOpened] = useState('');
  const [editing, setEditing] = useState(false);
  return h(
    'div',
    null,
    h('div', { className: 'row', onClick: () => setOpened('Invoices') }, 'Invoices'),
    h('div', { className: 'row', onClick: () => setOpened('Reports') }, 'Reports'),
    h('p', { id: 'opened' }, opened ? `Opened ${opened}` : ''),
    // TodoMVC: a double click on the todo's label edits it.
    h('ul', null, h('li', null, editing ? h('input', { 'aria-label': 'Edit todo', defaultValue: 'Buy milk' }) : h('label', { onDoubleClick: () => setEditing(true) }, 'Buy milk'))),
    h('div', { className: 'item', onMouseDown: () => setOpened('Archive') }, 'Archive'),
    // A help hint shown while the pointer is over it: only onMouseEnter, which React also handles on its root.
    h('span', { className: 'hint', onMouseEnter: () => setOpened('Help: invoices are kept 10 years') }, 'Retention?'),
  );
}

createRoot(document.getElementById('root')!).render(h(App));
