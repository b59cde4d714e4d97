/**
 * What reacts only to the pointer arriving — a tooltip's trigger, a table row
 * that shows its actions on hover — gets a ref, so browser_hover can reach it
 * by ref; a container whose controls already have refs gets none (hovering a
 * control inside hovers it too).
 */
import { expect, test, type Agent } from './fixtures.ts';
import { appBundle } from './helpers/apps.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

const PAGE = `
  <p>Shipping <span id="info">ⓘ</span> <span onmouseover="document.getElementById('inline').hidden = false">Returns?</span></p>
  <div role="tooltip" id="tip" hidden>Ships in 2 days</div>
  <div role="tooltip" id="inline" hidden>Free returns within 30 days</div>
  <table>
    <tr class="invoice"><td>Invoice 1</td><td><button style="visibility: hidden">Delete 1</button></td></tr>
    <tr class="invoice"><td>Invoice 2</td><td><button style="visibility: hidden">Delete 2</button></td></tr>
  </table>
  <div id="card"><h3>News</h3><a href="#story">Read more</a></div>
  <div id="notes" style="position: relative; width: 200px; padding: 8px">Notes
    <div class="edge" style="position: absolute; left: 0; right: 0; top: 0; height: 3px; cursor: n-resize"></div>
    <div class="edge" style="position: absolute; right: 0; bottom: 0; width: 8px; height: 8px; cursor: se-resize"></div>
    <div id="column-edge" style="position: absolute; right: 0; top: 0; width: 4px; height: 20px; cursor: col-resize"></div>
    <span id="cell-edge" style="display: inline-block; width: 6px; height: 20px"></span></div>
  <p id="log"></p>
  <script>
    const tip = document.getElementById('tip');
    const info = document.getElementById('info');
    info.addEventListener('mouseenter', () => (tip.hidden = false));
    info.addEventListener('mouseleave', () => (tip.hidden = true));
    for (const row of document.querySelectorAll('tr.invoice')) {
      const button = row.querySelector('button');
      row.addEventListener('mouseenter', () => (button.style.visibility = 'visible'));
      row.addEventListener('mouseleave', () => (button.style.visibility = 'hidden'));
      button.addEventListener('click', () => (document.getElementById('log').textContent = button.textContent + ' clicked'));
    }
    document.getElementById('card').addEventListener('mouseover', () => document.getElementById('card').classList.add('lit'));
    // jQuery UI's resizable notes which edge the pointer is on: a resize handle, not a tooltip's trigger.
    for (const edge of document.querySelectorAll('.edge')) edge.addEventListener('mouseover', () => (edge.dataset.axis = edge.style.cursor));
    // AG Grid's column edge: a press starts the drag that sizes the column.
    document.getElementById('column-edge').addEventListener('pointerdown', () => document.body.classList.add('resizing'));
    // Tabulator's, in each cell: the resize cursor only on :hover, and nothing drawn.
    document.getElementById('cell-edge').addEventListener('mousedown', () => document.body.classList.add('resizing'));
  </script>`;

/** The ref of the row whose first cell is `cell` (a row's line names no cell). */
function rowOf(snapshot: string, cell: string): string {
  const lines = snapshot.split('\n');
  return refOf(lines[lines.findIndex((line) => line.includes(`- cell "${cell}"`)) - 1] ?? '', /- row \[ref=/);
}

test('a tooltip trigger and a row that shows its actions on hover get refs; hovered by ref, they show what they hide', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/hover-targets', html(PAGE, 'Orders')) });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/- generic "ⓘ" \[ref=e\d+\]/);
  expect(text).toMatch(/- generic "Returns\?" \[ref=e\d+\]/);
  expect(text).toMatch(/- row \[ref=e\d+\]:\n +- cell "Invoice 1"/);
  expect(text).not.toContain('Delete 1');
  // The card's link is what to act on (hovering it hovers the card too): no second ref.
  expect(text).toMatch(/^- link "Read more" \[ref=e\d+\]/m);
  expect(text).not.toMatch(/heading "News" \[ref=/);
  // A box's resize edges, and a column's, though the page listens for the pointer on them; nor an empty strip that draws nothing.
  expect(text).not.toMatch(/- generic \[ref=/);

  const tip = await agent.server.ok('browser_hover', { ref: refOf(text, 'generic "ⓘ"') });
  expect(tip.text).toContain('Ships in 2 days');
  const inline = await agent.server.ok('browser_hover', { ref: refOf(text, 'generic "Returns?"') });
  expect(inline.text).toContain('Free returns within 30 days');

  const row = await agent.server.ok('browser_hover', { ref: rowOf(text, 'Invoice 2') });
  expect(row.text).toMatch(/button "Delete 2" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(row.text, 'button "Delete 2"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#log' })).text).toBe('Delete 2 clicked');
});

