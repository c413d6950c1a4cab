import { Entity, Enum, Property, Unique, type Opt } from '@mikro-orm/core';
import { USER_ROLES, type UserRole } from '../../../common/enums.js';
import type { PublicUser } from '../../../common/api-types.js';
import { BaseEntity } from '../db/base.entity.js';

@Entity({ tableName: 'users' })
export class User extends BaseEntity {
  @Property({ type: 'string', length: 120 })
  displayName!: string;

  /** Stored trimmed and lower-cased, so uniqueness is case-insensitive. */
  @Unique()
  @Property({ type: 'string', length: 254 })
  email!: string;

  @Enum({ items: [...USER_ROLES], default: 'user' })
  role: UserRole & Opt = 'user';

  @Property({ type: 'text', nullable: true })
  avatarUrl: string | null = null;

  /** argon2id hash; hidden so it is never serialised. Null for accounts that only sign in by an emailed link. */
  @Property({ type: 'string', nullable: true, hidden: true, lazy: true })
  passwordHash: string | null = null;

  /**
   * False: a deactivated account, or one invited that has not accepted yet. It cannot sign in, and a session it
   * still holds is refused on its next request (SessionSerializer).
   */
  @Property({ type: 'boolean', default: true })
  active: boolean & Opt = true;

  /** Kept by a raw UPDATE (UsersService.recordSignIn): a sign-in is not an edit, so it neither raises `version` nor is audited as one. */
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  lastSignInAt: Date | null = null;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    avatarUrl: user.avatarUrl,
  };
}
