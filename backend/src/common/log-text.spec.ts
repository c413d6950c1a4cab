import { LOG_TEXT_MAX, LOG_TOKEN_MAX, truncateForLog } from './log-text.js';

describe('truncateForLog', () => {
  it('keeps ordinary messages as they are', () => {
    const message = 'insert into "companies" ("name") values (\'Acme\') - duplicate key value violates unique constraint';
    expect(truncateForLog(message)).toBe(message);
  });

  it('cuts a parameter of 1.7 MB (an image as hex) to its start and its length', () => {
    const hex = `'\\x${'89504e47'.repeat(210_000)}'`;
    const out = truncateForLog(`insert into "media_assets" ("data") values (${hex}) - could not extend file: No space left on device`);
    expect(out.length).toBeLessThan(400);
    expect(out).toContain(`…[${hex.length} characters]`);
    expect(out).toMatch(/No space left on device$/);
  });

  it('keeps a token of exactly the limit, and caps a long text of short words', () => {
    const token = 'x'.repeat(LOG_TOKEN_MAX);
    expect(truncateForLog(token)).toBe(token);
    const long = 'word '.repeat(5_000);
    const out = truncateForLog(long);
    expect(out.length).toBeLessThan(LOG_TEXT_MAX + 40);
    expect(out).toMatch(/…\[\d+ more characters\]$/);
  });
});
