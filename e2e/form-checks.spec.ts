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

// Checks that run after a promise and draw in a task of their own (Formik's validate, then React's
// render), and mark no field invalid: the errors are told by the fields they are shown after.
const CHECKED_LATER = `<form id="join" novalidate>
    <div><label for="first">First name</label><input id="first"><span style="color: rgb(220, 38, 38)">*</span><p class="slot"></p></div>
    <div><label for="mail">Email</label><input id="mail"><small class="help">We never share your email</small><div class="slot"></div></div>
    <div><label for="user">Username</label><input id="user"><div class="slot"></div></div>
    <fieldset><legend>Plan</legend><label><input type="radio" name="plan" value="a"> Basic</label><label><input type="radio" name="plan" value="b"> Pro</label></fieldset>
    <div class="slot" id="plan-slot"></div>
    <button>Join</button>
  </form>
  <p id="joined"></p>
  <script>
    const draw = (slot, html) => { slot.innerHTML = html; };
    join.onsubmit = (e) => {
      e.preventDefault();
      Promise.resolve().then(() => setTimeout(() => {
        const slots = join.querySelectorAll('.slot');
        draw(slots[0], first.value ? '' : '<span style="color: rgb(185, 28, 28)">First name is required</span>');
        draw(slots[1], mail.value.includes('@') ? '' : '<span role="alert">Enter a valid email</span>');
        draw(slots[2], user.value ? '' : '<div class="field-error">Username required</div>');
        draw(slots[3], join.plan.value ? '' : '<p class="invalid-text">Pick a plan</p>');
        if (first.value && mail.value.includes('@') && user.value && join.plan.value) joined.textContent = 'Welcome';
      }, 0));
    };
  </script>`;

test('errors a form shows by its fields without marking them invalid are told by field after a click on its submit button or Enter; a hint or an asterisk is not', async ({ agent }) => {
  const snap = await open(agent, '/join', CHECKED_LATER);
  const line = (role: string, name: string) => `${role} "${name}" [ref=${refOf(snap, `${role} "${name}"`)}]`;
  const sent = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Join"') });
  expect(sent.text).toContain([
    'The page shows errors by these fields:',
    `- ${line('textbox', 'First name')}: First name is required`,
    `- ${line('textbox', 'Email')}: Enter a valid email`,
    `- ${line('textbox', 'Username')}: Username required`,
    `- ${line('radio', 'Basic')}: Pick a plan`,
  ].join('\n'));
  // Told with its field, not again as an announcement; the hint and the asterisk are no errors.
  expect(sent.text).not.toContain('The page announced');
  expect(sent.text).not.toMatch(/We never share|: \*/);

  await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "First name"'), text: 'Ada' });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'radio "Pro"') });
  const entered = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Username"'), text: 'ada', submit: true });
  expect(entered.text).toContain(`The page shows an error by this field:\n- ${line('textbox', 'Email')}: Enter a valid email`);
  expect(entered.text).not.toMatch(/First name is required|Username required|Pick a plan/);
});

test('a field the browser refused and the page then marked invalid is told once', async ({ agent }) => {
  // As React Aria's fields do: aria-invalid set on the browser's invalid event.
  const snap = await open(agent, '/refused-marked', `<form><label>Email <input id="mail" type="email" required></label><button>Submit</button></form>
    <script>mail.addEventListener('invalid', () => mail.setAttribute('aria-invalid', 'true'));</script>`);
  const sent = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Submit"') });
  expect(sent.text).toContain('The form was not sent: the browser found this field invalid.');
  expect(sent.text).not.toContain('The page marked');
});

