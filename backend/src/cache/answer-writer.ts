import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { acceptsGzipMemo, gzipTag, notModified } from './http-negotiation.js';

/** Bytes ready to send, and what is made from them once and reused. */
export interface Writable {
  status: number;
  body: Buffer;
  contentType: string;
  /** The strong ETag of `body`. */
  etag: string;
  /** The gzip form, made on the first request that accepts it. */
  gzip?: Buffer;
  /** Complete 200 and 304 heads per encoding for a given stack of headers, made once (see writeAnswer). */
  heads?: Partial<Record<'identity' | 'gzip' | 'identity304' | 'gzip304', OutgoingHttpHeaders>>;
}

/**
 * `bytes` in storage of exactly its length. zlib's output and a small Buffer.from() are views into larger
 * blocks (16 KB output chunks, 8 KB pool slabs): kept, such a view holds its whole block while the cache
 * counts only its length, so a 400-byte gzip form would hold 16 KB (issue #21: bounded by bytes).
 */
export function exactBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** Below this size the compression middleware sends bodies as they are; so does this. */
export const GZIP_THRESHOLD = 1024;

/**
 * Answers a request with `answer`: 304 when If-None-Match names either representation; else the
 * body, gzipped (once, reported through `madeGzip`) when it is worth it and the client accepts it,
 * each representation with its own strong ETag and `Vary: Accept-Encoding`. The compression
 * middleware leaves such an encoded response alone. With a `stack` (headers recorded for the
 * answer), the finished head is kept on the answer and reused by later calls that pass a stack.
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: Writable,
  stack: OutgoingHttpHeaders | undefined,
  madeGzip: (gzip: Buffer) => void = () => undefined,
): void {
  const gzip = answer.body.length >= GZIP_THRESHOLD && acceptsGzipMemo(req.headers['accept-encoding']);
  if (notModified(req.headers['if-none-match'], answer.etag)) {
    const kept = stack && answer.heads?.[gzip ? 'gzip304' : 'identity304'];
    const head = kept || { ...stack, ETag: gzip ? gzipTag(answer.etag) : answer.etag, Vary: 'Accept-Encoding' };
    if (stack) (answer.heads ??= {})[gzip ? 'gzip304' : 'identity304'] = head;
    res.writeHead(304, head).end();
    return;
  }
  if (gzip && !answer.gzip) {
    answer.gzip = exactBytes(gzipSync(answer.body));
    madeGzip(answer.gzip);
  }
  const encoding = gzip ? 'gzip' : 'identity';
  const head = (stack && answer.heads?.[encoding]) || headOf(answer, gzip, stack);
  if (stack) (answer.heads ??= {})[encoding] = head;
  res.writeHead(answer.status, head);
  res.end(req.method === 'HEAD' ? undefined : gzip ? answer.gzip : answer.body);
}

function headOf(answer: Writable, gzip: boolean, stack: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const head: OutgoingHttpHeaders = { ...stack, ETag: gzip ? gzipTag(answer.etag) : answer.etag, Vary: 'Accept-Encoding' };
  if (gzip) head['Content-Encoding'] = 'gzip';
  head['Content-Type'] = answer.contentType;
  head['Content-Length'] = (gzip ? answer.gzip! : answer.body).length;
  return head;
}
