/**
 * A design system built from web components (Shoelace, Material, Lion): the
 * control sits in a shadow root, often behind a host that carries the role,
 * the cursor or the label; its text comes through a slot; a select's options
 * are slotted into a listbox in the shadow root. Each control gets one ref
 * and works through it, as in Shoelace 2 (checked by hand with its bundle).
 */
import { expect, test } from './fixtures.ts';
import { openPage as open, pageAt } from './helpers/pages.ts';
import { refOf } from './helpers/refs.ts';

/** Minimal components in Shoelace's shape: the parts, attributes and styles that matter here. */
const COMPONENTS = `<script>
  const define = (name, template, init) => customElements.define(name, class extends HTMLElement {
    constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = template; }
    connectedCallback() { if (!this.ready) init?.(this); this.ready = true; }
  });
  // The host is the pointer; the <button> inside is the control; its label is the host's text.
  define('x-button', '<style>:host{display:inline-block;cursor:pointer}</style><button part="base"><slot></slot></button>',
    (el) => el.shadowRoot.querySelector('button').addEventListener('click', () => { document.title = 'saved'; }));
  // The host is the radio (roving tabindex); its label part has the cursor.
  define('x-radio', '<style>:host{display:block}</style><span class="control" style="display:inline-block;width:12px;height:12px;border-radius:6px;border:1px solid"></span><span part="label" style="cursor:pointer"><slot></slot></span>',
    (el) => {
      el.setAttribute('role', 'radio');
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.addEventListener('click', () => {
        for (const radio of document.querySelectorAll('x-radio')) {
          radio.setAttribute('aria-checked', String(radio === el));
          radio.setAttribute('tabindex', radio === el ? '0' : '-1');
        }
      });
    });
  // A real checkbox that takes no pointer events, drawn and clicked through its label.
  define('x-checkbox', '<label style="cursor:pointer;position:relative"><input type="checkbox" style="position:absolute;opacity:0;margin:0;pointer-events:none"><span class="control" style="display:inline-block;width:12px;height:12px;border:1px solid"></span><slot></slot></label>');
  // A combobox whose listbox slots in the host's <x-option> children, named by a label that focuses it on a click.
  define('x-select', '<label id="label">Size</label><input role="combobox" aria-controls="listbox" aria-expanded="false" aria-labelledby="label" readonly style="cursor:pointer"><div id="listbox" role="listbox" hidden><slot></slot></div>',
    (el) => {
      const input = el.shadowRoot.querySelector('input');
      const list = el.shadowRoot.getElementById('listbox');
      el.shadowRoot.getElementById('label').addEventListener('click', () => input.focus());
      input.addEventListener('click', () => { list.hidden = !list.hidden; input.setAttribute('aria-expanded', String(!list.hidden)); });
      el.addEventListener('click', (event) => {
        const option = event.target.closest?.('x-option');
        if (!option) return;
        input.value = option.textContent;
        list.hidden = true;
        input.setAttribute('aria-expanded', 'false');
      });
    });
  define('x-option', '<style>:host{display:block;cursor:pointer}</style><slot></slot>', (el) => el.setAttribute('role', 'option'));
  // A modal panel in the shadow root; its buttons come through the footer slot.
  define('x-dialog', '<div part="panel" role="dialog" aria-modal="true" aria-label="Confirm" hidden><slot></slot><slot name="footer"></slot></div>',
    (el) => { el.show = () => { el.shadowRoot.querySelector('[part=panel]').hidden = false; }; });
</script>`;

