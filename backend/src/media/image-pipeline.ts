import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { IMAGE_BOX, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_QUALITY } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { backgroundOf } from './image-background.js';
import { sniffImageType } from './image-type.js';
import { MediaAsset } from './media-asset.entity.js';
import { mediaUrl } from './media-path.js';

/** Which box a picture is fitted into (docs/spec.md §9): logo 800x800, discount and featured 1200x800, otherwise 1920x1080. */
export type ImageKind = keyof typeof IMAGE_BOX;
export const IMAGE_KINDS = Object.keys(IMAGE_BOX) as ImageKind[];

/** A picture refused for a reason the uploader can act on; `message` is SPEC's text. */
export class ImageRejectedError extends Error {}

export interface ProcessedImage {
  /** sha256 of `data`, hex. */
  hash: string;
  /** The webp bytes. */
  data: Buffer;
  width: number;
  height: number;
  /** The colour its box shows before it arrives, `#rrggbb` (image-background.ts). */
  background: string;
}

const SHARP_FORMAT = { png: 'png', jpeg: 'jpeg', webp: 'webp' } as const;

/**
 * Checks and normalises an uploaded picture: real type by its bytes (png, jpeg, webp), at most 5 MB and
 * IMAGE_MAX_PIXELS, turned upright by its EXIF orientation, fitted inside the kind's box (never enlarged),
 * re-encoded as webp at SPEC's quality 0.8 with every metadata block (EXIF, GPS, XMP) dropped.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRejectedError(MSG.uploadTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejectedError(MSG.uploadInvalidType);

  // Loaded on the first upload: libvips adds about 25 MB to a process, and most web copies never take one.
  const { default: sharp } = await import('sharp');
  // The header alone says how big the decoded picture would be: refuse a decompression bomb before decoding it.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height || meta.format !== SHARP_FORMAT[type]) throw new ImageRejectedError(MSG.uploadLoadFailed);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) {
    throw new ImageRejectedError(MSG.uploadTooManyPixels(IMAGE_MAX_PIXELS / 1_000_000));
  }

  const box = IMAGE_BOX[kind];
  try {
    // failOn 'warning' (sharp's default) also refuses truncated and corrupt files instead of half-decoding them.
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' })
      .autoOrient()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: Math.round(IMAGE_QUALITY * 100) })
      .toBuffer({ resolveWithObject: true });
    const raw = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const background = backgroundOf(raw.data, raw.info.width, raw.info.height, raw.info.channels);
    return { hash: createHash('sha256').update(data).digest('hex'), data, width: info.width, height: info.height, background };
  } catch {
    throw new ImageRejectedError(MSG.uploadLoadFailed);
  }
}

/** Stores a processed picture under its hash (once, however often it is uploaded) and returns its URL. */
export async function storeImage(em: EntityManager, image: ProcessedImage): Promise<string> {
  await em
    .createQueryBuilder(MediaAsset)
    .insert({
      hash: image.hash,
      mimeType: 'image/webp',
      width: image.width,
      height: image.height,
      background: image.background,
      data: image.data,
      byteSize: image.data.length,
    })
    .onConflict('hash')
    .ignore()
    .execute();
  return mediaUrl(image.hash);
}
