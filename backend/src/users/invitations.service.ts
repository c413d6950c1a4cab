import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { SITE_NAME } from '../../../common/constants.js';
import {
  ACCEPT_INVITE_PATH, INVITATION_HOURS, INVITATION_REFUSALS, USERS_TEXT, type AdminUserDto, type InvitableRole, type InvitationPreviewDto, type InvitationRefusal,
} from '../../../common/invitations.js';
import type { PublicUser } from '../../../common/api-types.js';
import { EMAIL_LINK_LIMITS } from '../../../common/email-sign-in.js';
import { TooManyRequestsError } from '../common/too-many-requests.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { noteChanges } from '../audit/admin-write-context.js';
import { AuditService } from '../audit/audit.service.js';
import { ApiError } from '../common/api-error.js';
import { signToken, verifyToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { loadMailTemplates } from '../mail/mail-templates.js';
import { User } from './user.entity.js';
import { UsersAdminService } from './users-admin.service.js';
import { hashPassword, normaliseEmail } from './users.service.js';

const PURPOSE = 'user-invitation';

/**
 * Invitations by email (issue #20). The link signs `<invitation id>:<nonce>` with a key of its own and the 72-hour
 * expiry inside the signed part (common/signed-token); the row keeps the same expiry, and accepting claims it with
 * one conditional UPDATE, so a link works once, for 72 hours, even when two tabs race.
 */
@Injectable()
export class InvitationsService {
  private readonly key: Buffer;

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly users: UsersAdminService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = signingKey(config, PURPOSE);
  }

  /**
   * Creates the account (inactive, no password) or, for an inactive one (invited before, or deactivated), gives it
   * the role; an older unaccepted invitation stops working. An active account is a 409: its role is changed on the
   * Users screen instead. The mail is stored (as a job) before the 201.
   */
  async invite(rawEmail: string, role: InvitableRole, by: PublicUser | null): Promise<AdminUserDto> {
    const email = normaliseEmail(rawEmail);
    // Each invitation mails the address: an admin re-inviting it is held to the cap every mail to one address has
    // (EMAIL_LINK_LIMITS.perAddress an hour), so no one can be flooded through this screen (issue #35).
    const { hits, resetAt } = await this.limits.hit(`invite:address:${email}`, EMAIL_LINK_LIMITS.windowSeconds);
    if (hits > EMAIL_LINK_LIMITS.perAddress) throw TooManyRequestsError.until(resetAt, USERS_TEXT.tooManyInvites);
    const { userId, token, before } = await this.em.transactional(async (em) => {
      const [inserted] = await em.execute<Array<{ id: number }>>(
        `insert into users (display_name, email, role, active, password_hash) values (?, ?, ?, false, null)
         on conflict (email) do nothing returning id`,
        [email.split('@')[0]!.slice(0, 120), email, role],
      );
      let before: { role: string | null; active: boolean | null } = { role: null, active: null };
      let userId = inserted?.id;
      if (!userId) {
        const [existing] = await em.execute<Array<{ id: number; role: string; active: boolean }>>(
          'select id, role, active from users where email = ? for update', [email],
        );
        if (existing!.active) throw new ApiError(409, USERS_TEXT.alreadyActive(email), { email: USERS_TEXT.alreadyActive(email) });
        before = { role: existing!.role, active: existing!.active };
        userId = existing!.id;
        await em.execute('update users set role = ?, updated_at = now(), version = version + 1 where id = ?', [role, userId]);
        await em.execute('update user_invitations set revoked_at = now() where user_id = ? and accepted_at is null and revoked_at is null', [userId]);
      }
      const nonce = randomBytes(12).toString('base64url');
      const [invitation] = await em.execute<Array<{ id: number; expires_at: Date }>>(
        `insert into user_invitations (user_id, nonce, invited_by_id, expires_at) values (?, ?, ?, now() + make_interval(hours => ?))
         returning id, expires_at`,
        [userId, nonce, by?.id ?? null, INVITATION_HOURS],
      );
      const token = signToken(this.key, PURPOSE, `${invitation!.id}:${nonce}`, new Date(invitation!.expires_at));
      return { userId, token, before };
    });
    // The audit entry of this write (AuditInterceptor logs it as `invite`): before → after.
    noteChanges('User', userId, { email: [before.role === null ? null : email, email], role: [before.role, role], status: [before.active === null ? null : 'inactive', 'invited'] });
    const url = `${this.config.publicSiteUrl}${ACCEPT_INVITE_PATH}?token=${encodeURIComponent(token)}`;
    const { invitationMail } = await loadMailTemplates();
    const body = await invitationMail({ siteUrl: this.config.publicSiteUrl, acceptUrl: url, role, invitedBy: by?.displayName ?? by?.email ?? null });
    await this.mail.enqueue({ to: email, subject: USERS_TEXT.inviteSubject(SITE_NAME), ...body });
    return this.users.get(userId);
  }

  /**
   * Sets the password of the invitation's account, makes it active and answers it (the caller signs it in).
   * An altered link is 400; an expired, used or replaced one 410; nothing changes in either case.
   */
  /**
   * Who a link is for, without using it (issue #35: mail scanners open links first): the same refusals as `accept`,
   * so the page says at once that a spent or replaced link does not work.
   */
  async preview(token: unknown): Promise<InvitationPreviewDto> {
    const { invitationId, nonce } = this.readToken(token);
    const [row] = await this.em.getConnection().execute<Array<{ email: string; role: InvitableRole }>>(
      `select u.email, u.role from user_invitations i join users u on u.id = i.user_id
       where i.id = ? and i.nonce = ? and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()`,
      [invitationId, nonce],
    );
    if (!row) throw refusal(await this.whyNot(this.em.fork(), invitationId, nonce));
    return { email: row.email, role: row.role };
  }

  async accept(token: unknown, password: string): Promise<User> {
    const { invitationId, nonce } = this.readToken(token);
    const passwordHash = await hashPassword(password);
    const userId = await this.em.transactional(async (em) => {
      const [claimed] = await em.execute<Array<{ user_id: number }>>(
        `update user_invitations set accepted_at = now()
         where id = ? and nonce = ? and accepted_at is null and revoked_at is null and expires_at > now() returning user_id`,
        [invitationId, nonce],
      );
      if (!claimed) throw refusal(await this.whyNot(em, invitationId, nonce));
      await em.execute(
        'update users set password_hash = ?, active = true, last_sign_in_at = now(), updated_at = now(), version = version + 1 where id = ?',
        [passwordHash, claimed.user_id],
      );
      return claimed.user_id;
    });
    const user = (await this.em.fork().findOne(User, { id: userId }))!;
    await this.audit.append({ actor: { id: user.id, email: user.email }, action: 'invitation-accepted', resource: 'users', resourceId: user.id, changes: { status: ['invited', 'active'] } });
    return user;
  }

  /** The invitation a link names, or the refusal of a link we did not sign (or that expired). */
  private readToken(token: unknown): { invitationId: number; nonce: string } {
    const check = verifyToken([this.key], PURPOSE, token);
    if (!check.ok) throw refusal(check.reason);
    const [idText, nonce] = check.subject.split(':');
    const invitationId = Number(idText);
    if (!Number.isSafeInteger(invitationId) || invitationId < 1 || invitationId > 2_147_483_647 || !nonce) throw refusal('invalid');
    return { invitationId, nonce };
  }

  private async whyNot(em: EntityManager, id: number, nonce: string): Promise<InvitationRefusal> {
    const [row] = await em.execute<Array<{ accepted: boolean; revoked: boolean; expired: boolean }>>(
      `select accepted_at is not null as accepted, revoked_at is not null as revoked, expires_at <= now() as expired
       from user_invitations where id = ? and nonce = ?`,
      [id, nonce],
    );
    if (!row) return 'invalid';
    if (row.accepted) return 'used';
    if (row.revoked) return 'replaced';
    return 'expired';
  }
}

function refusal(reason: InvitationRefusal): ApiError {
  const { status, message } = INVITATION_REFUSALS[reason];
  return new ApiError(status, message, { token: message });
}
