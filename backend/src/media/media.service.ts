import { Injectable } from '@nestjs/common';
import type { IMAGE_BOX } from '../../../common/constants.js';

export type ImageKind = keyof typeof IMAGE_BOX;

/**
 * Image fields (company logo, discount media, post featured image) go through
 * resolveImage before they are stored: a data: image becomes /media/<hash>.webp.
 * INTERIM: passes values through unchanged until the Media module of issue #3 lands.
 */
@Injectable()
export class MediaService {
  async resolveImage<T extends string | null | undefined>(value: T, _kind: ImageKind): Promise<T | string> {
    return value;
  }
}
