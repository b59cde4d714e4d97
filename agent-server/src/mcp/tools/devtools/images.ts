/**
 * Fits images to what models take: longest side ≤ 1568 px and ≤ ~1.15
 * megapixels (larger images are downscaled by the model provider anyway, at
 * the cost of tokens and time). Override with BROWSER_AGENT_IMAGE_MAX_SIDE and
 * BROWSER_AGENT_IMAGE_MAX_PIXELS. Decoding and scaling by sharp (libvips).
 */
import sharp from 'sharp';

const MAX_SIDE = Number(process.env.BROWSER_AGENT_IMAGE_MAX_SIDE) || 1568;
const MAX_PIXELS = Number(process.env.BROWSER_AGENT_IMAGE_MAX_PIXELS) || 1_150_000;

export interface FittedImage {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

/** maxScale < 1 scales further, e.g. 1 / devicePixelRatio for an image at CSS pixels. */
export function fitSize(width: number, height: number, maxScale = 1): { width: number; height: number } {
  const factor = Math.min(1, maxScale, MAX_SIDE / Math.max(width, height), Math.sqrt(MAX_PIXELS / (width * height)));
  return { width: Math.max(1, Math.floor(width * factor)), height: Math.max(1, Math.floor(height * factor)) };
}

/**
 * Scales `input` to the limits and encodes it as `format`. An image that
 * already fits and is already in that format is passed through untouched.
 */
export async function fitImage(input: Buffer, format: 'png' | 'jpeg', quality = 80, maxScale = 1): Promise<FittedImage> {
  // animated: false → the first frame of a GIF or animated WebP.
  const image = sharp(input, { animated: false });
  const meta = await image.metadata();
  const originalWidth = meta.width ?? 0;
  const originalHeight = meta.height ?? 0;
  const size = fitSize(originalWidth, originalHeight, maxScale);
  const mimeType = format === 'png' ? 'image/png' : 'image/jpeg';
  const scaled = size.width !== originalWidth || size.height !== originalHeight;
  if (!scaled && meta.format === format) return { data: input, mimeType, ...size, originalWidth, originalHeight };
  const resized = scaled ? image.resize(size.width, size.height, { fit: 'fill' }) : image;
  const data = format === 'png' ? await resized.png().toBuffer() : await resized.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
  return { data, mimeType, ...size, originalWidth, originalHeight };
}
