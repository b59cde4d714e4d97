/**
 * A frame of another site runs in a process of its own: a script there that
 * blocks it (an ad stuck in a loop, a long task, a click handler that never
 * returns) leaves the page around it running. Nothing the agent does may wait
 * on such a frame to its timeout: it is marked [not-responding], commands into
 * it fail at once saying why, and the page and the other frames work.
 */
import { frameAt, pageAt } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

for (const when of ['once loaded', 'as it loads']) {
  test(`a frame of another site whose page a script blocks ${when}: marked [not-responding], and the page and frames around it are read and acted on`, async ({ agent }) => {
    const other = await new TestServer().start();
    // A third site, for a frame that runs beside the blocked one in a process of its own.
    const third = await new TestServer({ host: '127.0.0.2' }).start();
    try {
      const block = 'for (;;) {}';
      const script = when === 'once loaded' ? `addEventListener('load', () => setTimeout(() => { ${block} }, 100))` : block;
      const inner = other.page('/blocked-inner', html(`<button>Inner button</button><script>${script}</script>`, 'ad')).replace('127.0.0.1', 'localhost');
      const pay = third.page('/pay', html('<button>Pay</button>', 'pay'));
      const outer = agent.pages.page('/blocked-outer', html(
        `<h1>Shop</h1><iframe src="${inner}" title="Ad"></iframe><iframe src="${pay}" title="Payment"></iframe>
         <button onclick="document.title = 'bought'">Buy</button>`, 'shop'));
      await agent.server.ok('browser_navigate', { url: outer });
      let text = '';
      await expect.poll(async () => (text = (await agent.server.ok('browser_snapshot')).text)).toMatch(/^- iframe "Ad" \[ref=e\d+\] \[not-responding\]$/m);
      expect(text).toContain('A frame marked [not-responding] runs a script that keeps it from answering');
      // Each waited for the blocked frame until its timeout.
      expect((await agent.server.ok('browser_click', { ref: refOf(text, 'button "Buy"'), timeout: 5000 })).text).toContain('Clicked <button>Buy</button>');
      expect(await (await pageAt(agent.browser.context, outer)).title()).toBe('bought');
      expect((await agent.server.ok('browser_evaluate', { ref: refOf(text, 'button "Pay"'), function: '(el) => el.textContent', timeout: 5000 })).text).toContain('"Pay"');
      expect((await agent.server.ok('browser_wait_for', { text: 'Shop', timeout: 5000 })).text).toContain('"Shop"');
      const inside = await agent.server.call('browser_wait_for', { text: 'Inner button', timeout: 2000 });
      expect(inside.isError).toBe(true);
      expect(inside.text).toContain('1 of them did not answer, as a script keeps it busy');
      expect((await agent.server.ok('browser_set_offline', { offline: true, timeout: 5000 })).text).toContain('is offline');
      expect((await agent.server.ok('browser_set_offline', { offline: false, timeout: 5000 })).text).toContain('is online again');
      const found = (await agent.server.ok('browser_find', { text: 'Inner button', timeout: 5000 })).text;
      expect(found).toContain('No matching elements');
      expect(found).toContain('1 frame of the page did not answer (a script there keeps it busy), so it was not searched');
    } finally {
      await other.stop();
      await third.stop();
    }
  });
}

test('a click whose handler blocks its frame of another site is done; later commands into that frame fail at once, the page around it works', async ({ agent }) => {
  const other = await new TestServer().start();
  // The page left with its frame blocked may be kept in the back/forward cache, and the blocked
  // process with it: a frame of the same site on the next page would go into that process and never
  // load. So the second page's frame is of a third site.
  const third = await new TestServer({ host: '127.0.0.2' }).start();
  try {
    const widget = html(`<button onclick="for (;;) {}">Freeze</button><button>Other</button>
      <script>addEventListener('message', (e) => { if (e.data === 'block') for (;;) {} });</script>`, 'widget');
    const inners: Record<string, string> = {
      click: other.page('/freeze-inner', widget).replace('127.0.0.1', 'localhost'),
      message: third.page('/freeze-inner', widget),
    };
    const outer = (name: string) => agent.pages.page(`/freeze-${name}`, html(`<iframe src="${inners[name]}" title="Widget"></iframe>
      <button onclick="frames[0].postMessage('block', '*')">Block it</button><button onclick="document.title = 'out'">Out</button>`, 'outer'));

    // The press reaches the frame and its handler never returns: it was clicked (it timed out).
    await agent.server.ok('browser_navigate', { url: outer('click') });
    let { text } = await agent.server.ok('browser_snapshot');
    const frozen = await agent.server.ok('browser_click', { ref: refOf(text, 'button "Freeze"'), timeout: 8000 });
    expect(frozen.text).toContain('Clicked <button>Freeze</button>');
    expect(frozen.text).toContain('The frame it went into has not answered since');
    const refused = await agent.server.call('browser_click', { ref: refOf(text, 'button "Other"'), timeout: 8000 });
    expect(refused.text).toMatch(/^Error PAGE_UNRESPONSIVE: Frame \d+ of tab \d+ is not responding/);
    expect((await agent.server.ok('browser_click', { ref: refOf(text, 'button "Out"') })).text).toContain('Clicked <button>Out</button>');

    // Blocked by the page, unknown to the agent: the command into it times out, and says why.
    await agent.server.ok('browser_navigate', { url: outer('message') });
    ({ text } = await agent.server.ok('browser_snapshot'));
    await agent.server.ok('browser_click', { ref: refOf(text, 'button "Block it"') });
    const timedOut = await agent.server.call('browser_click', { ref: refOf(text, 'button "Other"'), timeout: 2000 });
    expect(timedOut.text).toMatch(/^Error PAGE_UNRESPONSIVE: Frame \d+ of tab \d+ is not responding/);
  } finally {
    await other.stop();
    await third.stop();
  }
});

test('a frame of another site that answers as the snapshot begins and is then blocked by its page is marked [not-responding], not waited for', async ({ agent }) => {
  // A site no other test blocks a frame of: a page the tests above left with a blocked frame of
  // localhost may be kept in the back/forward cache with its process, and a localhost frame here
  // would go into that process and never load (marked [loading]: CI failed so twice, 5.3 s in).
  const other = await new TestServer({ host: '127.0.0.3' }).start();
  try {
    // Blocks right after the message the snapshot posts into each frame to learn its id: the frame
    // answered that, then never starts on the snapshot's request.
    const inner = other.page('/late-block-inner', html(`<button>Inner button</button>
      <script>addEventListener('message', () => { if (document.title === 'armed') setTimeout(() => { for (;;) {} }, 0); });</script>`, 'ad'));
    const outer = agent.pages.page('/late-block', html(`<h1>Shop</h1><iframe src="${inner}" title="Ad"></iframe>`, 'shop'));
    await agent.server.ok('browser_navigate', { url: outer });
    expect((await agent.server.ok('browser_snapshot')).text).toMatch(/- iframe "Ad" \[ref=e\d+\]:\n {2}- button "Inner button"/);
    const frame = await frameAt(await pageAt(agent.browser.context, outer), inner);
    await frame.evaluate(() => (document.title = 'armed'));
    const { text } = await agent.server.ok('browser_snapshot');
    expect(text).toMatch(/^- iframe "Ad" \[ref=e\d+\] \[not-responding\]$/m);
    expect(text).toContain('- heading "Shop" [level=1]');
  } finally {
    await other.stop();
  }
});
