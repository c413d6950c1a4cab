import { Entity, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/** A processed image, stored by the hash of its bytes so the same picture is kept once. */
@Entity({ tableName: 'media_assets' })
export class MediaAsset {
  /** sha256 of the webp bytes, hex. */
  @PrimaryKey({ type: 'string', length: 64 })
  hash!: string;

  @Property({ type: 'string', length: 50 })
  mimeType!: string;

  @Property({ type: 'integer' })
  width!: number;

  @Property({ type: 'integer' })
  height!: number;

  @Property({ type: 'blob', lazy: true })
  data!: Buffer;

  @Property({ type: 'integer' })
  byteSize!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
