import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { MediaUploadResponse, PublicUser } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { isHttpUrl } from '../common/validators.js';
import { ImageRejectedError, processImage, storeImage, type ImageKind } from './image-pipeline.js';
import { parseDataUrl } from './image-type.js';
import { MediaAsset } from './media-asset.entity.js';
import { privateFileUrl } from './media-path.js';
import { pgArray } from '../common/pg-array.js';

export type { ImageKind } from './image-pipeline.js';

/** The field each kind of picture belongs to, so an image error is reported on it (docs/spec.md §5). */
const FIELD_OF_KIND: Partial<Record<ImageKind, string>> = {
  logo: 'logoUrl',
  discount: 'mediaUrl',
  featured: 'featuredImageUrl',
};

/** One uploaded file as multer hands it over (memory storage). */
export interface UploadedImageFile {
  fieldname: string;
  buffer: Buffer;
}

/**
 * Image fields (company logo, discount media, post featured image) go through
 * resolveImage before they are stored: a data: image becomes /media/<hash>.webp.
 */
@Injectable()
export class MediaService {
  constructor(private readonly em: EntityManager) {}

  /**
   * null, undefined, an http(s) URL or a /media/ path come back unchanged; a data: image is checked,
   * resized for `kind`, stored and replaced by its /media/<hash>.webp URL. A refused picture is a 400
   * whose message is also put on `field` (by default the field of that kind: logoUrl, mediaUrl, featuredImageUrl).
   */
  async resolveImage<T extends string | null | undefined>(
    value: T,
    kind: ImageKind,
    field: string | undefined = FIELD_OF_KIND[kind],
  ): Promise<T | string> {
    if (value === null || value === undefined) return value;
    if (value.startsWith('/media/') || isHttpUrl(value)) return value;
    return (await this.storeDataUrl(value, kind, field)).url;
  }

  /** POST /_api/admin/media: exactly one picture, as a multipart `file` or a JSON `dataUrl`. */
  async upload(files: UploadedImageFile[], dataUrl: string | undefined, kind: ImageKind): Promise<MediaUploadResponse> {
    if (files.length + (dataUrl === undefined ? 0 : 1) > 1) throw rejected(MSG.uploadOneImage, files.length ? 'file' : 'dataUrl');
    if (files.length) return this.store(files[0].buffer, kind, 'file');
    if (dataUrl === undefined) throw rejected(MSG.uploadMissing, 'file');
    return this.storeDataUrl(dataUrl, kind, 'dataUrl');
  }

  /** The stored webp bytes of a public image, or a 404 (a private file is never served here). */
  async read(hash: string): Promise<Buffer> {
    const asset = await this.em.findOne(MediaAsset, { hash, visibility: 'public' }, { populate: ['data'] });
    if (!asset) throw new ApiError(404, MSG.notFound('Image'));
    return asset.data;
  }

  /**
   * A private file of `ownerId` (payout proof, purchase evidence) from a data: image: checked and re-encoded
   * exactly like public images (EXIF, GPS and every other metadata block dropped), stored under a random name
   * (never shared with another upload of the same bytes) and returned as its /_api/files URL.
   */
  async storePrivate(dataUrl: string, ownerId: number, field: string): Promise<string> {
    if (!/^data:/i.test(dataUrl)) throw rejected(MSG.uploadInvalidType, field);
    const parsed = parseDataUrl(dataUrl);
    if (!parsed) throw rejected(MSG.uploadReadFailed, field);
    let image;
    try {
      image = await processImage(parsed.bytes, 'default');
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejected(error.message, field);
      throw error;
    }
    const name = randomBytes(32).toString('hex');
    await this.em.createQueryBuilder(MediaAsset).insert({
      hash: name, mimeType: 'image/webp', width: image.width, height: image.height, data: image.data,
      byteSize: image.data.length, visibility: 'private', ownerId,
    }).execute();
    return privateFileUrl(name);
  }

  /**
   * Several private files for one record (a report's proof, a claim's evidence), all or none: when one is refused or
   * cannot be stored (a bad image, a full disk), the ones stored before it are removed, so a failed upload leaves
   * nothing behind (issue #35). The caller removes them too (removePrivate) if its record then fails to save.
   */
  async storePrivateAll(dataUrls: string[], ownerId: number, field: string): Promise<string[]> {
    const urls: string[] = [];
    try {
      for (const [i, dataUrl] of dataUrls.entries()) urls.push(await this.storePrivate(dataUrl, ownerId, `${field}.${i}`));
      return urls;
    } catch (error) {
      await this.removePrivate(urls);
      throw error;
    }
  }

  /**
   * Removes private files by their URLs. Best effort: it runs while another failure is being answered, which must not
   * be replaced by this one (a database that is gone); what is left has no record pointing at it and is never served.
   */
  async removePrivate(urls: string[]): Promise<void> {
    const names = urls.map((u) => u.replace(/^\/_api\/files\/|\.webp$/g, ''));
    if (!names.length) return;
    try {
      await this.em.getConnection().execute(`delete from media_assets where visibility = 'private' and hash = any(?::text[])`, [pgArray(names)]);
    } catch {
      // See above: the original failure is the answer.
    }
  }

  /** A private file's bytes for its owner or an admin; anyone else gets the same 404 as for no such file. */
  async readPrivate(name: string, viewer: PublicUser): Promise<Buffer> {
    const asset = await this.em.findOne(MediaAsset, { hash: name, visibility: 'private' }, { populate: ['data'] });
    if (!asset || (asset.ownerId !== viewer.id && viewer.role !== 'admin')) throw new ApiError(404, MSG.notFound('File'));
    return asset.data;
  }

  private async storeDataUrl(value: string, kind: ImageKind, field: string | undefined): Promise<MediaUploadResponse> {
    if (!/^data:/i.test(value)) throw rejected(MSG.uploadInvalidType, field);
    const parsed = parseDataUrl(value);
    if (!parsed) throw rejected(MSG.uploadReadFailed, field);
    return this.store(parsed.bytes, kind, field);
  }

  private async store(bytes: Buffer, kind: ImageKind, field: string | undefined): Promise<MediaUploadResponse> {
    try {
      const image = await processImage(bytes, kind);
      return { url: await storeImage(this.em, image), width: image.width, height: image.height };
    } catch (error) {
      if (error instanceof ImageRejectedError) throw rejected(error.message, field);
      throw error;
    }
  }
}

function rejected(message: string, field: string | undefined): ApiError {
  return new ApiError(400, message, field ? { [field]: message } : undefined);
}
