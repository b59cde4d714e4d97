import { openPage as open, pageAt, pageText } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';
import { html } from './helpers/server.ts';

/**
 * A ref that no longer stands for what the agent saw: its element gone (a re-render), hidden while one like it
 * shows, or reused by the page for something else. Never a click somewhere else: an error that names what is there now.
 */

test('a stale ref never clicks anything and says to take a new snapshot', async ({ agent }) => {
  const snap = await open(
    agent,
    '/stale',
    `<div id="list"><button onclick="document.title='old'">Item</button></div>
     <script>window.rerender = () => { document.getElementById('list').innerHTML = '<button onclick="document.title=\\'new\\'">Item</button>'; }</script>`,
  );
  const ref = refOf(snap, 'button "Item"');
  const page = await pageAt(agent.browser.context, '/stale');
  await page.evaluate(() => (window as unknown as { rerender(): void }).rerender());
  const result = await agent.server.call('browser_click', { ref });
  expect(result.isError).toBe(true);
  expect(result.text).toContain('STALE_REF');
  expect(result.text).toMatch(/snapshot/i);
  expect(await page.title()).toBe('Actions');
  // The one element like it that the page put in its place is named, with a ref of its own, and not clicked.
  const like = /one like it is there now: button "Item" \[ref=(e\d+)\]\. Nothing was done; use that ref if it is the one you meant/.exec(result.text)?.[1];
  expect(like).toBeDefined();
  expect(like).not.toBe(ref);
  // A new snapshot shows the new button with that ref, never the old one.
  const fresh = await agent.server.ok('browser_snapshot');
  expect(refOf(fresh.text, 'button "Item"')).toBe(like);
  await agent.server.ok('browser_click', { ref: like });
  expect(await page.title()).toBe('new');
  // Two alike now: no guess.
  await page.evaluate(() => { document.getElementById('list')!.innerHTML = '<button>Item</button><button>Item</button>'; });
  expect((await agent.server.call('browser_click', { ref: like })).text).toContain('its element was removed from the page. Take a new snapshot');
  // Two alike in the snapshot the ref came from: the one left may be the other's (another row's "Delete"), so no guess either.
  const first = refOf((await agent.server.ok('browser_snapshot')).text, 'button "Item"');
  await page.evaluate(() => (window as unknown as { rerender(): void }).rerender());
  expect((await agent.server.call('browser_click', { ref: first })).text).toContain('its element was removed from the page. Take a new snapshot');
  // A ref only an error gave out is never given to another element of a later page in the tab.
  const again = /one like it is there now: button "Item" \[ref=(e\d+)\]/.exec((await agent.server.call('browser_click', { ref: like })).text)?.[1];
  expect(again).toBeDefined();
  await agent.server.ok('browser_navigate', { url: agent.pages.page('/stale-next', html('<button>Next</button>', 'Next')) });
  const next = Number(refOf((await agent.server.ok('browser_snapshot')).text, 'button "Next"').slice(1));
  expect(next).toBeGreaterThan(Number(again!.slice(1)));
});

test('a ref whose element the page reused for something else (a calendar\'s next month in the same cells) is refused as stale; a name that changed a little, or by the agent\'s own click, is not', async ({ agent }) => {
  const snap = await open(
    agent,
    '/reused',
    `<p id="month">March</p><button id="next">Next month</button><table><tr id="days"></tr></table>
     <button id="cart">Cart (0)</button> <button id="add">Add to cart</button> <button id="play">Play</button><p id="picked"></p>
     <input id="search" placeholder="Shoes">
     <script>
       // Drawn in the same cells each month, as Element Plus's calendar does.
       const cells = Array.from({ length: 3 }, () => days.appendChild(document.createElement('td')));
       let first = 1;
       const draw = () => cells.forEach((cell, i) => { cell.textContent = String(first + i); });
       cells.forEach((cell) => { cell.onclick = () => { picked.textContent = month.textContent + ' ' + cell.textContent; }; });
       next.onclick = () => { month.textContent = 'April'; first = 10; draw(); };
       add.onclick = () => { cart.textContent = 'Cart (1)'; };
       play.onclick = () => { play.textContent = play.textContent === 'Play' ? 'Pause' : 'Play'; };
       draw();
     </script>`,
  );
  const day2 = refOf(snap, 'cell "2"');
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Next month"') });
  const refused = await agent.server.call('browser_click', { ref: day2 });
  expect(refused.isError).toBe(true);
  expect(refused.text).toContain(`STALE_REF: Ref ${day2} was printed as "2", and its element now says "11"`);
  expect(refused.text).toContain('Nothing was done. Take a new snapshot');
  expect(await pageText(agent, '/reused', '#picked')).toBe('');
  // Printed again, the ref stands for what it says now.
  const fresh = (await agent.server.ok('browser_snapshot')).text;
  expect(refOf(fresh, 'cell "11"')).toBe(day2);
  await agent.server.ok('browser_click', { ref: day2 });
  expect(await pageText(agent, '/reused', '#picked')).toBe('April 11');
  // "Cart (0)" is still the cart as "Cart (1)"; the button the agent pressed says what its press made it say.
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Add to cart"') });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Cart (0)"') });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Play"') });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Add to cart"') });
  await agent.server.ok('browser_click', { ref: refOf(snap, 'button "Play"') });
  expect(await pageText(agent, '/reused', '#play')).toBe('Play');
  // A field is the field, whatever names it: a placeholder turning through examples.
  const search = refOf(snap, 'textbox "Shoes"');
  await agent.server.ok('browser_evaluate', { function: '() => { document.getElementById("search").placeholder = "Hats"; return 1; }' });
  await agent.server.ok('browser_fill', { ref: search, value: 'boots' });
});

test('a ref whose element the page hides while it shows one like it (a responsive menu at another width) names that one', async ({ agent }) => {
  const snap = await open(agent, '/responsive', `<style>@media (max-width: 600px) { .wide { display: none } } @media (min-width: 601px) { .narrow { display: none } }</style>
    <nav class="wide"><a href="#wide">Pricing</a></nav><nav class="narrow"><a href="#narrow">Pricing</a></nav>`);
  await agent.server.ok('browser_resize', { width: 500, height: 700 });
  try {
    const hidden = await agent.server.call('browser_click', { ref: refOf(snap, 'link "Pricing"'), timeout: 1000 });
    expect(hidden.text).toMatch(/NOT_VISIBLE: .* One like it is visible: link "Pricing" \[ref=e\d+\]; use that ref if it is the one you meant\.$/);
    await agent.server.ok('browser_click', { ref: refOf(hidden.text, 'link "Pricing"') });
    expect((await agent.server.ok('browser_evaluate', { expression: 'location.hash' })).text).toContain('#narrow');
  } finally {
    await agent.server.ok('browser_resize', { preset: 'desktop' });
  }
});