test("React's onMouseEnter, which leaves no listener on its element, gives it a ref", async ({ agent }) => {
  agent.pages.page('/react-hover.js', appBundle('react-clicks'), { contentType: 'text/javascript' });
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/react-hover', html('<div id="root"></div><script src="/react-hover.js"></script>', 'React')) });
  const { text } = await agent.server.ok('browser_snapshot');
  await agent.server.ok('browser_hover', { ref: refOf(text, 'generic "Retention?"') });
  expect((await agent.server.ok('browser_get', { what: 'text', selector: '#opened' })).text).toBe('Opened Help: invoices are kept 10 years');
});

/**
 * Hovers the menu item named `item` (its ref from `snapshot`), then the item of its menu that has a
 * menu of its own, listed by the first hover to be hovered in turn: what each hover showed.
 */
async function hoverMenus(agent: Agent, snapshot: string, item: string, nestedItem: string): Promise<{ menu: string; nested: string }> {
  const menu = (await agent.server.ok('browser_hover', { ref: refOf(snapshot, `listitem "${item}"`) })).text;
  const nested = (await agent.server.ok('browser_hover', { ref: refOf(menu, new RegExp(`listitem \\[ref=e\\d+\\]: ${nestedItem}`)) })).text;
  return { menu, nested };
}

const CSS_MENUS = `
  <style>
    nav li { display: inline-block; padding: 4px 12px; }
    nav .sub { display: none; position: absolute; }
    nav .has-sub:hover > .sub { display: block; }
    .card .actions { opacity: 0; }
    .card:hover .actions { opacity: 1; }
    .row:hover { background: #eee; }
    .hidden { display: none; }
    .group:hover .group-hover\\:block { display: block; }
    .tip-trigger:hover + .tip { visibility: visible; }
    .tip { visibility: hidden; }
  </style>
  <nav><ul>
    <li class="has-sub"><span>Products</span><ul class="sub">
      <li><a href="#alpha" onclick="document.title = 'alpha'">Alpha</a></li>
      <li class="has-sub"><span>Software</span><ul class="sub"><li><a href="#editor">Editor</a></li></ul></li>
    </ul></li>
    <li class="has-sub"><span>Empty</span></li>
    <li><span>About</span></li>
  </ul></nav>
  <div class="card"><h3>Offer</h3><span class="actions">Save 20 %</span></div>
  <p class="row">Plain row</p>
  <div class="group"><span>Account</span><div class="hidden group-hover:block"><a href="#logout">Log out</a></div></div>
  <p><span class="tip-trigger">Fees</span> <span class="tip" role="tooltip">No fees this month</span></p>`;