// Naive UI's form: checked by a button of type "button", each message four boxes up from its field,
// leaving with a fade.
const VALIDATE_BUTTON = `<style>.feedback { transition: opacity .3s } .feedback.leaving { opacity: 0 }</style>
  <form id="nform">${['User', 'Mail'].map((name) => `<div class="item"><label>${name}</label><div class="blank"><div class="input"><div class="wrapper"><div class="inner"><input aria-label="${name}" id="f-${name}"></div></div></div></div><div class="slot"></div></div>`).join('')}
    <button type="button" id="check">Validate</button></form>
  <script>
    check.onclick = () => document.querySelectorAll('.item').forEach((item) => {
      const field = item.querySelector('input');
      const slot = item.querySelector('.slot');
      const shown = slot.querySelector('.feedback');
      if (!field.value && !shown) slot.innerHTML = '<div class="feedback form-item-feedback--error">' + field.getAttribute('aria-label') + ' is required</div>';
      if (field.value && shown) { shown.classList.add('leaving'); shown.addEventListener('transitionend', () => shown.remove()); }
    });
  </script>`;

test('errors a form shows after a click on a button of it that does not send it are told, again while still shown, and not once gone or leaving', async ({ agent }) => {
  const snap = await open(agent, '/validate-button', VALIDATE_BUTTON);
  const line = (name: string) => `textbox "${name}" [ref=${refOf(snap, `textbox "${name}"`)}]`;
  const first = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Validate"') });
  expect(first.text).toContain(`The page shows errors by these fields:\n- ${line('User')}: User is required\n- ${line('Mail')}: Mail is required`);
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "User"'), value: 'bob' });
  const second = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Validate"') });
  expect(second.text).toContain(`The page shows an error by this field:\n- ${line('Mail')}: Mail is required`);
  expect(second.text).not.toContain('User is required');
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Mail"'), value: 'a@b.c' });
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Validate"') })).text).not.toContain('The page shows');
});

// A form checked by an asynchronous validator (a schema's validate() that awaits), its errors drawn a
// moment after the submit: still showing those of the last try.
const CHECKED_ASYNC = `<form id="order"><label>Name <input id="who"></label><div class="slot"></div>
    <label>City <input id="city"></label><div class="slot"></div><button>Order</button></form>
  <script>
    const later = () => new Promise((resolve) => setTimeout(resolve, 60));
    order.onsubmit = async (e) => {
      e.preventDefault();
      await later();
      const slots = order.querySelectorAll('.slot');
      slots[0].innerHTML = who.value ? '' : '<span class="error">Name is required</span>';
      slots[1].innerHTML = city.value ? '' : '<span class="error">City is required</span>';
    };
  </script>`;

test('a form sent again is told as its page checked it this time, not with the errors its last try left shown', async ({ agent }) => {
  const snap = await open(agent, '/checked-async', CHECKED_ASYNC);
  const line = (name: string) => `textbox "${name}" [ref=${refOf(snap, `textbox "${name}"`)}]`;
  const first = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Order"') });
  expect(first.text).toContain(`The page shows errors by these fields:\n- ${line('Name')}: Name is required\n- ${line('City')}: City is required`);
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Name"'), value: 'Ada' });
  const clicked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Order"') });
  expect(clicked.text).toContain(`The page shows an error by this field:\n- ${line('City')}: City is required`);
  expect(clicked.text).not.toContain('Name is required');
  const entered = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "City"'), text: 'Oslo', submit: true });
  expect(entered.text).not.toMatch(/is required|The page shows/);
});