test('a web component design system: one ref per control, each works through it', async ({ agent }) => {
  const snap = await open(agent, '/components', `${COMPONENTS}
    <x-button>Save</x-button>
    <div role="radiogroup" aria-label="Plan"><x-radio aria-checked="true" tabindex="0">Free</x-radio><x-radio>Pro</x-radio></div>
    <x-checkbox>Send me news</x-checkbox>
    <x-select><x-option>Small</x-option><x-option>Large</x-option></x-select>`, 'Components');
  expect(snap).toContain('- button "Save" [ref=');
  expect(snap).toMatch(/^ {2}- radio "Pro" \[ref=e\d+\]$/m);
  expect(snap).toMatch(/^- checkbox "Send me news" \[ref=e\d+\]$/m);
  // No second ref on the host around the button, on a radio's label part, on the checkbox's label or on the select's.
  expect(snap).not.toContain('generic');
  const page = await pageAt(agent.browser.context, '/components');

  // The label comes through a slot: the press on it is on the button, so the click is not moved off centre.
  const save = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(save.text).toMatch(/^Clicked <button><\/button> named "Save"$/m);
  await expect(page).toHaveTitle('saved');

  // The roving tabindex makes the radio a candidate only now: it was shown all along, so nothing "showed".
  const pro = await agent.server.ok('browser_click', { ref: refOf(snap, 'radio "Pro"') });
  expect(pro.text).not.toContain('It showed');
  await expect(page.locator('x-radio', { hasText: 'Pro' })).toHaveAttribute('aria-checked', 'true');

  await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Send me news"') });
  expect(await page.locator('x-checkbox input').isChecked()).toBe(true);

  const size = await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Size"'), values: ['Large'] });
  expect(size.text).toMatch(/opened it and clicked option "Large" \[ref=e\d+\]/);
  expect(await page.locator('x-select input').inputValue()).toBe('Large');
});

test('a handler on the part of a tab that holds its label (a ripple) gives no second ref; a close button beside the label keeps its own', async ({ agent }) => {
  const snap = await open(agent, '/tab-parts', `<script>
    customElements.define('x-tab', class extends HTMLElement {
      constructor() {
        super();
        // Material's md-primary-tab: the label is slotted into an inner button that a ripple listens on.
        this.attachShadow({ mode: 'open' }).innerHTML = '<div class="button" style="display:inline-block;padding:8px"><slot></slot></div>';
        this.shadowRoot.querySelector('.button').addEventListener('pointerdown', () => {});
      }
      connectedCallback() { this.setAttribute('role', 'tab'); }
    });
  </script>
  <div role="tablist" style="display:flex"><x-tab style="flex:1">Photos</x-tab>
    <div role="tab" style="flex:1">Drafts <span id="close" style="padding:4px">×</span></div></div>
  <script>document.getElementById('close').addEventListener('click', () => { document.title = 'closed'; });</script>`, 'Tab parts');
  expect(snap).toMatch(/^ {2}- tab "Photos" \[ref=e\d+\]$/m);
  expect(snap).not.toContain('generic "Photos"');
  expect(snap).toMatch(/- generic "×" \[ref=e\d+\]/);
});

test('a form-associated component\'s own checkbox is named by the page\'s label around the component (Material\'s md-checkbox)', async ({ agent }) => {
  const snap = await open(agent, '/form-associated', `<script>
    customElements.define('x-check', class extends HTMLElement {
      static formAssociated = true;
      constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<input type="checkbox">'; }
    });
  </script><label><x-check></x-check> Accept terms</label>`, 'Form-associated');
  expect(snap).toMatch(/^- checkbox "Accept terms" \[ref=e\d+\]$/m);
  // The label's text is the checkbox's name: not printed again beside it.
  expect(snap).not.toContain('text: Accept terms');
  await agent.server.ok('browser_check', { ref: refOf(snap, 'checkbox "Accept terms"') });
  expect(await (await pageAt(agent.browser.context, '/form-associated')).locator('x-check input').isChecked()).toBe(true);
});

test('a dialog a web component opens in its shadow root is reported by the click, with the buttons slotted into it', async ({ agent }) => {
  const snap = await open(agent, '/component-dialog', `${COMPONENTS}
    <x-button onclick="document.querySelector('x-dialog').show()">Delete</x-button>
    <x-dialog>Delete this file?<x-button slot="footer">Yes</x-button></x-dialog>`, 'Dialog');
  const clicked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Delete"') });
  expect(clicked.text).toMatch(/It opened dialog "Confirm" \[ref=e\d+\]:\n- button "Yes" \[ref=e\d+\]/);
});