test('an element whose CSS :hover rule shows a hidden menu gets a ref; hovered, it lists the menu; rows that only recolor get none', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/css-hover', html(CSS_MENUS, 'Shop')) });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/- listitem "Products" \[ref=e\d+\]/);
  expect(text).not.toContain('Alpha');
  // Only the menu item with a hidden menu under it, not every item the rule names; nothing for a hover that recolors.
  expect(text).toMatch(/- listitem: Empty/);
  expect(text).toMatch(/- listitem: About/);
  expect(text).toMatch(/- paragraph: Plain row/);

  const { menu, nested } = await hoverMenus(agent, text, 'Products', 'Software');
  expect(menu).toMatch(/link "Alpha" \[ref=e\d+\]/);
  expect(menu).not.toContain('Editor');
  expect(nested).toMatch(/link "Editor" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(menu, 'link "Alpha"') });
  expect(await agent.server.ok('browser_evaluate', { expression: 'document.title' }).then((r) => r.text)).toContain('alpha');

  // Tailwind's group-hover (an escaped class name) and a tooltip shown by its sibling.
  const account = await agent.server.ok('browser_hover', { ref: refOf(text, /generic "Account" \[ref=/) });
  expect(account.text).toMatch(/link "Log out" \[ref=e\d+\]/);
  const fees = await agent.server.ok('browser_hover', { ref: refOf(text, /generic "Fees" \[ref=/) });
  expect(fees.text).toContain('No fees this month');
  // The menu hovered before closes as the pointer leaves it, and what is under it moves up: the pointer is
  // aimed again at where the tooltip's trigger is now. That menu item is no news of this hover.
  expect(fees.text).not.toContain('Account');

  // What it shows by opacity is read already (it is there, only transparent); the card is hovered by its ref.
  expect(text).toMatch(/- generic \[ref=e\d+\]:\n +- heading "Offer" \[level=3\]\n +- text: Save 20 %/);
  await agent.server.ok('browser_hover', { ref: refOf(text, /^- generic \[ref=e\d+\]:$/) });
});