test('fields a form marks invalid before it draws their messages (antd\'s, two frames later) are told with those messages', async ({ agent }) => {
  const snap = await open(agent, '/marked-first', `<form id="login" novalidate>
      <label for="user">Username</label><input id="user"><div class="explain" id="user-help"></div>
      <label for="pass">Password</label><input id="pass" type="password"><div class="explain" id="pass-help"></div>
      <button>Log in</button></form>
    <script>
      login.addEventListener('submit', async (event) => {
        event.preventDefault();
        for (const field of [user, pass]) {
          field.setAttribute('aria-invalid', 'true');
          field.setAttribute('aria-describedby', field.id + '-help');
        }
        // The messages come on a later render (antd's checks are promises, its render a task of React's scheduler), with their entrance.
        await new Promise((resolve) => setTimeout(resolve, 20));
        requestAnimationFrame(() => requestAnimationFrame(() => {
          document.getElementById('user-help').innerHTML = '<div role="alert">Please input your username!</div>';
          document.getElementById('pass-help').innerHTML = '<div role="alert">Please input your password!</div>';
        }));
      });
    </script>`);
  const clicked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Log in"') });
  expect(clicked.text).toContain(`The page marked these fields invalid:\n- textbox "Username" [ref=${refOf(snap, 'textbox "Username"')}]: Please input your username!\n- textbox "Password" [ref=${refOf(snap, 'textbox "Password"')}]: Please input your password!`);
});

// The same fields and button in a box with no <form> around them, as single-page apps draw forms; beside it,
// a field that shows an error all along, with a button of its own.
const LOOSE_BOX = `${VALIDATE_BUTTON.replace('<form id="nform">', '<div id="nform">').replace('</form>', '<button type="button" id="tips">Tips</button></div>')}
  <section><label>Coupon <input></label><div class="error">This coupon expired</div><button type="button">Refresh</button></section>`;

test('a button outside any form: the errors the fields around it show after a click are told when the click changed them, not those shown all along', async ({ agent }) => {
  const snap = await open(agent, '/loose-box', LOOSE_BOX);
  const line = (name: string) => `textbox "${name}" [ref=${refOf(snap, `textbox "${name}"`)}]`;
  const click = (name: string) => agent.server.ok('browser_click', { ref: refOf(snap, `button "${name}"`) });
  expect((await click('Validate')).text).toContain(`The page shows errors by these fields:\n- ${line('User')}: User is required\n- ${line('Mail')}: Mail is required`);
  // The same errors after a button that checks nothing: no news.
  expect((await click('Tips')).text).not.toContain('The page shows');
  expect((await click('Refresh')).text).not.toContain('coupon');
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "User"'), value: 'bob' });
  const second = await click('Validate');
  expect(second.text).toContain(`The page shows an error by this field:\n- ${line('Mail')}: Mail is required`);
  expect(second.text).not.toContain('User is required');
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Mail"'), value: 'a@b.c' });
  expect((await click('Validate')).text).not.toContain('The page shows');
});

// A sign-in box with no <form>, sent by its page on Enter in either field.
const LOOSE_SIGN_IN = `<div class="box"><label>User <input id="user"></label><div class="slot"></div>
    <label>Password <input id="pass" type="password"></label><div class="slot"></div><button type="button">Sign in</button></div>
  <script>
    const check = () => document.querySelectorAll('.box input').forEach((field) => {
      const slot = field.parentElement.nextElementSibling;
      slot.innerHTML = field.value ? '' : '<span class="error">' + field.parentElement.textContent.trim() + ' is required</span>';
    });
    document.querySelector('.box').addEventListener('keydown', (e) => e.key === 'Enter' && check());
  </script>`;

test('Enter in a field outside any form: the errors the box around it shows are told when the keys changed them', async ({ agent }) => {
  const snap = await open(agent, '/loose-sign-in', LOOSE_SIGN_IN);
  const line = (name: string) => `textbox "${name}" [ref=${refOf(snap, `textbox "${name}"`)}]`;
  const typed = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "User"'), text: 'ada', submit: true });
  expect(typed.text).toContain(`The page shows an error by this field:\n- ${line('Password')}: Password is required`);
  expect(typed.text).not.toContain('User is required');
  // Enter again, nothing changed: no news.
  expect((await agent.server.ok('browser_press_key', { ref: refOf(snap, 'textbox "Password"'), key: 'Enter' })).text).not.toContain('The page shows');
  const entered = await agent.server.ok('browser_type', { ref: refOf(snap, 'textbox "Password"'), text: 'secret', submit: true });
  expect(entered.text).not.toContain('The page shows');
});
