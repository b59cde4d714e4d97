// A controlled React form: only real input events update its state.
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [submitted, setSubmitted] = useState('');
  return h(
    'form',
    { onSubmit: (e: { preventDefault(): void }) => (e.preventDefault(), setSubmitted(`${name}/${agree}`)) },
    h('label', null, 'Name ', h('input', { value: name, onChange: (e: { target: HTMLInputElement }) => setName(e.target.value) })),
    h('label', null, h('input', { type: 'checkbox', checked: agree, onChange: (e: { target: HTMLInputElement }) => setAgree(e.target.checked) }), ' I agree'),
    h('button', { type: 'submit' }, 'Send'),
    h('p', { id: 'echo' }, `React sees: ${name}`),
    h('p', { id: 'submitted' }, submitted ? `Submitted: ${submitted}` : ''),
  );
}

createRoot(document.getElementById('root')!).render(h(App));
