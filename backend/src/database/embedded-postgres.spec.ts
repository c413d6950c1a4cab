import { sharedBuffersMb } from './embedded-postgres.js';

const GB = 1024 ** 3;

describe('the embedded PostgreSQL buffer cache', () => {
  it('is a quarter of the machine between 128 MB and 1 GB', () => {
    expect(sharedBuffersMb(2 * GB)).toBe(512);
    expect(sharedBuffersMb(3 * GB)).toBe(768);
  });

  it('never goes below PostgreSQL\'s own 128 MB on a small machine', () => {
    expect(sharedBuffersMb(0.25 * GB)).toBe(128);
  });

  it('leaves a large machine to the site: 1 GB at most', () => {
    expect(sharedBuffersMb(24 * GB)).toBe(1024);
  });
});
