import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { UserRole } from '../../../common/enums.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE, type DatabaseConnection } from '../db/connection.js';
import { withStartupLock } from '../db/startup-lock.js';
import { User } from './user.entity.js';

export interface NewUser {
  email: string;
  password: string;
  displayName?: string;
  role?: UserRole;
}

const DEV_ADMIN_EMAIL = 'admin@example.com';

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: DatabaseConnection,
  ) {}

  /** Runs before the ORM's request context exists (session middleware), hence its own fork. */
  findFreshById(id: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email: normaliseEmail(email) }, { populate: ['passwordHash'] });
  }

  /** Returns the user when the password matches; spends the same time when the user does not exist. */
  async verifyCredentials(email: string, password: string): Promise<User | null> {
    const user = await this.findByEmail(email);
    const hash = user?.passwordHash ?? (await dummyHash());
    const ok = await argon2.verify(hash, password).catch(() => false);
    // An account without a password (email-link sign-in only) never matches one.
    return user?.passwordHash && ok ? user : null;
  }

  /** A successful sign-in: a raw UPDATE, so it neither raises the record's version nor reads as an admin edit. */
  async recordSignIn(id: number): Promise<void> {
    await this.em.getConnection().execute('update users set last_sign_in_at = now() where id = ?', [id]);
  }

  /** Creates the user, or when the email exists gives it this password (and role). */
  async upsert(input: NewUser): Promise<{ user: User; created: boolean }> {
    const em = this.em.fork();
    const email = normaliseEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const existing = await em.findOne(User, { email });
    if (existing) {
      existing.passwordHash = passwordHash;
      if (input.role) existing.role = input.role;
      // The operator's own command (ADMIN_EMAIL at start, admin:create) restores a deactivated account.
      existing.active = true;
      await em.flush();
      return { user: existing, created: false };
    }
    const user = em.create(User, {
      email,
      passwordHash,
      displayName: input.displayName ?? email.split('@')[0],
      role: input.role ?? 'user',
      avatarUrl: null,
    });
    await em.flush();
    return { user, created: true };
  }

  /** The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or in development one with a random password. */
  async onApplicationBootstrap(): Promise<void> {
    // Copies started together (issue #32): one makes the admin, the others find it.
    await withStartupLock(this.db.url, () => this.logger.log('Another copy holds the start-up lock: waiting to check the first admin'), () => this.firstAdmin());
  }

  private async firstAdmin(): Promise<void> {
    const { adminEmail, adminPassword, isProduction } = this.config;
    if (adminEmail && adminPassword) {
      const { created } = await this.upsert({ email: adminEmail, password: adminPassword, role: 'admin', displayName: 'Site Admin' });
      this.logger.log(`${created ? 'Created' : 'Updated'} the admin ${adminEmail} from ADMIN_EMAIL/ADMIN_PASSWORD`);
      return;
    }
    const admins = await this.em.fork().count(User, { role: 'admin' });
    if (admins > 0) return;
    if (isProduction) {
      this.logger.warn('No admin exists. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run: npm run admin:create -- <email>');
      return;
    }
    const password = randomBytes(12).toString('base64url');
    await this.upsert({ email: DEV_ADMIN_EMAIL, password, role: 'admin', displayName: 'Site Admin' });
    // Printed once: the password is stored only as a hash.
    this.logger.warn(`Created the admin ${DEV_ADMIN_EMAIL} with password ${password} (shown once; sign in at /login)`);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
