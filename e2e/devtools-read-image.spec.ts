import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

test.describe('browser_read_image', () => {
  let dir: string;
  test.beforeAll(async ({ agent }) => {
    dir = path.join(agent.dir, 'images');
    fs.mkdirSync(dir, { recursive: true });
    const red = { create: { width: 40, height: 30, channels: 3 as const, background: { r: 255, g: 0, b: 0 } } };
    await sharp(red).png().toFile(path.join(dir, 'small.png'));
    await sharp(red).jpeg().toFile(path.join(dir, 'small.jpg'));
    await sharp(red).gif().toFile(path.join(dir, 'small.gif'));
    await sharp(red).webp().toFile(path.join(dir, 'small.webp'));
    await sharp({ create: { width: 4000, height: 1000, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toFile(path.join(dir, 'wide.png'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not an image');
    await sharp(red).tiff().toFile(path.join(dir, 'small.tiff'));
  });

  for (const [file, format, mimeType] of [['small.png', 'PNG', 'image/png'], ['small.jpg', 'JPEG', 'image/jpeg'], ['small.gif', 'GIF', 'image/png'], ['small.webp', 'WEBP', 'image/png']]) {
    test(`reads ${format}`, async ({ agent }) => {
      const result = await agent.server.ok('browser_read_image', { path: path.join(dir, file) });
      expect(result.text).toContain(`${format} 40×30`);
      expect(result.images).toHaveLength(1);
      expect(result.images[0].mimeType).toBe(mimeType);
      const meta = await sharp(Buffer.from(result.images[0].data, 'base64')).metadata();
      expect([meta.width, meta.height]).toEqual([40, 30]);
    });
  }

  test('scales a large image to the model limits', async ({ agent }) => {
    const result = await agent.server.ok('browser_read_image', { path: path.join(dir, 'wide.png') });
    expect(result.text).toContain('PNG 4000×1000, scaled to 1568×392');
    const meta = await sharp(Buffer.from(result.images[0].data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1568, 392]);
  });

  test('errors name the path and the problem', async ({ agent }) => {
    const missing = await agent.server.call('browser_read_image', { path: path.join(dir, 'nope.png') });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(`Cannot read image ${path.join(dir, 'nope.png')}: there is no such file`);
    const directory = await agent.server.call('browser_read_image', { path: dir });
    expect(directory.text).toContain(`Cannot read image ${dir}: it is a directory`);
    const text = await agent.server.call('browser_read_image', { path: path.join(dir, 'notes.txt') });
    expect(text.text).toContain(`${path.join(dir, 'notes.txt')} is not a PNG, JPEG, GIF or WebP image`);
    const tiff = await agent.server.call('browser_read_image', { path: path.join(dir, 'small.tiff') });
    expect(tiff.text).toContain('(it is tiff)');
    if (process.getuid?.() !== 0) {
      fs.chmodSync(path.join(dir, 'small.png'), 0o000);
      const unreadable = await agent.server.call('browser_read_image', { path: path.join(dir, 'small.png') });
      expect(unreadable.text).toContain('permission denied');
    }
  });
});
