import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { UserRole } from '../../../common/enums.js';
import { USERS_TEXT, removesLastAdmin, userStatus, type AdminUserDto } from '../../../common/invitations.js';
import { MSG } from '../../../common/messages.js';
import { EditConflicts } from '../audit/edit-conflicts.js';
import { ApiError } from '../common/api-error.js';
import { booleanFilter, sortDirection } from '../common/list-filter.js';
import { pgArray } from '../common/pg-array.js';
import { idsFilter, searchPattern, type ListParams, type ListResult } from '../common/rest-list.js';
import { User } from './user.entity.js';

export const USER_SORTABLE = ['id', 'email', 'role', 'active', 'lastSignInAt', 'createdAt'] as const;
export const USER_FILTERS = ['q', 'role', 'active', 'id'] as const;

/**
 * Held (transaction-scoped) by every change of a user's role or standing: two demotions of the last two admins
 * then run one after the other, and the second sees the first's result (a plain count would let both pass).
 */
const ADMINS_LOCK = 20_201;

export interface UserChange {
  role?: UserRole;
  active?: boolean;
  version?: number;
}

interface InvitationState {
  invitedAt: Date | null;
  pending: boolean;
}

/** The Users screen's rules (issue #20): list, read, change a role, (de)activate, never lose the last admin. */
@Injectable()
export class UsersAdminService {
  constructor(private readonly em: EntityManager, private readonly conflicts: EditConflicts) {}

  async list(params: ListParams<(typeof USER_SORTABLE)[number]>): Promise<ListResult<AdminUserDto>> {
    const f = params.filter;
    const where: FilterQuery<User> = {};
    const ids = idsFilter(f);
    if (ids) where.id = { $in: ids };
    const q = searchPattern(f);
    if (q) where.$or = [{ email: { $ilike: q } }, { displayName: { $ilike: q } }];
    if (f.role !== undefined && f.role !== '') {
      if (!['admin', 'editor', 'user'].includes(f.role as string)) throw new ApiError(400, MSG.invalidListParam('filter'), { 'filter.role': USERS_TEXT.userRoleInvalid });
      where.role = f.role as UserRole;
    }
    const active = booleanFilter(f, 'active');
    if (active !== undefined) where.active = active;
    const sort = params.sort ?? { field: 'createdAt', order: 'DESC' };
    const [users, total] = await this.em.findAndCount(User, where, {
      orderBy: [{ [sort.field]: sortDirection(sort.order, sort.field === 'lastSignInAt') }, { id: sort.order === 'ASC' ? 'asc' : 'desc' }],
      limit: params.page?.limit ?? 1000,
      offset: params.page?.offset,
    });
    const invitations = await this.invitationStates(users.map((u) => u.id));
    return { items: users.map((u) => toAdminUserDto(u, invitations.get(u.id))), total };
  }

  async get(id: number): Promise<AdminUserDto> {
    const user = await this.em.findOne(User, { id });
    if (!user) throw new ApiError(404, MSG.notFound('User'));
    return toAdminUserDto(user, (await this.invitationStates([id])).get(id));
  }

  /**
   * A role change or (de)activation, checked against the version the admin's form loaded. Under ADMINS_LOCK the
   * count of other active admins is read after any concurrent change committed: the last active admin can neither
   * be demoted nor deactivated (409). A deactivation deletes the user's sessions in the same transaction, so their
   * open tabs are signed out at once (and SessionSerializer refuses an inactive user on every request anyway).
   */
  async update(id: number, change: UserChange): Promise<AdminUserDto> {
    const user = await this.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?)', [ADMINS_LOCK]);
      const found = await em.findOne(User, { id });
      if (!found) throw new ApiError(404, MSG.notFound('User'));
      await this.conflicts.assertCurrent('users', found, change.version);
      const after = { role: change.role ?? found.role, active: change.active ?? found.active };
      if (found.role === 'admin' && found.active) {
        const others = await em.count(User, { role: 'admin', active: true, id: { $ne: id } });
        if (removesLastAdmin(found, after, others)) throw new ApiError(409, USERS_TEXT.lastAdmin, { [change.active === false ? 'active' : 'role']: USERS_TEXT.lastAdmin });
      }
      const deactivated = found.active && !after.active;
      found.role = after.role;
      found.active = after.active;
      await em.flush();
      if (deactivated) await endSessions(em, id);
      // Deactivating someone who has not accepted yet withdraws the invitation too.
      if (!after.active) await em.execute('update user_invitations set revoked_at = now() where user_id = ? and accepted_at is null and revoked_at is null', [id]);
      return found;
    });
    return toAdminUserDto(user, (await this.invitationStates([id])).get(id));
  }

  /** Per user, the newest invitation: when it was sent and whether it still waits to be accepted. */
  private async invitationStates(userIds: number[]): Promise<Map<number, InvitationState>> {
    if (!userIds.length) return new Map();
    const rows = await this.em.getConnection().execute<Array<{ user_id: number; created_at: Date; pending: boolean }>>(
      `select distinct on (user_id) user_id, created_at, (accepted_at is null and revoked_at is null) as pending
       from user_invitations where user_id = any(?::int[]) order by user_id, created_at desc, id desc`,
      [pgArray(userIds)],
    );
    return new Map(rows.map((r) => [r.user_id, { invitedAt: new Date(r.created_at), pending: r.pending }]));
  }
}

/** Every stored session of this user (passport keeps the id in `sess.passport.user`; indexed by the migration). */
export async function endSessions(em: EntityManager, userId: number): Promise<void> {
  await em.execute(`delete from user_sessions where (sess -> 'passport') ->> 'user' = ?`, [String(userId)]);
}

export function toAdminUserDto(user: User, invitation?: InvitationState): AdminUserDto {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    active: user.active,
    status: userStatus({ active: user.active, invitationPending: !!invitation?.pending }),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    invitedAt: invitation?.invitedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    version: user.version,
  };
}
