import fs from 'node:fs';
import sharp from 'sharp';
import { pageAt } from './helpers/pages.ts';
import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

function savedFile(text: string): string {
  const file = /Saved to (.+)$/m.exec(text)?.[1];
  expect(file, text).toBeTruthy();
  expect(fs.existsSync(file!)).toBe(true);
  return file!;
}

async function size(data: Buffer | string): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(typeof data === 'string' ? Buffer.from(data, 'base64') : data).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format! };
}

/** The image is width × height and every corner is the test element's blue. */
async function expectBlueBox(shot: { images: { data: string }[] }, width: number, height: number): Promise<void> {
  const { data, info } = await sharp(Buffer.from(shot.images[0].data, 'base64')).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([width, height]);
  for (const [x, y] of [[1, 1], [width - 2, 1], [1, height - 2], [width - 2, height - 2]]) {
    const i = (y * info.width + x) * info.channels;
    expect([data[i], data[i + 1], data[i + 2]]).toEqual([0, 0, 255]);
  }
}

test.describe('browser_take_screenshot', () => {
  test('viewport: PNG image and full-resolution file', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-viewport', html('<h1>Viewport</h1>')) });
    const result = await agent.server.ok('browser_take_screenshot');
    expect(result.images).toHaveLength(1);
    expect(result.images[0].mimeType).toBe('image/png');
    const image = await size(result.images[0].data);
    expect(image.width).toBe(1280);
    expect(image.height).toBeGreaterThan(600);
    expect(result.text).toContain('viewport 1280×');
    const file = await size(fs.readFileSync(savedFile(result.text)));
    expect(file).toEqual(image);
  });

  test('our outline and indicator are left out of the picture and come back after', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-feedback', html('<button>Act</button>')) });
    const { text } = await agent.server.ok('browser_snapshot');
    // An action shows the "agent is controlling this tab" pill in the bottom right corner.
    await agent.server.ok('browser_click', { ref: /button "Act" \[ref=(e\d+)\]/.exec(text)![1] });
    const page = await pageAt(agent.browser.context, '/shot-feedback');
    const pillAt = () => page.evaluate(() => document.elementFromPoint(innerWidth - 40, innerHeight - 22)?.tagName);
    await expect.poll(pillAt).toBe('LLM-BROWSER-AGENT-FEEDBACK');
    const shot = await agent.server.ok('browser_take_screenshot');
    const image = sharp(Buffer.from(shot.images[0].data, 'base64'));
    const { width, height } = await image.metadata();
    const { data } = await image.extract({ left: width! - 40, top: height! - 22, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    // The page is white there; the pill is dark.
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    // Shown again once the image is taken (not awaited by the screenshot's answer).
    await expect.poll(pillAt).toBe('LLM-BROWSER-AGENT-FEEDBACK');
  });

  test('fullPage captures the whole tall page', async ({ agent }) => {
    const body = '<div style="height:3000px;background:linear-gradient(red,blue)">tall</div>';
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-tall', html(body)) });
    const viewport = await size((await agent.server.ok('browser_take_screenshot')).images[0].data);
    const result = await agent.server.ok('browser_take_screenshot', { fullPage: true, name: 'tall-page' });
    expect(result.text).toMatch(/full page 1280×30\d\d/);
    const file = savedFile(result.text);
    expect(file).toMatch(/tall-page\.png$/);
    const full = await size(fs.readFileSync(file));
    expect(full.height).toBeGreaterThan(3000);
    expect(full.height).toBeGreaterThan(viewport.height * 3);
    // The returned image fits the model limits; the file keeps every pixel.
    const returned = await size(result.images[0].data);
    expect(Math.max(returned.width, returned.height)).toBeLessThanOrEqual(1568);
    expect(returned.width * returned.height).toBeLessThanOrEqual(1_150_000);
  });

  test('element by selector and by ref: just the element box', async ({ agent }) => {
    const body = '<div style="height:900px"></div><div id="box" style="width:200px;height:100px;background:rgb(0,128,0)"></div><button style="width:150px;height:40px">Press</button>';
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-element', html(body)) });
    const bySelector = await agent.server.ok('browser_take_screenshot', { selector: '#box' });
    expect(await size(bySelector.images[0].data)).toMatchObject({ width: 200, height: 100 });
    const { data, info } = await sharp(Buffer.from(bySelector.images[0].data, 'base64')).raw().toBuffer({ resolveWithObject: true });
    const center = (50 * info.width + 100) * info.channels;
    expect([data[center], data[center + 1], data[center + 2]]).toEqual([0, 128, 0]);

    const snapshot = await agent.server.ok('browser_snapshot');
    const ref = /button "Press" \[ref=(e\d+)\]/.exec(snapshot.text)![1];
    const byRef = await agent.server.ok('browser_take_screenshot', { ref });
    expect(await size(byRef.images[0].data)).toMatchObject({ width: 150, height: 40 });

    // Like an action, it waits for the element to show up, within the timeout.
    const missing = await agent.server.call('browser_take_screenshot', { selector: '#nope', timeout: 1500 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/ELEMENT_NOT_FOUND.*after waiting/);
  });

  test('element inside an iframe, by ref', async ({ agent }) => {
    const inner = agent.pages.page('/shot-frame-inner', html('<button style="margin:40px;width:120px;height:30px;border:0;background:rgb(0,0,255)">Inside</button>'));
    const body = `<div style="height:60px"></div><iframe src="${inner}" style="margin-left:100px;border:5px solid black;padding:3px;width:400px;height:200px"></iframe>`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-frame', html(body)) });
    const snapshot = await agent.server.ok('browser_snapshot');
    const ref = /button "Inside" \[ref=(f\d+e\d+)\]/.exec(snapshot.text)?.[1];
    expect(ref, snapshot.text).toBeTruthy();
    // Every corner is the button's blue: the clip is offset by the iframe's place in the page.
    await expectBlueBox(await agent.server.ok('browser_take_screenshot', { ref }), 120, 30);
  });

  test('an element scrolled out of its container, or in a frame scrolled out of one, is scrolled into view first', async ({ agent }) => {
    const blue = (name: string) => `<button style="width:120px;height:30px;border:0;background:rgb(0,0,255)">${name}</button>`;
    // Yellow containers over a green page: a capture of the place the element would have had shows green or yellow.
    const scroller = (inner: string) => `<div style="height:200px;overflow:auto;background:rgb(255,255,0)"><div style="height:900px"></div>${inner}<div style="height:300px"></div></div>`;
    const inner = agent.pages.page('/shot-scrolled-inner', html(`<div style="height:700px"></div>${blue('In frame')}`));
    const body = `${scroller(blue('Scrolled'))}${scroller(`<iframe src="${inner}" scrolling="no" style="border:0;width:300px;height:800px"></iframe>`)}<div style="height:2000px;background:rgb(0,255,0)"></div>`;
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-scrolled', html(body)) });
    const snapshot = await agent.server.ok('browser_snapshot');
    for (const name of ['Scrolled', 'In frame']) {
      const ref = new RegExp(`button "${name}" \\[ref=(\\w+)\\]`).exec(snapshot.text)?.[1];
      expect(ref, snapshot.text).toBeTruthy();
      await expectBlueBox(await agent.server.ok('browser_take_screenshot', { ref }), 120, 30);
    }
  });

  test('device pixel ratio 2: device pixels in the file, the element still exact', async ({ agent }) => {
    const url = agent.pages.page('/shot-dpr', html('<div id="box" style="width:200px;height:100px;background:rgb(0,128,0)"></div>'));
    await agent.server.ok('browser_navigate', { url });
    await expect.poll(() => agent.browser.context.pages().some((p) => p.url() === url)).toBe(true);
    const page = await pageAt(agent.browser.context, url);
    // A HiDPI screen, emulated through Playwright's own CDP connection to the
    // tab. Our capture resets another client's emulation afterwards, so each
    // capture gets a fresh session.
    const withHiDpi = async (args: Record<string, unknown>) => {
      const cdp = await agent.browser.context.newCDPSession(page);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1000, height: 700, deviceScaleFactor: 2, mobile: false });
      try {
        return await agent.server.ok('browser_take_screenshot', args);
      } finally {
        await cdp.send('Emulation.clearDeviceMetricsOverride');
        await cdp.detach();
      }
    };
    const viewport = await withHiDpi({});
    expect(viewport.text).toContain('device pixel ratio 2');
    expect(await size(fs.readFileSync(savedFile(viewport.text)))).toMatchObject({ width: 2000, height: 1400 });
    // The model's image has CSS pixels: a point in it is the point browser_mouse_click_xy takes.
    expect(await size(viewport.images[0].data)).toMatchObject({ width: 1000, height: 700 });
    expect(viewport.text).not.toContain('Viewport coordinates');
    const element = await withHiDpi({ selector: '#box' });
    expect(element.text).toContain('device pixel ratio 2');
    expect(await size(fs.readFileSync(savedFile(element.text)))).toMatchObject({ width: 400, height: 200 });
  });

  test('a tab behind another is captured, and the tab that was in front is in front again after', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-behind', html('<style>body { background: rgb(255, 0, 0) }</style><h1>Behind</h1>')) });
    const tabId = Number(/Tab: (\d+)/.exec((await agent.server.ok('browser_snapshot')).text)?.[1]);
    // Another tab in front, as when the person works in their own tab beside the agent's.
    const opened = await agent.server.ok('browser_tabs', { action: 'new', url: agent.pages.page('/shot-front', html('<h1>Front</h1>')) });
    const frontId = Number(/tab (\d+)/.exec(opened.text)?.[1]);
    const worker = await agent.browser.serviceWorker();
    const inFront = () => worker.evaluate(async (id) => (await chrome.tabs.get(id)).active, frontId);
    expect(await inFront()).toBe(true);
    const shot = await agent.server.ok('browser_take_screenshot', { tabId });
    const { data, info } = await sharp(Buffer.from(shot.images[0].data, 'base64')).raw().toBuffer({ resolveWithObject: true });
    const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    expect([data[i], data[i + 1], data[i + 2]]).toEqual([255, 0, 0]);
    await expect.poll(inFront).toBe(true);
  });

  test('jpeg with quality', async ({ agent }) => {
    const body = '<div style="height:700px;background:repeating-linear-gradient(45deg,#f00 0 7px,#0f0 7px 13px,#00f 13px 20px)"></div>';
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-jpeg', html(body)) });
    const low = await agent.server.ok('browser_take_screenshot', { format: 'jpeg', quality: 20 });
    const high = await agent.server.ok('browser_take_screenshot', { format: 'jpeg', quality: 95 });
    expect(low.images[0].mimeType).toBe('image/jpeg');
    expect((await size(low.images[0].data)).format).toBe('jpeg');
    expect(savedFile(low.text)).toMatch(/\.jpeg$/);
    expect(low.images[0].data.length).toBeLessThan(high.images[0].data.length / 2);
  });

  test('a 2560-wide viewport is scaled down for the model, full size on disk', async ({ agent }) => {
    await agent.server.ok('browser_navigate', { url: agent.pages.page('/shot-wide', html('<h1>Wide</h1>')) });
    try {
      const resized = await agent.server.ok('browser_resize', { width: 2560, height: 1440 });
      expect(resized.text).toContain('innerWidth 2560');
      const result = await agent.server.ok('browser_take_screenshot');
      const file = await size(fs.readFileSync(savedFile(result.text)));
      expect(file).toMatchObject({ width: 2560, height: 1440 });
      const returned = await size(result.images[0].data);
      expect(returned.width).toBeLessThanOrEqual(1568);
      expect(returned.width * returned.height).toBeLessThanOrEqual(1_150_000);
      expect(returned.width / returned.height).toBeCloseTo(2560 / 1440, 1);
      expect(result.text).toMatch(/scaled to \d+×\d+/);
      const factor = Number(/Viewport coordinates \(CSS pixels\) are image pixels × (\d+\.\d+)/.exec(result.text)?.[1]);
      expect(factor).toBeCloseTo(2560 / returned.width, 2);
    } finally {
      await agent.server.ok('browser_resize', { preset: 'desktop' });
    }
  });
});
