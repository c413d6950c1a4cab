/**
 * Checks an admin list page against the contract's order: by the field in the asked direction, empty values
 * last, ties broken by id in the same direction (ADMIN-CONTRACT.md). Fixtures use plain ASCII text of one case,
 * so JavaScript's comparison and the database collation agree.
 */
type Value = string | number | boolean | null | undefined;

function compare(a: Exclude<Value, null | undefined>, b: Exclude<Value, null | undefined>): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function expectContractOrder<T extends { id: number }>(rows: T[], value: (row: T) => Value, order: 'ASC' | 'DESC'): void {
  const sign = order === 'ASC' ? 1 : -1;
  // A fixture where every row holds the same value would prove nothing about the sort.
  if (new Set(rows.map((r) => String(value(r)))).size < 2) throw new Error('fixture has fewer than two distinct values');
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const [va, vb] = [value(a), value(b)];
    const aEmpty = va === null || va === undefined;
    const bEmpty = vb === null || vb === undefined;
    let byField: number;
    if (aEmpty || bEmpty) byField = aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1; // empty last in both directions
    else byField = sign * compare(va, vb);
    const ok = byField < 0 || (byField === 0 && sign * (a.id - b.id) < 0);
    if (!ok) {
      throw new Error(`rows ${i - 1} and ${i} out of ${order} order: ${JSON.stringify([a.id, va])} before ${JSON.stringify([b.id, vb])}`);
    }
  }
}
