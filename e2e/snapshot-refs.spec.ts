import { expect, test } from '@playwright/test';
import { lines, load, resolveError, servePages, snapshot } from './helpers/snapshot-engine.ts';

/** Refs of the snapshot engine, in real Chromium: bound to their element, never reissued. */

servePages();

test.describe('refs', () => {
  test('untouched elements keep their refs when siblings are re-rendered', async ({ page }) => {
    await load(page, `<ul id="list"></ul><script>
      // Keyed reconciliation like React's: nodes of kept keys are reused, the rest replaced.
      window.render = (items) => {
        const list = document.getElementById('list');
        const old = new Map([...list.children].map((li) => [li.dataset.key, li]));
        list.replaceChildren(...items.map((key) => {
          const li = old.get(key) ?? Object.assign(document.createElement('li'), { innerHTML: '<button>' + key + '</button>' });
          li.dataset.key = key;
          return li;
        }));
      };
      window.render(['A', 'B', 'C']);
    </script>`);
    expect(await snapshot(page)).toBe(lines(
      '- list:', '  - listitem:', '    - button "A" [ref=e1]', '  - listitem:', '    - button "B" [ref=e2]',
      '  - listitem:', '    - button "C" [ref=e3]'));
    await page.evaluate(() => (window as unknown as { render(k: string[]): void }).render(['D', 'A', 'C']));
    expect(await snapshot(page)).toBe(lines(
      '- list:', '  - listitem:', '    - button "D" [ref=e4]', '  - listitem:', '    - button "A" [ref=e1]',
      '  - listitem:', '    - button "C" [ref=e3]'));
    // The removed button's ref is stale; the number is never handed to D.
    expect(await resolveError(page, 'e2')).toEqual({
      code: 'STALE_REF',
      message: 'Ref e2 is stale: its element was removed from the page. Take a new snapshot (browser_snapshot) and use the new ref.',
    });
    expect(await page.evaluate(() => window.__snap.resolveRef('e1').textContent)).toBe('A');
    expect(await page.evaluate(() => window.__snap.resolveRef('f7e3').textContent)).toBe('C');
  });

  test('a new document never reuses a ref number', async ({ page }) => {
    await load(page, '<button>One</button><button>Two</button>');
    const first = await page.evaluate(() => window.__snap.takeSnapshot());
    expect(first.lines).toEqual(['- button "One" [ref=e1]', '- button "Two" [ref=e2]']);
    expect(first.maxRef).toBe(2);
    // Navigation: the content script starts again; the background hands it the tab's floor.
    await load(page, '<button>One</button><button>Three</button>');
    expect(await resolveError(page, 'e1')).toMatchObject({ code: 'STALE_REF' });
    const second = await page.evaluate((floor) => window.__snap.takeSnapshot({ refFloor: floor }), first.maxRef);
    expect(second.lines).toEqual(['- button "One" [ref=e3]', '- button "Three" [ref=e4]']);
    expect(second.maxRef).toBe(4);
    expect(await resolveError(page, 'e2')).toMatchObject({ code: 'STALE_REF' });
  });

  test('frame prefix, refForElement and unknown refs', async ({ page }) => {
    await load(page, '<button>In frame</button><a href="#">Later</a>');
    expect(await snapshot(page, { refPrefix: 'f5' })).toBe(lines('- button "In frame" [ref=f5e1]', '- link "Later" [ref=f5e2]:', '  - /url: "#"'));
    expect(await page.evaluate(() => window.__snap.refForElement(document.querySelector('button')!, 'f5'))).toBe('f5e1');
    expect(await page.evaluate(() => window.__snap.refForElement(document.body))).toBe('e3');
    expect(await page.evaluate(() => window.__snap.currentMaxRef())).toBe(3);
    expect(await resolveError(page, 'e99')).toMatchObject({ code: 'STALE_REF' });
    expect(await resolveError(page, 'button')).toMatchObject({ code: 'STALE_REF' });
  });

  test('iframes are reported as slots for the child frame snapshot', async ({ page }) => {
    await load(page, '<main><p>Top</p><iframe srcdoc="<button>Inner</button>"></iframe></main>');
    const frames = await page.evaluate(() => window.__snap.takeSnapshot({ refPrefix: '' }).frames
      .map((f) => ({ ref: f.ref, line: f.line, indent: f.indent, tag: f.element.localName })));
    expect(frames).toEqual([{ ref: 'e1', line: 2, indent: '    ', tag: 'iframe' }]);
  });
});