test('from an open menu to what it pushed down: the menu closes as the pointer leaves, and the pointer follows its target up, every time', async ({ agent }) => {
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/css-hover-again', html(CSS_MENUS, 'Shop')) });
  const { text } = await agent.server.ok('browser_snapshot');
  // Read at once after the move, :hover still said the pointer was on "Fees" about 1 time in 30, before
  // the page had drawn the menu closing; the pointer was not aimed again, and the tooltip never showed.
  for (let i = 0; i < 20; i++) {
    expect((await agent.server.ok('browser_hover', { ref: refOf(text, /generic "Account" \[ref=/) })).text).toMatch(/link "Log out" \[ref=e\d+\]/);
    expect((await agent.server.ok('browser_hover', { ref: refOf(text, /generic "Fees" \[ref=/) })).text, `hover ${i + 1}`).toContain('No fees this month');
  }
});

test("a CSS hover menu whose rules are in another origin's style sheet (a CDN's, which no page script may read) gets its ref too", async ({ agent }) => {
  const cdn = await new TestServer({ host: '127.0.0.2' }).start();
  try {
    const css = { contentType: 'text/css' };
    // The CDN's sheet imports another; the page's own sheet imports a third from the CDN.
    const menus = cdn.page('/menus.css', '@charset "utf-8";\n@import url("tips.css");\nnav .sub { display: none } nav .has-sub:hover > .sub { display: block }', css);
    cdn.page('/tips.css', '.tip { visibility: hidden } .tip-trigger:hover + .tip { visibility: visible }', css);
    const cards = cdn.page('/cards.css', '.card .actions { display: none } .card:hover .actions { display: inline }', css);
    agent.pages.page('/site.css', `@import "${cards}";\nbody { margin: 8px }`, css);
    const body = `<link rel="stylesheet" href="${menus}"><link rel="stylesheet" href="/site.css">
      <nav><ul><li class="has-sub"><span>Products</span><ul class="sub"><li><a href="#alpha">Alpha</a></li>
        <li class="has-sub"><span>Software</span><ul class="sub"><li><a href="#editor">Editor</a></li></ul></li></ul></li></ul></nav>
      <p><span class="tip-trigger">Fees</span> <span class="tip" role="tooltip">No fees this month</span></p>
      <div class="card"><span>Offer</span> <span class="actions">Save 20 %</span></div>`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/cdn-menus', html(body, 'Shop')) });
    const { text } = await agent.server.ok('browser_snapshot');
    expect(text).toMatch(/- listitem "Products" \[ref=e\d+\]/);
    expect(text).toMatch(/- generic "Fees" \[ref=e\d+\]/);
    expect(text).toMatch(/- generic "Offer" \[ref=e\d+\]/);
    const menu = await agent.server.ok('browser_hover', { ref: refOf(text, 'listitem "Products"') });
    expect(menu.text).toMatch(/link "Alpha" \[ref=e\d+\]/);
    expect((await agent.server.ok('browser_hover', { ref: refOf(text, /generic "Fees" \[ref=/) })).text).toContain('No fees this month');
    // A frame of the page's own origin whose menu's rules are in the CDN's sheet.
    const framed = agent.pages.page('/cdn-menus-frame', html(`<link rel="stylesheet" href="${menus}">
      <nav><ul><li class="has-sub"><span>Account</span><ul class="sub"><li><a href="#out">Sign out</a></li></ul></li></ul></nav>`, 'Menu'));
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/cdn-menus-outer', html(`<iframe src="${framed}" title="Menu"></iframe>`, 'Outer')) });
    expect((await agent.server.ok('browser_snapshot')).text).toMatch(/- listitem "Account" \[ref=f\d+e\d+\]/);
    // Hovered by selector on a page no snapshot has read: the menu is reported all the same.
    await agent.server.ok('browser_navigate', { url: agent.pages.url('/cdn-menus') });
    const hovered = (await agent.server.ok('browser_hover', { selector: 'nav .has-sub' })).text;
    expect(hovered).toMatch(/link "Alpha" \[ref=e\d+\]/);
    // Its item that opens a menu of its own is listed to be hovered in turn.
    expect(hovered).toMatch(/listitem \[ref=e\d+\]: Software/);
  } finally {
    await cdn.stop();
  }
});

test("a web component's CSS hover menu, whose rules are in its own shadow root, gets its ref; hovered, it lists the menu", async ({ agent }) => {
  // Two instances each with a <style> of their own (closed roots), and one with an adopted sheet.
  const body = `<site-menu label="Products" items="Laptops,Phones"></site-menu> <site-menu label="Help" items="Docs"></site-menu>
    <card-actions></card-actions>
    <script>
      customElements.define('site-menu', class extends HTMLElement {
        connectedCallback() {
          const root = this.attachShadow({ mode: 'closed' });
          const items = this.getAttribute('items').split(',').map((item) => '<li><a href="#' + item + '">' + item + '</a></li>').join('');
          root.innerHTML = '<style>li { display: inline-block; padding: 4px } .sub { display: none; position: absolute } .has-sub:hover > .sub { display: block }</style>'
            + '<ul><li class="has-sub"><span>' + this.getAttribute('label') + '</span><ul class="sub">' + items
            + '<li class="has-sub"><span>More</span><ul class="sub"><li><a href="#more">Archive</a></li></ul></li></ul></li></ul>';
        }
      });
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.actions { visibility: hidden } .card:hover .actions { visibility: visible }');
      customElements.define('card-actions', class extends HTMLElement {
        connectedCallback() {
          const root = this.attachShadow({ mode: 'open' });
          root.adoptedStyleSheets = [sheet];
          root.innerHTML = '<div class="card"><span>Offer</span> <button class="actions" onclick="this.textContent = \\'Saved\\'">Save</button></div>';
        }
      });
    </script>`;
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/component-menus', html(body, 'Components')) });
  const { text } = await agent.server.ok('browser_snapshot');
  expect(text).toMatch(/- listitem "Products" \[ref=e\d+\]/);
  expect(text).toMatch(/- listitem "Help" \[ref=e\d+\]/);
  expect(text).not.toContain('Laptops');
  expect(text).toMatch(/- generic "Offer" \[ref=e\d+\]/);
  expect(text).not.toContain('Save');

  const { menu, nested } = await hoverMenus(agent, text, 'Products', 'More');
  expect(menu).toMatch(/link "Laptops" \[ref=e\d+\]/);
  expect(menu).not.toContain('Docs');
  expect(nested).toMatch(/link "Archive" \[ref=e\d+\]/);
  await agent.server.ok('browser_click', { ref: refOf(menu, 'link "Laptops"') });
  expect((await agent.server.ok('browser_evaluate', { expression: 'location.hash' })).text).toContain('#Laptops');
  // The second instance's own <style>, of the same text.
  expect((await agent.server.ok('browser_hover', { ref: refOf(text, 'listitem "Help"') })).text).toMatch(/link "Docs" \[ref=e\d+\]/);
  // The adopted sheet's card: hovered, it shows its button, which is clicked.
  const card = await agent.server.ok('browser_hover', { ref: refOf(text, 'generic "Offer"') });
  await agent.server.ok('browser_click', { ref: refOf(card.text, 'button "Save"') });
  expect((await agent.server.ok('browser_snapshot')).text).toContain('button "Saved"');
});
