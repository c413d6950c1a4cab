import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { EMAIL_LINK_LIMITS, EMAIL_LINK_MINUTES, EMAIL_LINK_PATH, EMAIL_SIGN_IN_TEXT } from '../../../common/email-sign-in.js';
import { LOGIN_DEFAULT_NEXT, loginReturnPath } from '../../../common/login-path.js';
import { escapeHtml } from '../../../common/seo/page-head.js';
import { SITE_NAME } from '../../../common/constants.js';
import { USERS_TEXT } from '../../../common/invitations.js';
import { signToken, verifyToken } from '../common/signed-token.js';
import { APP_CONFIG, signingKey, type AppConfig } from '../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { User } from '../users/user.entity.js';
import { normaliseEmail } from '../users/users.service.js';

const PURPOSE = 'trader-sign-in';

export type LinkOutcome = { ok: true; user: User; next: string | null } | { ok: false; message: string };
export type LinkPreview = { ok: true; email: string } | { ok: false; message: string };

/** The token's subject: `nonce:email`, or `nonce.base64url(next):email` when the link returns to a page. */
const MAX_SUBJECT = 254;
export function linkSubject(nonce: string, email: string, next: string | null): string {
  const plain = `${nonce}:${email}`;
  if (!next) return plain;
  const withNext = `${nonce}.${Buffer.from(next).toString('base64url')}:${email}`;
  // An address and a path too long for one token: the link still signs in, and lands on /account.
  return withNext.length <= MAX_SUBJECT ? withNext : plain;
}

/**
 * Sign-in by an emailed link: the token (common/signed-token) signs a random nonce and the address, with a
 * 15-minute expiry; single use is an atomic claim of the nonce in rate_limits (kept until the link expires).
 * Nothing tells a caller whether an address has an account.
 */
@Injectable()
export class EmailLinkService {
  private readonly key: Buffer;

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = signingKey(config, PURPOSE);
  }

  /**
   * Mails a link, unless this address already asked EMAIL_LINK_LIMITS.perAddress times this hour (then silently not).
   * `next` (a same-site path, e.g. the page where a Follow was pressed) is signed into the token: the link lands there.
   */
  async send(rawEmail: string, rawNext: unknown = undefined, now = new Date()): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const { hits } = await this.limits.hit(`email-link:address:${email}`, EMAIL_LINK_LIMITS.windowSeconds);
    if (hits > EMAIL_LINK_LIMITS.perAddress) return;
    const nonce = randomBytes(12).toString('base64url');
    const next = loginReturnPath(rawNext);
    const subject = linkSubject(nonce, email, next === LOGIN_DEFAULT_NEXT ? null : next);
    const token = signToken(this.key, PURPOSE, subject, new Date(now.getTime() + EMAIL_LINK_MINUTES * 60_000));
    const url = `${this.config.publicSiteUrl}${EMAIL_LINK_PATH}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue({
      to: email,
      subject: EMAIL_SIGN_IN_TEXT.subject,
      text: `Sign in to ${SITE_NAME}:\n\n${url}\n\nThe link works once, for ${EMAIL_LINK_MINUTES} minutes. If you did not ask for it, ignore this email.`,
      html: `<p>Sign in to ${escapeHtml(SITE_NAME)}:</p><p><a href="${escapeHtml(url)}">Sign in</a></p>` +
        `<p>The link works once, for ${EMAIL_LINK_MINUTES} minutes. If you did not ask for it, ignore this email.</p>`,
    });
  }

  /**
   * What the link would do, changing nothing (issue #35): a mail scanner or a link preview that opens it must not
   * use it up, so opening only shows who is signing in; `redeem` (the page's POST) is what uses it.
   */
  async preview(token: unknown, now = new Date()): Promise<LinkPreview> {
    const parsed = this.parse(token, now);
    if (!parsed.ok) return parsed;
    const used = await this.limits.isClaimed(`email-link:used:${parsed.nonce}`);
    if (used) return { ok: false, message: EMAIL_SIGN_IN_TEXT.linkUsed };
    const [inactive] = await this.em.getConnection().execute<Array<{ id: number }>>(
      'select id from users where email = ? and not active', [parsed.email],
    );
    if (inactive) return { ok: false, message: USERS_TEXT.accountInactive };
    return { ok: true, email: parsed.email };
  }

  /** The link's account (made on first use, role `user`, no password), or why the link does not work. */
  async redeem(token: unknown, now = new Date()): Promise<LinkOutcome> {
    const parsed = this.parse(token, now);
    if (!parsed.ok) return parsed;
    const { nonce, email, next, expiresAt } = parsed;
    const claimed = await this.limits.claimOnce(`email-link:used:${nonce}`, expiresAt);
    if (!claimed) return { ok: false, message: EMAIL_SIGN_IN_TEXT.linkUsed };
    const em = this.em.fork();
    await em.getConnection().execute(
      `insert into users (display_name, email, role) values (?, ?, 'user') on conflict (email) do nothing`,
      [email.split('@')[0]!.slice(0, 120), email],
    );
    const user = (await em.findOne(User, { email }))!;
    // A deactivated account (or one invited that has not accepted) does not come in by a link either.
    if (!user.active) return { ok: false, message: USERS_TEXT.accountInactive };
    await em.getConnection().execute('update users set last_sign_in_at = now() where id = ?', [user.id]);
    return { ok: true, user, next: next === LOGIN_DEFAULT_NEXT ? null : next };
  }

  private parse(token: unknown, now: Date):
    | { ok: true; nonce: string; email: string; next: string | null; expiresAt: Date | null }
    | { ok: false; message: string } {
    const check = verifyToken([this.key], PURPOSE, token, now);
    if (!check.ok) return { ok: false, message: check.reason === 'expired' ? EMAIL_SIGN_IN_TEXT.linkExpired : EMAIL_SIGN_IN_TEXT.linkInvalid };
    const [head, email] = splitOnce(check.subject, ':');
    const [nonce, encodedNext] = splitOnce(head, '.');
    if (!nonce || !email) return { ok: false, message: EMAIL_SIGN_IN_TEXT.linkInvalid };
    // Signed by us, and checked again all the same: only a same-site path.
    const next = encodedNext ? loginReturnPath(Buffer.from(encodedNext, 'base64url').toString('utf8')) : null;
    return { ok: true, nonce, email, next, expiresAt: check.expiresAt };
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}
