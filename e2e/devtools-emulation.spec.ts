import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

test.describe('browser_resize', () => {
  test('sets the viewport the page sees; presets', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/resize', html('<meta name="viewport" content="width=device-width"><p>resize</p>')) });
    try {
      const resized = await agent.server.ok('browser_resize', { width: 800, height: 600 });
      expect(resized.text).toContain('innerWidth 800, innerHeight 600');
      expect((await agent.server.ok('browser_evaluate', { expression: 'innerWidth' })).text).toContain('800');

      const mobile = await agent.server.ok('browser_resize', { preset: 'mobile' });
      expect(mobile.text).toContain("375×667 (mobile: touch, and a phone's user agent)");
      const touch = await agent.server.ok('browser_evaluate', { expression: '[innerWidth, navigator.maxTouchPoints > 0, matchMedia("(pointer: coarse)").matches]' });
      expect(touch.text).toContain('[375, true, true]');
      // Sites that choose their layout by user agent see a phone.
      const seen = await agent.server.ok('browser_evaluate', { expression: '[navigator.userAgent.includes("Mobile"), navigator.userAgent.includes("Android")]' });
      expect(seen.text).toContain('[true, true]');

      // Leaving the phone behind restores the browser's own touch support and user agent.
      const tablet = await agent.server.ok('browser_resize', { preset: 'tablet' });
      expect(tablet.text).toContain('innerWidth 768, innerHeight 1024');
      const desktopLike = await agent.server.ok('browser_evaluate', { expression: '[navigator.maxTouchPoints, navigator.userAgent.includes("Mobile")]' });
      expect(desktopLike.text).toContain('[0, false]');

      const missing = await agent.server.call('browser_resize', { width: 500 });
      expect(missing.isError).toBe(true);
      expect(missing.text).toContain('preset');
    } finally {
      await agent.server.ok('browser_resize', { preset: 'desktop' });
    }
  });

  test('on the mobile preset a click is a tap: a menu opened on touchstart alone opens, and clicks still come', async ({ agent }) => {
    const page = html(`<meta name="viewport" content="width=device-width"><button id="menu" ontouchstart="this.textContent = 'Menu open'">Menu</button>
      <button id="buy" onclick="this.textContent = 'Bought'">Buy</button><p id="log"></p>
      <script>for (const type of ['touchstart', 'mousedown', 'click']) addEventListener(type, (e) => (log.textContent += type + (e.pointerType ? ':' + e.pointerType : '') + ' '), true);</script>`, 'Phone');
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/phone', page) });
    await agent.server.ok('browser_resize', { preset: 'mobile' });
    try {
      await agent.server.ok('browser_click', { selector: '#menu' });
      await agent.server.ok('browser_click', { selector: '#buy' });
      const seen = await agent.server.ok('browser_evaluate', { expression: '[menu.textContent, buy.textContent, log.textContent.trim()]' });
      expect(seen.text).toContain('["Menu open", "Bought", "touchstart mousedown click:touch touchstart mousedown click:touch"]');
    } finally {
      await agent.server.ok('browser_resize', { preset: 'desktop' });
    }
    // Off the phone, a click is the mouse's again.
    await agent.server.ok('browser_evaluate', { expression: 'log.textContent = ""' });
    await agent.server.ok('browser_click', { selector: '#buy' });
    expect((await agent.server.ok('browser_evaluate', { expression: 'log.textContent.trim()' })).text).toContain('"mousedown click:mouse"');
  });
});
