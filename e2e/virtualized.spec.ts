/**
 * Data grids that draw only the rows in view (MUI's DataGrid, AG Grid): the
 * rest is not in the page until scrolled in, so a search cannot find it. The
 * agent is told which grids hold more than they draw, and where to scroll from.
 */
import { expect, test } from './fixtures.ts';
import { openPage as open } from './helpers/pages.ts';

/** 200 users; the scroller draws the 8 rows in view, as a virtualizing grid does, and says how many there are. */
const GRID = `<div role="grid" aria-label="Users" aria-rowcount="200">
  <div id="scroller" style="height:240px;overflow:auto"><div id="space" style="height:6000px;position:relative"></div></div>
</div>
<script>
  const space = document.getElementById('space');
  const draw = () => {
    const first = Math.floor(scroller.scrollTop / 30);
    space.replaceChildren(...Array.from({ length: 8 }, (_, i) => {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(first + i + 1));
      row.style.cssText = 'position:absolute;height:30px;top:' + (first + i) * 30 + 'px';
      row.innerHTML = '<span role="gridcell">User ' + (first + i + 1) + '</span>';
      return row;
    }));
  };
  const scroller = document.getElementById('scroller');
  scroller.addEventListener('scroll', draw);
  draw();
</script>`;

test('a search that misses names the grids that draw only some rows, with a row to scroll from; scrolled there, it finds the row', async ({ agent }) => {
  await open(agent, '/virtual', `${GRID}<div role="grid" aria-label="Admins" aria-rowcount="1"><div role="row"><span role="gridcell">Root</span></div></div>`, 'Virtual');
  const missed = await agent.server.ok('browser_find', { text: 'User 150' });
  expect(missed.text).toContain('No matching elements.');
  const line = /^- grid "Users" \[ref=e\d+\] draws 8 of its 200 rows; its last drawn row is row "User 8" \[ref=(e\d+)\]$/m.exec(missed.text);
  expect(line, missed.text).not.toBeNull();
  // A grid that draws all its rows is not named.
  expect(missed.text).not.toContain('Admins');
  await agent.server.ok('browser_scroll', { ref: line![1], deltaY: 149 * 30 });
  const found = await agent.server.ok('browser_find', { text: 'User 150' });
  expect(found.text).toMatch(/^1 match:\n- gridcell "User 150" \[ref=e\d+\]$/m);
});

test('a snapshot says a grid draws only some of its rows, and how to draw others; one that draws all says nothing', async ({ agent }) => {
  const snap = await open(agent, '/virtual-snapshot', `${GRID}<div role="grid" aria-label="Admins" aria-rowcount="1"><div role="row"><span role="gridcell">Root</span></div></div>`, 'Virtual');
  expect(snap).toMatch(/- gridcell "User 8" \[ref=e\d+\]\n {2}- … 8 of its 200 rows are drawn: the others as it scrolls \(browser_scroll with a row's ref\)\n- grid "Admins":\n {2}- row:\n {4}- gridcell "Root" \[ref=e\d+\]\n```$/);
  const interactive = await agent.server.ok('browser_snapshot', { interactive: true });
  expect(interactive.text).toContain('8 of its 200 rows are drawn');
});
