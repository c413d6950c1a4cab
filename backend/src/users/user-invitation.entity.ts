import { Entity, Index, PrimaryKey, Property, type Opt } from '@mikro-orm/core';

/**
 * One invitation mail (issue #20). The link signs `<id>:<nonce>` (common/signed-token); accepting claims the row
 * with one conditional UPDATE (`accepted_at is null …`), so a link works once even when two tabs race. Written and
 * read by InvitationsService in SQL; mapped so the migrations own the table.
 */
@Entity({ tableName: 'user_invitations' })
export class UserInvitation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 32 })
  nonce!: string;

  @Property({ type: 'integer', nullable: true })
  invitedById: number | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  acceptedAt: Date | null = null;

  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  revokedAt: Date | null = null;
}
