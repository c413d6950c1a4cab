import { LruStore } from './lru.js';

describe('LruStore', () => {
  let now = 1000;
  const clock = () => now;
  beforeEach(() => {
    now = 1000;
  });

  it('evicts the least recently used first when over the entry cap', () => {
    const lru = new LruStore<string>({ maxEntries: 2, maxBytes: 100 }, clock);
    lru.set('a', 'A', 1, 5000);
    lru.set('b', 'B', 1, 5000);
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', 1, 5000);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.size).toEqual({ entries: 2, bytes: 2 });
  });

  it('stays within its byte cap and refuses a value larger than the cap', () => {
    const lru = new LruStore<string>({ maxEntries: 10, maxBytes: 10 }, clock);
    lru.set('a', 'A', 4, 5000);
    lru.set('b', 'B', 4, 5000);
    lru.set('c', 'C', 4, 5000);
    expect(lru.size).toEqual({ entries: 2, bytes: 8 });
    expect(lru.get('a')).toBeUndefined();
    lru.set('huge', 'H', 11, 5000);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size.bytes).toBe(8);
  });

  it('reads its limits on every store, so they can change while it runs', () => {
    const limits = { maxEntries: 10, maxBytes: 100 };
    const lru = new LruStore<string>(limits, clock);
    for (const k of ['a', 'b', 'c', 'd']) lru.set(k, k, 1, 5000);
    limits.maxEntries = 2;
    lru.set('e', 'e', 1, 5000);
    expect(lru.size.entries).toBe(2);
    expect(lru.get('d')).toBe('d');
  });

  it('forgets a value once its time is up, and never keeps one already expired', () => {
    const lru = new LruStore<string>({ maxEntries: 10, maxBytes: 100 }, clock);
    lru.set('a', 'A', 3, 2000);
    now = 1999;
    expect(lru.get('a')).toBe('A');
    now = 2000;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toEqual({ entries: 0, bytes: 0 });
    lru.set('b', 'B', 3, 2000);
    expect(lru.get('b')).toBeUndefined();
  });

  it('replacing a key counts its bytes once; grow accounts later bytes of the same value only', () => {
    const lru = new LruStore<{ v: number }>({ maxEntries: 10, maxBytes: 100 }, clock);
    const first = { v: 1 };
    lru.set('a', first, 5, 5000);
    const second = { v: 2 };
    lru.set('a', second, 7, 5000);
    expect(lru.size).toEqual({ entries: 1, bytes: 7 });
    expect(lru.grow('a', first, 3)).toBe(false);
    expect(lru.grow('a', second, 3)).toBe(true);
    expect(lru.size.bytes).toBe(10);
    lru.delete('a');
    expect(lru.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('deletes what a predicate picks, or everything', () => {
    const lru = new LruStore<string[]>({ maxEntries: 10, maxBytes: 100 }, clock);
    lru.set('d', ['discounts', 'companies'], 1, 5000);
    lru.set('c', ['companies'], 1, 5000);
    lru.set('p', ['blog_posts'], 1, 5000);
    lru.deleteWhere((tables) => tables.includes('companies'));
    expect([lru.get('d'), lru.get('c'), lru.get('p')]).toEqual([undefined, undefined, ['blog_posts']]);
    lru.deleteWhere();
    expect(lru.size).toEqual({ entries: 0, bytes: 0 });
  });
});
