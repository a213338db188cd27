import { AppError } from '../http/errors.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { loadSharp } from './sharp.ts';

/** What every uploaded image may be (DESIGN.md 8): the product shows nothing else. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Larger images are scaled down to this edge; enough for any screen the product has. */
const MAX_EDGE_PX = 2560;
/**
 * A 2 MB png of one colour can declare 20 000 × 20 000 pixels (1.6 GB decoded): refuse any image
 * that decodes to more than this before decoding it.
 */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg';
export type ProcessedImage = {
  format: ImageFormat;
  extension: 'png' | 'jpg';
  bytes: Buffer;
  /** Of the stored bytes: what finds the same picture uploaded again (duplicate hints); null: one colour. */
  phash: bigint | null;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The format the bytes say, whatever the file's name or declared type claim. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/**
 * Checks an uploaded image and re-encodes it: only png and jpeg recognised by their bytes, at most
 * 2 MB, fully decodable (a truncated file is refused), not a decompression bomb. The result keeps
 * no metadata (EXIF, GPS, comments); the EXIF orientation is applied to the pixels first so the
 * picture stays the right way up. `field` names the form field the messages belong to.
 */
export async function processImage(bytes: Buffer, field: string): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(413, 'image_too_large', { max: 2 }, field);
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError(422, 'image_type', {}, field);
  // Outside the try: sharp failing to load is the server's fault, not an unreadable image.
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true });
    const output =
      format === 'png'
        ? await pipeline.png({ compressionLevel: 9, effort: 7 }).toBuffer()
        : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return {
      format,
      extension: format === 'png' ? 'png' : 'jpg',
      bytes: output,
      phash: await perceptualHash(output),
    };
  } catch (error) {
    const isTooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new AppError(422, isTooLarge ? 'image_too_many_pixels' : 'image_unreadable', {}, field);
  }
}