test('a click lists what it showed of web components: a field no snapshot went into while hidden (Shoelace\'s sl-details around an sl-input), the items slotted into a menu, not the menu around them', async ({ agent }) => {
  const snap = await open(agent, '/component-details', `${COMPONENTS}<script>
    define('x-input', '<input aria-label="Promo code">');
    define('x-details', '<button id="header" aria-expanded="false" aria-controls="content">Advanced</button><div id="content" role="region" hidden><slot></slot></div>', (el) => {
      const header = el.shadowRoot.getElementById('header');
      header.addEventListener('click', () => { el.shadowRoot.getElementById('content').hidden = false; header.setAttribute('aria-expanded', 'true'); });
    });
    define('x-menu', '<div role="menu" tabindex="0" hidden><slot></slot></div>');
    </script><x-details><x-input></x-input></x-details>
    <button onclick="document.querySelector('x-menu').shadowRoot.firstChild.hidden = false">More</button>
    <x-menu><div role="menuitem" tabindex="-1">Rename</div></x-menu>`, 'Details');
  const clicked = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Advanced"') });
  expect(clicked.text).toMatch(/It showed:\n- textbox "Promo code" \[ref=e\d+\]$/);
  await agent.server.ok('browser_fill', { ref: refOf(clicked.text, 'textbox "Promo code"'), value: 'SPRING' });
  const more = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "More"') });
  expect(more.text).toMatch(/It showed:\n- menuitem "Rename" \[ref=e\d+\]$/);
});

