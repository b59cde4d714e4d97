// Rows that are clickable only through React's onClick: no cursor:pointer, no tabindex, no role.
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [opened, setOpened] = useState('');
  return h(
    'div',
    null,
    h('div', { className: 'row', onClick: () => setOpened('Invoices') }, 'Invoices'),
    h('div', { className: 'row', onClick: () => setOpened('Reports') }, 'Reports'),
    h('p', { id: 'opened' }, opened ? `Opened ${opened}` : ''),
  );
}

createRoot(document.getElementById('root')!).render(h(App));
