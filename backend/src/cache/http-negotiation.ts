import { createHash } from 'node:crypto';

/** A strong ETag of the exact bytes (RFC 9110 §8.8.3). */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored, `*` matches. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The gzip representation's tag: a strong ETag names one representation. */
export function gzipTag(etag: string): string {
  return `${etag.slice(0, -1)}-gz"`;
}

/** Whether If-None-Match names either representation of a body tagged `etag`. */
export function notModified(header: string | undefined, etag: string): boolean {
  return matches(header, etag) || matches(header, gzipTag(etag));
}

/** Whether Accept-Encoding allows gzip (named, or `*`, with a non-zero q). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const gzipAccepted = new Map<string, boolean>();
/**
 * acceptsGzip remembered per header value: clients send a handful of distinct values, so the fast path's choice
 * of encoding is a map lookup, not a split and a few strings per request. Bounded: past 256 values it starts over.
 */
export function acceptsGzipMemo(header: string | undefined): boolean {
  if (header === undefined) return false;
  let accepted = gzipAccepted.get(header);
  if (accepted === undefined) {
    if (gzipAccepted.size >= 256) gzipAccepted.clear();
    gzipAccepted.set(header, (accepted = acceptsGzip(header)));
  }
  return accepted;
}
