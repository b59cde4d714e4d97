import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { AgentError } from '../../../../../src/shared/errors.ts';
import { defineTool } from '../../tool.ts';
import { fitImage } from './images.ts';

const FORMATS = ['png', 'jpeg', 'gif', 'webp'];

export const readImage = defineTool({
  name: 'browser_read_image',
  title: 'Read an image file',
  description: 'Read a PNG, JPEG, GIF or WebP file from disk (e.g. a saved screenshot or a design mockup) and return it as an image, scaled to fit model limits.',
  schema: {
    path: z.string().describe('Path of the image file; relative paths start at the server\'s working directory'),
  },
  readOnly: true,
  async handle(params, response) {
    const file = path.resolve(params.path);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
      throw new AgentError('INVALID_PARAMS', `Cannot read image ${file}: ${why}. Check the path (absolute paths are safest).`);
    }
    const format = await sharp(data).metadata().then((m) => m.format as string, () => null);
    if (!format || !FORMATS.includes(format)) {
      throw new AgentError('INVALID_PARAMS', `${file} is not a PNG, JPEG, GIF or WebP image${format ? ` (it is ${format})` : ''}. Give one of those formats.`);
    }
    // JPEG stays JPEG (photos); everything else becomes PNG, which every model client accepts.
    const fitted = await fitImage(data, format === 'jpeg' ? 'jpeg' : 'png', 85);
    const scaled = fitted.width !== fitted.originalWidth ? `, scaled to ${fitted.width}×${fitted.height}` : '';
    response.text(`${file}: ${format.toUpperCase()} ${fitted.originalWidth}×${fitted.originalHeight}${scaled}.`).image(fitted.data.toString('base64'), fitted.mimeType);
  },
});
