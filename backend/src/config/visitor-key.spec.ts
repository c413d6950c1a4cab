import { loadConfig } from './config.js';

describe('config: the visitor hash key', () => {
  const env = (secret: string) => ({ NODE_ENV: 'production' as const, SESSION_SECRET: secret, MAIL_OUTBOX: '1' as const });

  it('is 32 bytes derived from the session secret: stable for one secret, different for another, never the secret itself', () => {
    const a = loadConfig(env('a'.repeat(32))).visitorKey;
    expect(a).toHaveLength(32);
    expect(loadConfig(env('a'.repeat(32))).visitorKey.equals(a)).toBe(true);
    expect(loadConfig(env('b'.repeat(32))).visitorKey.equals(a)).toBe(false);
    expect(a.toString('utf8')).not.toContain('a'.repeat(16));
  });
});
