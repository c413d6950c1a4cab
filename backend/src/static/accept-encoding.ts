/** The encodings a precompressed file can be sent in, best first. */
export type FileEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best of `available` (in our order of preference: br, gzip, identity) that an `Accept-Encoding`
 * header allows. Browsers list `gzip, deflate, br, zstd` with equal weights, so the header's own order
 * must not decide (a generic negotiator would pick gzip); only `q=0` (or a missing entry when the
 * header is present) rules an encoding out. Identity is always acceptable unless refused explicitly,
 * and a refused identity still gets identity when nothing else is possible (RFC 9110 §12.5.3 allows it).
 */
export function chooseEncoding(header: string | undefined, available: ReadonlySet<FileEncoding>): FileEncoding {
  if (header === undefined) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k.trim().toLowerCase() === 'q') weight = Number.parseFloat(v);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (available.has('br') && accepts('br')) return 'br';
  if (available.has('gzip') && (accepts('gzip') || accepts('x-gzip'))) return 'gzip';
  return 'identity';
}
