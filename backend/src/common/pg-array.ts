/**
 * A PostgreSQL array literal for a raw-SQL parameter (`?::int[]`, `?::text[]`): knex spreads a JS array
 * bound to `?` into a comma list, which `any(...)` and array columns cannot take.
 */
export function pgArray(values: ReadonlyArray<string | number>): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
