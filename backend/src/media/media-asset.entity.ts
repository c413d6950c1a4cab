import { Entity, Enum, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

export const MEDIA_VISIBILITIES = ['public', 'private'] as const;
export type MediaVisibility = (typeof MEDIA_VISIBILITIES)[number];

/**
 * A processed image. Public: stored by the hash of its bytes so the same picture is kept once, served to anyone
 * forever. Private: keyed by a random name, owned by one account, served only to its owner and admins.
 */
@Entity({ tableName: 'media_assets' })
export class MediaAsset {
  /** Public: sha256 of the webp bytes, hex. Private: 64 random hex digits. */
  @PrimaryKey({ type: 'string', length: 64 })
  hash!: string;

  @Property({ type: 'string', length: 50 })
  mimeType!: string;

  @Property({ type: 'integer' })
  width!: number;

  @Property({ type: 'integer' })
  height!: number;

  /** The colour the picture's box shows before it arrives (image-background.ts); null for pictures stored before. */
  @Property({ type: 'string', length: 7, nullable: true })
  background: string | null = null;

  @Property({ type: 'blob', lazy: true })
  data!: Buffer;

  @Property({ type: 'integer' })
  byteSize!: number;

  @Enum({ items: [...MEDIA_VISIBILITIES], default: 'public' })
  visibility: MediaVisibility & Opt = 'public';

  /** The account a private file belongs to (removed with it); null for public images. */
  @Property({ type: 'integer', nullable: true })
  ownerId: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
