import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, connectionsNeeded, deriveKey, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'vtf-config-'));

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, isProduction: false, publicSiteUrl: 'http://localhost:3000', seedDemoContent: true });
    // A development secret is made once and kept, so sessions survive restarts.
    expect(c.sessionSecret).toBe(readFileSync(join(dir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(c.sessionSecret);
  });

  it('derives the public URL from PORT and strips a trailing slash from PUBLIC_SITE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).publicSiteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_SITE_URL: 'https://example.com/' }).publicSiteUrl).toBe('https://example.com');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ PUBLIC_SITE_URL: 'example.com' }, /PUBLIC_SITE_URL must be an http\(s\) URL/],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long-enough' }, /ADMIN_EMAIL must be an email address/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD must be at least 8 characters/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 16 characters/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET is required when NODE_ENV=production/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, /SMTP_URL is required when NODE_ENV=production \(or set MAIL_OUTBOX=1/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'not an address' }, /MAIL_FROM must be an address/],
    [{ ROLE: 'cron' }, /ROLE/],
    [{ ROLE: 'WEB' }, /ROLE/],
    [{ DATABASE_POOL_SIZE: '1' }, /DATABASE_POOL_SIZE/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('in production uses the given secret and does not seed demo content unless asked', () => {
    const env = { DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), MAIL_OUTBOX: '1' };
    expect(loadConfig(env)).toMatchObject({ isProduction: true, sessionSecret: 'x'.repeat(32), seedDemoContent: false });
    expect(loadConfig({ ...env, SEED_DEMO_CONTENT: 'true' }).seedDemoContent).toBe(true);
  });

  it('keeps API docs out of production unless API_DOCS=true, and reads the shutdown grace period', () => {
    const prod = { DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), MAIL_OUTBOX: '1' };
    expect(loadConfig(prod)).toMatchObject({ apiDocs: false, shutdownGraceMs: 10_000 });
    expect(loadConfig({ ...prod, API_DOCS: 'true', SHUTDOWN_GRACE_MS: '2500' })).toMatchObject({ apiDocs: true, shutdownGraceMs: 2500 });
    expect(loadConfig({ DATA_DIR: dataDir() }).apiDocs).toBe(true);
    expect(() => loadConfig({ ...prod, SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('mail: SMTP_URL and MAIL_FROM as given; without SMTP_URL the outbox in DATA_DIR; production with MAIL_OUTBOX=1 starts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ smtpUrl: undefined, outboxDir: join(dir, 'outbox'), mailFrom: 'Verified Trader Funding <newsletter@localhost.localdomain>' });
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'News <news@example.com>' }))
      .toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', mailFrom: 'News <news@example.com>' });
    const prod = { DATA_DIR: dir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...prod, MAIL_OUTBOX: '1' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...prod, SMTP_URL: 'smtp://mail:1025' }).smtpUrl).toBe('smtp://mail:1025');
  });

  it('derives the unsubscribe key from its own secret, apart from the session secret', () => {
    const env = { DATA_DIR: dataDir(), SESSION_SECRET: 's'.repeat(32) };
    const key = loadConfig(env).unsubscribeKey;
    expect(key).toEqual(deriveKey('s'.repeat(32), 'newsletter-unsubscribe'));
    expect(key.equals(Buffer.from('s'.repeat(32)))).toBe(false);
    // Rotating SESSION_SECRET while keeping the old one as UNSUBSCRIBE_SECRET keeps sent links valid.
    expect(loadConfig({ ...env, SESSION_SECRET: 'n'.repeat(32), UNSUBSCRIBE_SECRET: 's'.repeat(32) }).unsubscribeKey).toEqual(key);
  });

  it('derives independent 32-byte keys per purpose (HKDF)', () => {
    const a = deriveKey('secret-of-some-length', 'a');
    expect(a).toHaveLength(32);
    expect(deriveKey('secret-of-some-length', 'a')).toEqual(a);
    expect(deriveKey('secret-of-some-length', 'b')).not.toEqual(a);
    expect(deriveKey('another-secret-of-length', 'a')).not.toEqual(a);
  });

  it('ROLE: all by default (web and jobs); web serves and only enqueues; worker runs the jobs and serves no site', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ role: 'all', servesWeb: true, runsJobs: true });
    expect(loadConfig({ DATA_DIR: dataDir(), ROLE: '' })).toMatchObject({ role: 'all' });
    expect(loadConfig({ DATA_DIR: dataDir(), ROLE: 'web' })).toMatchObject({ role: 'web', servesWeb: true, runsJobs: false });
    expect(loadConfig({ DATA_DIR: dataDir(), ROLE: 'worker' })).toMatchObject({ role: 'worker', servesWeb: false, runsJobs: true });
  });

  it('sets every pool of a copy in one place: a web copy opens no mail pool and a smaller pg-boss one', () => {
    const web = loadConfig({ DATA_DIR: dataDir(), ROLE: 'web' }).connections;
    const worker = loadConfig({ DATA_DIR: dataDir(), ROLE: 'worker', DATABASE_POOL_SIZE: '6' }).connections;
    expect(web).toEqual({ orm: 10, sessions: 5, listen: 1, jobs: 2, mail: 0 });
    expect(worker).toEqual({ orm: 6, sessions: 1, listen: 1, jobs: 4, mail: 3 });
    // docs/operations.md's figures: three web copies and one worker; one `npm start`.
    expect(connectionsNeeded({ web: 3, worker: 1, all: 0 }, 10)).toBe(3 * 18 + 19);
    expect(connectionsNeeded({ web: 0, worker: 0, all: 1 }, 10)).toBe(37);
  });
});
