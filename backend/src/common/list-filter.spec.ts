import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';
import { booleanFilter, checkFilterKeys, sortDirection } from './list-filter.js';

const errorOf = (fn: () => unknown): { status: number; body: unknown } => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error('did not throw');
};

describe('admin list filters', () => {
  it('accepts the keys a list knows and refuses any other by name', () => {
    expect(() => checkFilterKeys({ q: 'a', status: 'draft' }, ['q', 'status', 'id'])).not.toThrow();
    expect(errorOf(() => checkFilterKeys({ q: 'a', clicks: 3, source: 'x' }, ['q']))).toEqual({
      status: 400,
      body: { message: MSG.invalidListParam('filter'), errors: { filter: MSG.unknownProperties(['clicks', 'source']) } },
    });
  });

  it('reads a boolean filter from a boolean or its text, and a cleared one as not set', () => {
    expect(booleanFilter({ f: true }, 'f')).toBe(true);
    expect(booleanFilter({ f: 'false' }, 'f')).toBe(false);
    for (const cleared of [undefined, null, '']) expect(booleanFilter({ f: cleared }, 'f')).toBeUndefined();
    expect(errorOf(() => booleanFilter({ f: 'yes' }, 'f')).status).toBe(400);
    expect(errorOf(() => booleanFilter({ f: 1 }, 'f')).status).toBe(400);
  });

  it('says NULLS LAST only for a nullable column, so a NOT NULL sort can read its index backwards', () => {
    expect(sortDirection('DESC', false)).toBe('desc');
    expect(sortDirection('ASC', false)).toBe('asc');
    expect(sortDirection('DESC', true)).toBe('desc nulls last');
    expect(sortDirection('ASC', true)).toBe('asc nulls last');
  });
});