test('a web component\'s submit button whose form has an empty required field of another component, never touched, reports the field, as for a native form (Shoelace\'s)', async ({ agent }) => {
  const snap = await open(agent, '/component-form', `${COMPONENTS}<script>
    define('x-field', '<input required aria-label="Full name">');
    // As Shoelace's button does: each field of the form checks itself, then the form is sent.
    define('x-submit', '<button type="submit"><slot></slot></button>', (el) => el.shadowRoot.querySelector('button').addEventListener('click', () => {
      const form = el.closest('form');
      const refused = [...form.querySelectorAll('x-field')].filter((field) => !field.shadowRoot.querySelector('input').reportValidity());
      if (!refused.length) form.requestSubmit();
    }));
    // A form-associated one (Material's): the browser checks it, and its invalid event is the host's.
    customElements.define('x-email', class extends HTMLElement {
      static formAssociated = true;
      constructor() {
        super();
        const internals = this.attachInternals();
        this.attachShadow({ mode: 'open' }).innerHTML = '<input aria-label="Email">';
        const input = this.shadowRoot.querySelector('input');
        const check = () => internals.setValidity(input.value ? {} : { valueMissing: true }, 'Enter an email.', input);
        input.addEventListener('input', check);
        check();
      }
    });
    </script><form onsubmit="event.preventDefault(); document.title = 'sent'"><x-field></x-field><x-email></x-email><x-submit>Save</x-submit></form>`, 'Form');
  const refused = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(refused.text).toMatch(/The form was not sent: the browser found this field invalid\. [^\n]*\n- textbox "Full name" \[ref=e\d+\]: Please fill out this field\.$/);
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Full name"'), value: 'Ada' });
  const email = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect(email.text).toMatch(/The form was not sent: the browser found this field invalid\. [^\n]*\n- textbox "Email" \[ref=e\d+\]: \(the component keeps its message to itself; a screenshot shows the browser's bubble\)$/);
  await agent.server.ok('browser_fill', { ref: refOf(snap, 'textbox "Email"'), value: 'ada@example.com' });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Save"') });
  expect((await agent.server.ok('browser_get', { what: 'title' })).text).toBe('sent');
});

test('roles and states a component sets through ElementInternals (Material Web) are read, and its select works', async ({ agent }) => {
  const snap = await open(agent, '/internals', `<script>
    // ARIA only in the internals, as Material Web sets it: no role or aria-* attribute on the element.
    class Choice extends HTMLElement {
      constructor() {
        super();
        this.internals = this.attachInternals();
        this.attachShadow({ mode: 'open' }).innerHTML = '<slot></slot>';
      }
    }
    customElements.define('x-radio-i', class extends Choice {
      connectedCallback() {
        this.internals.role = 'radio';
        this.internals.ariaChecked = 'false';
        this.addEventListener('click', () => {
          for (const radio of document.querySelectorAll('x-radio-i')) radio.internals.ariaChecked = String(radio === this);
        });
      }
    });
    customElements.define('x-option-i', class extends Choice {
      connectedCallback() { this.internals.role = 'option'; }
    });
    // The list is a popover in the top layer: the element the combobox names has no size of its own.
    customElements.define('x-menu-i', class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<div popover="manual"><slot></slot></div>';
      }
      show() { this.shadowRoot.firstChild.showPopover(); }
    });
  </script>
  <div role="radiogroup" aria-label="Size"><x-radio-i>Small</x-radio-i><x-radio-i>Large</x-radio-i></div>
  <div role="combobox" aria-label="Country" aria-controls="countries" aria-expanded="false" tabindex="0" style="cursor:pointer"
    onclick="countries.show(); this.setAttribute('aria-expanded', 'true')">Pick one</div>
  <x-menu-i id="countries" role="listbox" onclick="document.title = event.target.textContent">
    <x-option-i>France</x-option-i><x-option-i>Japan</x-option-i>
  </x-menu-i>`, 'Internals');
  expect(snap).toMatch(/^ {2}- radio "Large" \[ref=e\d+\]$/m);
  await agent.server.ok('browser_check', { ref: refOf(snap, 'radio "Large"') });
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/- radio "Large" \[checked\] \[ref=e\d+\]/);
  const picked = await agent.server.ok('browser_select_option', { ref: refOf(snap, 'combobox "Country"'), values: ['Japan'] });
  expect(picked.text).toMatch(/opened it and clicked option "Japan" \[ref=e\d+\]/);
  await expect(await pageAt(agent.browser.context, '/internals')).toHaveTitle('Japan');
});

test('Ionic\'s shapes: a toggle whose host is the switch is one switch, not one in another; an item around a select and its label is not a second ref; its state classes are no icon', async ({ agent }) => {
  const snap = await open(agent, '/ionic-shapes', `<script>
    // ion-toggle: the host is the switch; its shadow root holds a <label> for an input it renders none of, and a track that listens for drags.
    customElements.define('x-toggle', class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<label for="native"><slot></slot><input type="checkbox" id="native" style="display:none">'
          + '<div part="track" style="display:inline-block;width:30px;height:14px;border:1px solid"></div></label>';
        this.shadowRoot.querySelector('[part=track]').addEventListener('pointerdown', () => {});
      }
      connectedCallback() {
        this.setAttribute('role', 'switch');
        this.setAttribute('aria-checked', 'false');
        this.tabIndex = 0;
        // As Ionic's: the label's own activation of the input is prevented, so one click toggles once.
        this.onclick = (e) => { e.preventDefault(); this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true')); };
      }
    });
  </script>
  <div role="list"><div role="listitem" class="ion-focusable ion-activatable"><x-toggle>Notifications</x-toggle></div>
    <div role="listitem" class="ion-focusable ion-activatable" style="cursor:pointer" id="theme">Theme <button aria-label="Theme, Dark"></button></div>
    <button class="ion-focusable ion-activatable"><ion-icon name="trash-outline"></ion-icon></button></div>
  <script>document.getElementById('theme').addEventListener('click', () => { document.title = 'theme'; });</script>`, 'Ionic');
  expect(snap).toMatch(/^ {4}- switch "Notifications" \[ref=e\d+\]$/m);
  // Its name says the choice too once made ("Theme, Dark"), as Ionic's does.
  expect(snap).toMatch(/^ {2}- listitem:\n {4}- text: Theme\n {4}- button "Theme, Dark" \[ref=e\d+\]$/m);
  expect(snap).toMatch(/^ {2}- button \[ref=e\d+\] \[icon=trash-outline\]$/m);
  expect(snap).not.toContain('focusable');
  expect((await agent.server.ok('browser_click', { ref: refOf(snap, 'switch "Notifications"') })).text).toContain('It is now checked.');
  expect((await agent.server.ok('browser_snapshot')).text).toMatch(/- switch "Notifications" \[checked\] \[active\] \[ref=e\d+\]$/m);
});

test('Ionic\'s alert, opened once its code has come, is reported as opened; its radio, which draws its new state on the next frame, as checked', async ({ agent }) => {
  agent.pages.page('/alert-code.js', 'export const ready = true;', { contentType: 'text/javascript', delayMs: 100 });
  const snap = await open(agent, '/late-alert', `<button id="language">Language</button>
    <div id="dlg" role="alertdialog" aria-label="Language" hidden>
      <button role="radio" aria-checked="false" id="fr">French</button> <button id="ok">OK</button></div>
    <script>
      // The alert's code is loaded on the first open: no timer brings the dialog, a module does.
      language.onclick = async () => { await import('/alert-code.js'); dlg.hidden = false; };
      // Stencil's render: the state is drawn on the next frame.
      fr.onclick = () => requestAnimationFrame(() => fr.setAttribute('aria-checked', 'true'));
      ok.onclick = () => { dlg.hidden = true; };
    </script>`, 'Late alert');
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Language"') });
  expect(opened.text).toMatch(/It opened alertdialog "Language" \[ref=e\d+\]:\n- radio "French" \[ref=e\d+\]\n- button "OK" \[ref=e\d+\]$/);
  const picked = await agent.server.ok('browser_click', { ref: refOf(opened.text, 'radio "French"') });
  expect(picked.text).toContain('It is now checked.');
  expect((await agent.server.ok('browser_click', { ref: refOf(opened.text, 'button "OK"') })).text).toContain('It closed alertdialog "Language".');
});

test('a modal in a shadow root no snapshot went into (Ionic\'s ion-modal) is reported opened, with the buttons of the components in it, and closed at the end of its exit animation', async ({ agent }) => {
  const snap = await open(agent, '/shadow-modal', `<script>
    customElements.define('x-modal', class extends HTMLElement {
      constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<div class="wrap" role="dialog" aria-label="Profile" hidden><slot></slot></div>'; }
      // Its host is not drawn until shown: no snapshot goes into its shadow root before.
      connectedCallback() { this.style.display = 'none'; }
      show() { this.style.display = 'block'; this.shadowRoot.firstChild.hidden = false; }
      // The exit runs in the shadow root, whose animations the document does not list; no timer.
      async hide() { const wrap = this.shadowRoot.firstChild; await wrap.animate([{ opacity: 1 }, { opacity: 0 }], 200).finished; wrap.hidden = true; }
    });
    customElements.define('x-button', class extends HTMLElement {
      constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<button><slot></slot></button>'; }
    });
  </script>
  <button id="profile">Profile</button>
  <x-modal id="modal"><label>Name <input></label> <x-button id="done">Close</x-button></x-modal>
  <script>
    profile.onclick = () => modal.show();
    done.onclick = () => modal.hide();
  </script>`, 'Shadow modal');
  const opened = await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Profile"') });
  expect(opened.text).toMatch(/It opened dialog "Profile" \[ref=e\d+\]:\n- textbox "Name" \[ref=e\d+\]\n- button "Close" \[ref=e\d+\]$/);
  expect((await agent.server.ok('browser_click', { ref: refOf(opened.text, 'button "Close"') })).text).toContain('It closed dialog "Profile".');
});
