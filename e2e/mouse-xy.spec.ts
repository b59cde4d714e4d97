/**
 * The vision tools: mouse input at viewport coordinates, for what a snapshot
 * cannot name (a canvas). The page sees trusted events at exactly the point,
 * the report names the element there with a ref that works, and a point
 * outside the viewport is refused rather than sent to nothing.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import type { Agent } from './fixtures.ts';
import { refOf } from './helpers/refs.ts';
import { html, TestServer } from './helpers/server.ts';

// A canvas at the top-left corner (its offsetX/Y are viewport coordinates), a button beside it.
const CANVAS_PAGE = html(`
<style>body{margin:0}</style>
<canvas id="c" width="400" height="300" style="position:absolute;left:0;top:0"></canvas>
<button style="position:absolute;left:500px;top:100px;width:120px;height:40px" onclick="document.title='saved'"
  onmouseenter="this.textContent='Save now'">Save</button>
<div id="box" style="position:absolute;left:500px;top:300px;width:200px;height:100px;overflow:auto"><div style="height:1000px">Long list</div></div>
<script>
  const log = [];
  const c = document.getElementById('c');
  for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu']) {
    c.addEventListener(type, (e) => { log.push(type + ' ' + e.offsetX + ',' + e.offsetY + (e.isTrusted ? '' : ' untrusted')); e.preventDefault(); });
  }
  c.addEventListener('mousemove', (e) => { if (e.buttons) log.push('drag ' + e.offsetX + ',' + e.offsetY); });
  c.addEventListener('wheel', (e) => { log.push('wheel ' + e.offsetX + ',' + e.offsetY + ' by ' + e.deltaX + ',' + e.deltaY); e.preventDefault(); }, { passive: false });
</script>`, 'Canvas');

async function canvasLog(agent: Agent): Promise<string[]> {
  const { text } = await agent.server.ok('browser_evaluate', { expression: "'LOG<' + log.join('|') + '>LOG'" });
  const joined = /LOG<(.*)>LOG/.exec(text)![1];
  return joined ? joined.split('|') : [];
}

test.describe('vision tools', () => {
  test('a click at coordinates reaches the canvas at that point, trusted, and says what was there', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-canvas', CANVAS_PAGE) });
    const result = await agent.server.ok('browser_mouse_click_xy', { x: 120, y: 80 });
    expect(result.text).toMatch(/^Clicked at \(120, 80\): canvas \[ref=e\d+\]/);
    expect(await canvasLog(agent)).toEqual(['mousedown 120,80', 'mouseup 120,80', 'click 120,80']);

    await agent.server.ok('browser_mouse_click_xy', { x: 30, y: 40, button: 'right' });
    expect(await canvasLog(agent)).toContain('contextmenu 30,40');
  });

  test('on a control, the report gives its ref, which then works as any ref', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-button', CANVAS_PAGE) });
    const moved = await agent.server.ok('browser_mouse_move_xy', { x: 560, y: 120 });
    expect(moved.text).toMatch(/^Moved the mouse to \(560, 120\): button "Save" \[ref=e\d+\]/);
    const ref = refOf(moved.text, 'button "Save"');
    const snapshot = await agent.server.ok('browser_snapshot');
    expect(snapshot.text).toContain(`button "Save now" [ref=${ref}]`);
    await agent.server.ok('browser_click', { ref });
    expect((await agent.server.ok('browser_evaluate', { expression: 'document.title' })).text).toContain('saved');
  });

  test('a drag holds the button from start to end, through the points between', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-drag', CANVAS_PAGE) });
    const result = await agent.server.ok('browser_mouse_drag_xy', { startX: 10, startY: 20, endX: 210, endY: 120 });
    expect(result.text).toMatch(/^Dragged from \(10, 20\).* to \(210, 120\)/);
    const log = await canvasLog(agent);
    expect(log[0]).toBe('mousedown 10,20');
    // Press and release on the same canvas: the browser also sends it a click.
    expect(log.slice(-2)).toEqual(['mouseup 210,120', 'click 210,120']);
    const drags = log.filter((entry) => entry.startsWith('drag '));
    expect(drags.length).toBeGreaterThan(2);
    expect(drags.at(-1)).toBe('drag 210,120');
  });

  test('a wheel turn reaches what listens at the point (a map zooms so), or scrolls the box under it', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-wheel', CANVAS_PAGE) });
    const result = await agent.server.ok('browser_mouse_wheel_xy', { x: 100, y: 50, deltaY: -300 });
    expect(result.text).toMatch(/^Turned the wheel at \(100, 50\): canvas \[ref=e\d+\] by \(0, -300\)/);
    expect(await canvasLog(agent)).toEqual(['wheel 100,50 by 0,-300']);
    const none = await agent.server.call('browser_mouse_wheel_xy', { x: 100, y: 50 });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('needs deltaY');
    await agent.server.ok('browser_mouse_wheel_xy', { x: 600, y: 350, deltaY: 150 });
    await expect.poll(async () => (await agent.server.ok('browser_evaluate', { expression: 'String(box.scrollTop)' })).text).toContain('150');
  });

  test('a point outside the viewport is refused with the size to aim within; nothing is clicked', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-outside', CANVAS_PAGE) });
    for (const args of [{ x: 5000, y: 10 }, { x: 10, y: -1 }]) {
      const result = await agent.server.call('browser_mouse_click_xy', args);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/outside the viewport, which is 1280×\d+ CSS pixels/);
    }
    const drag = await agent.server.call('browser_mouse_drag_xy', { startX: 10, startY: 10, endX: 10, endY: 9000 });
    expect(drag.text).toContain('(10, 9000) is outside the viewport');
    expect(await canvasLog(agent)).toEqual([]);
  });

  test('the "agent is controlling this tab" pill, which screenshots leave out, never takes a click aimed at its corner', async ({ agent }) => {
    const page = html('<style>body{margin:0}</style><div style="position:fixed;inset:0" onclick="document.title=event.clientX+\',\'+event.clientY"></div>');
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-corner', page) });
    await agent.server.ok('browser_mouse_click_xy', { x: 10, y: 10 });
    const size = (await agent.server.ok('browser_evaluate', { expression: 'innerWidth + "x" + innerHeight' })).text.match(/(\d+)x(\d+)/)!.slice(1).map(Number);
    // The pill sits 12 px from the bottom-right corner.
    const at = { x: size[0] - 40, y: size[1] - 20 };
    await agent.server.ok('browser_mouse_click_xy', at);
    expect((await agent.server.ok('browser_evaluate', { expression: 'document.title' })).text).toContain(`${at.x},${at.y}`);
  });

  test('a point found in a scaled-down screenshot, times the factor it states, is clicked', async ({ agent }) => {
    const page = html('<style>body{margin:0}</style><div style="position:absolute;left:1900px;top:1000px;width:200px;height:120px;background:rgb(255,0,0)" onclick="document.title=event.clientX+\',\'+event.clientY"></div>');
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/xy-scaled', page) });
    await agent.server.ok('browser_resize', { width: 2560, height: 1440 });
    try {
      const shot = await agent.server.ok('browser_take_screenshot');
      const factor = Number(/image pixels × (\d+\.\d+)/.exec(shot.text)?.[1]);
      // The red box's centre in the image the model sees.
      const { data, info } = await sharp(Buffer.from(shot.images[0].data, 'base64')).raw().toBuffer({ resolveWithObject: true });
      const red: { x: number; y: number }[] = [];
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i] > 200 && data[i + 1] < 50 && data[i + 2] < 50) red.push({ x, y });
        }
      }
      const centre = { x: (red[0].x + red.at(-1)!.x) / 2, y: (red[0].y + red.at(-1)!.y) / 2 };
      await agent.server.ok('browser_mouse_click_xy', { x: Math.round(centre.x * factor), y: Math.round(centre.y * factor) });
      const [x, y] = (await agent.server.ok('browser_evaluate', { expression: 'document.title' })).text.match(/(\d+),(\d+)/)!.slice(1).map(Number);
      expect(Math.abs(x - 2000)).toBeLessThan(5);
      expect(Math.abs(y - 1060)).toBeLessThan(5);
    } finally {
      await agent.server.ok('browser_resize', { preset: 'desktop' });
    }
  });

  test('a point on a cross-origin frame: the click lands inside it, and the report names the element there', async ({ agent }) => {
    const other = await new TestServer().start();
    try {
      const inner = other.page('/xy-inner', html('<style>body{margin:0}</style><button style="margin:20px 0 0 40px;width:100px;height:30px" onclick="document.title=\'inner clicked\'">Inner</button>', 'inner'));
      await agent.server.ok('browser_navigate', {
        url: agent.pages.page('/xy-frame', html(`<style>body{margin:0}</style><iframe src="${inner}" style="position:absolute;left:100px;top:200px;width:300px;height:150px;border:5px solid"></iframe>`)),
      });
      // The button's centre: frame left 100 + border 5 + margin 40 + half its width 50; top 200 + 5 + 20 + 15.
      const result = await agent.server.ok('browser_mouse_click_xy', { x: 195, y: 240 });
      expect(result.text).toMatch(/^Clicked at \(195, 240\): button "Inner" \[ref=f\d+e\d+\]/);
      // Looked up in each poll: the test's own view of the page's frames can lag behind the page (seen once in a full run).
      const frameTitle = () => agent.browser.context.pages().flatMap((p) => p.frames()).find((f) => f.url() === inner)?.title();
      await expect.poll(frameTitle).toBe('inner clicked');
    } finally {
      await other.stop();
    }
  });
});
