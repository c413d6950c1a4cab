import { describe, expect, it } from '@jest/globals';
import { SET_FILTER, SET_PAGE, SET_SORT, type ListParams } from 'react-admin';
import { liveListSearch } from './live-list.js';

// The list as it last rendered: unfiltered, newest first.
const rendered: ListParams = { filter: {}, displayedFilters: {}, page: 3, perPage: 25, sort: 'createdAt', order: 'DESC' };
const query = (search: string) => {
  const p = new URLSearchParams(search);
  return { filter: JSON.parse(p.get('filter')!), sort: p.get('sort'), order: p.get('order'), page: p.get('page'), perPage: p.get('perPage') };
};
const address = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('liveListSearch', () => {
  it('sorts the filter the address already holds, not the filter of the last render', () => {
    const search = address({ filter: '{"status":"archived"}', sort: 'createdAt', order: 'DESC', page: '1', perPage: '25' });
    expect(query(liveListSearch(search, rendered, [{ type: SET_SORT, payload: { field: 'title' } }])))
      .toEqual({ filter: { status: 'archived' }, sort: 'title', order: 'ASC', page: '1', perPage: '25' });
  });

  it('filters the sort the address already holds, not the sort of the last render', () => {
    const search = address({ filter: '{}', sort: 'title', order: 'ASC', page: '1', perPage: '25' });
    expect(query(liveListSearch(search, rendered, [{ type: SET_FILTER, payload: { filter: { status: 'archived' } } }])))
      .toEqual({ filter: { status: 'archived' }, sort: 'title', order: 'ASC', page: '1', perPage: '25' });
  });

  it("a second click on the address's sort column turns its order, as react-admin's own", () => {
    const search = address({ filter: '{}', sort: 'title', order: 'ASC', page: '2', perPage: '25' });
    expect(query(liveListSearch(search, rendered, [{ type: SET_SORT, payload: { field: 'title' } }])))
      .toMatchObject({ sort: 'title', order: 'DESC', page: '1' });
  });

  it('applies the changes of one moment together, in order', () => {
    expect(query(liveListSearch('', rendered, [
      { type: SET_FILTER, payload: { filter: { q: 'ftmo' } } },
      { type: SET_PAGE, payload: 2 },
    ]))).toEqual({ filter: { q: 'ftmo' }, sort: 'createdAt', order: 'DESC', page: '2', perPage: '25' });
  });

  it('an address without list parameters falls back to what the list rendered', () => {
    expect(query(liveListSearch('', rendered, []))).toEqual({ filter: {}, sort: 'createdAt', order: 'DESC', page: '3', perPage: '25' });
  });
});
