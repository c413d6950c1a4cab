import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';
import { parseListQuery } from './rest-list.js';

const SORTABLE = ['name', 'createdAt'] as const;
const FILTERABLE = ['q'] as const;

function refused(query: Record<string, unknown>): string {
  try {
    parseListQuery(query as never, SORTABLE, FILTERABLE);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).getStatus()).toBe(400);
    return ((error as ApiError).getResponse() as { message: string }).message;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('parseListQuery', () => {
  it('reads the react-admin dialect', () => {
    expect(parseListQuery({ sort: '["name","DESC"]', range: '[10,19]', filter: '{"q":"x"}' }, SORTABLE, FILTERABLE)).toEqual({
      sort: { field: 'name', order: 'DESC' },
      page: { offset: 10, limit: 10 },
      filter: { q: 'x' },
    });
    expect(parseListQuery({}, SORTABLE, FILTERABLE)).toEqual({ sort: null, page: null, filter: {} });
  });

  it.each([
    [{ sort: '{}' }, 'sort'], [{ sort: '1' }, 'sort'], [{ sort: 'true' }, 'sort'], [{ sort: '"name"' }, 'sort'],
    [{ sort: '["name"]' }, 'sort'], [{ sort: '["name","ASC","x"]' }, 'sort'], [{ sort: '["nope","ASC"]' }, 'sort'],
    [{ sort: '["name","asc"]' }, 'sort'], [{ sort: '[' }, 'sort'], [{ sort: ['["name","ASC"]', '["name","ASC"]'] }, 'sort'],
    [{ range: 'true' }, 'range'], [{ range: '{}' }, 'range'], [{ range: '[1e20,1e20]' }, 'range'], [{ range: '[0]' }, 'range'],
    [{ range: '[-1,5]' }, 'range'], [{ range: '[5,4]' }, 'range'], [{ range: '[0.5,4]' }, 'range'], [{ range: '["0","4"]' }, 'range'],
    [{ range: '[0,4,8]' }, 'range'],
    [{ filter: '{"bogusKey":1}' }, 'filter'], [{ filter: '{"q":"x","Q":"x"}' }, 'filter'],
    [{ filter: '[]' }, 'filter'], [{ filter: '1' }, 'filter'], [{ filter: '"x"' }, 'filter'], [{ filter: '{' }, 'filter'],
  ])('refuses %j with a 400 naming the parameter', (query, name) => {
    expect(refused(query)).toBe(MSG.invalidListParam(name));
  });
});
