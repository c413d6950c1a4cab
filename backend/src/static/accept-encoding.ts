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
  const accepted = acceptedEncodings(header);
  if (available.has('br') && accepted.br) return 'br';
  if (available.has('gzip') && accepted.gzip) return 'gzip';
  return 'identity';
}

/** Which compressed forms an `Accept-Encoding` header allows (the rules above). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  if (header === undefined) return { br: false, gzip: false };
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
  return { br: accepts('br'), gzip: accepts('gzip') || accepts('x-gzip') };
}

/**
 * `acceptedEncodings` remembered per header value: browsers send a handful of distinct values, so a
 * request for a file costs a map lookup. Bounded: past `limit` values it starts over.
 */
export function memoAcceptedEncodings(limit = 256): (header: string | undefined) => { br: boolean; gzip: boolean } {
  const seen = new Map<string, { br: boolean; gzip: boolean }>();
  return (header) => {
    if (header === undefined) return acceptedEncodings(header);
    let accepted = seen.get(header);
    if (!accepted) {
      if (seen.size >= limit) seen.clear();
      seen.set(header, (accepted = acceptedEncodings(header)));
    }
    return accepted;
  };
}
