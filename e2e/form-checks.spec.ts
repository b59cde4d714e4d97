import { openPage as open } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';

/**
 * A form that checks itself and links no message to its fields (react-hook-form's and Formik's
 * examples): the click's report quotes the message shown after each field it marked invalid.
 * Fields whose messages are linked: actions.spec.ts.
 */

const SIGNUP = `<form id="signup" novalidate>
    <label for="email">Email</label><input id="email"><p class="error"></p>
    <div class="group"><label for="pw">Password</label><div class="wrap"><input id="pw" type="password"></div><span id="pw-note" style="color: rgb(220, 38, 38)"></span></div>
    <label for="nick">Nickname</label><input id="nick"><small>Shown on your profile</small>
    <button>Create account</button>
  </form>
  <script>
    signup.onsubmit = (e) => {
      e.preventDefault();
      const bad = { email: !email.value.includes('@'), pw: pw.value.length < 8, nick: !nick.value };
      for (const [id, wrong] of Object.entries(bad)) document.getElementById(id).setAttribute('aria-invalid', String(wrong));
      document.querySelector('.error').textContent = bad.email ? 'Enter a valid email address' : '';
      document.getElementById('pw-note').textContent = bad.pw ? 'At least 8 characters' : '';
    };
  </script>`;

test('the message a form shows after a field it marked invalid, not linked to it, is quoted and said to be a guess; plain text after a field is not', async ({ agent }) => {
  const snap = await open(agent, '/signup', SIGNUP);
  const sent = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Create account"') });
  expect(sent.text).toContain([
    'The page marked these fields invalid:',
    `- textbox "Email" [ref=${refOf(snap, 'textbox "Email"')}]: Enter a valid email address (shown after it, not linked to it)`,
    `- textbox "Password" [ref=${refOf(snap, 'textbox "Password"')}]: At least 8 characters (shown after it, not linked to it)`,
    `- textbox "Nickname" [ref=${refOf(snap, 'textbox "Nickname"')}]: (the page links no message to it; a snapshot shows what it says near the field)`,
  ].join('\n'));
});
