/**
 * Request bodies are bounded before any pipe sees them: a size per kind of route (BodyGuard reads the route's
 * labels), and a nesting depth
 * (class-transformer and class-validator walk a body recursively; thousands of levels overflow their stack).
 */
import type { Request, Response } from 'express';
import express from 'express';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { BLOG_TEXT, MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

export const BODY_LIMITS = {
  /** Sign-in, newsletter and every other anonymous JSON write: a few short fields. */
  publicBytes: '32kb',
  /** Signed-in and upload routes may carry images as base64 data URLs: above 5 MB of base64 (6.7 MB), so SPEC's 5 MB message is reached. */
  adminBytes: '16mb',
  /** A trader's results posted to the simulator (issue #28): a year of trades as CSV fits many times over. */
  resultsBytes: '1mb',
  /** No DTO nests more than a few levels; this leaves room and stays far from any stack limit. */
  depth: 32,
} as const;

/** Whether `value` nests arrays/objects deeper than `max` levels (iterative: no stack to overflow here). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** The JSON parser for signed-in callers' and upload routes (images as data URLs), and the small one for the rest. */
const largeJson = express.json({ limit: BODY_LIMITS.adminBytes });
const smallJson = express.json({ limit: BODY_LIMITS.publicBytes });
const resultsJson = express.json({ limit: BODY_LIMITS.resultsBytes });
/** A plain HTML form post (form-encoded, flat: `extended: false` builds no nested objects). */
const form = express.urlencoded({ extended: false, limit: BODY_LIMITS.publicBytes, parameterLimit: 20 });
/** The simulator's form: a pasted CSV may be most of a megabyte. */
const resultsForm = express.urlencoded({ extended: false, limit: BODY_LIMITS.resultsBytes, parameterLimit: 20 });

/**
 * Reads the body the route's labels allow (BodyGuard decides which): JSON with the large or the small size
 * limit, or a form; then the depth check. Parser errors come back in the API's words.
 */
export async function parseBody(
  req: Request, res: Response, options: { large: boolean; form: boolean; results?: boolean; resultsForm?: boolean },
): Promise<void> {
  const json = options.large ? largeJson : options.results ? resultsJson : smallJson;
  const parsers = [json, ...(options.resultsForm ? [resultsForm] : options.form ? [form] : [])];
  for (const parser of parsers) {
    await new Promise<void>((resolve, reject) => parser(req, res, (err?: unknown) => (err ? reject(bodyError(err)) : resolve())));
  }
  if (nestsDeeperThan(req.body, BODY_LIMITS.depth)) throw new ApiError(400, MSG.bodyTooDeep(BODY_LIMITS.depth));
}

/**
 * body-parser's and zlib's own errors (their texts name internals, e.g. "incorrect header check"),
 * turned into the API's words.
 */
export function bodyError(err: unknown): unknown {
  if (err instanceof ApiError || !err || typeof err !== 'object') return err;
  const e = err as { type?: string; status?: number; statusCode?: number };
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return err;
  switch (e.type) {
    case 'entity.parse.failed':
      return new ApiError(400, MSG.invalidJson);
    case 'entity.too.large':
      return new ApiError(413, MSG.bodyTooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError(415, MSG.unsupportedBodyEncoding);
    default:
      // A body that could not be read: truncated, a broken gzip/deflate/brotli stream, a wrong length.
      return new ApiError(400, MSG.unreadableBody);
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, MSG.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MSG.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses before the app sees them (headers or URL too long, malformed
 * request line) are answered in the one error shape too, instead of Node's bare status line; a browser
 * asking for a page (Accept: text/html, not an /_api path) gets the same words as a small HTML page.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, MSG.malformedRequest];
    const html = wantsHtml(err.rawPacket);
    const body = html ? errorPage(status, message) : JSON.stringify({ statusCode: status, error: message, message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${html ? 'text/html' : 'application/json'}; charset=utf-8\r\n` +
        (html ? `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\nX-Robots-Tag: noindex\r\n` : '') +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Only as much of a refused request as it takes to find its path and Accept header. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Whether the refused request came from a browser wanting a page: its request line (when it is in what was
 * read) does not name the API, and its Accept header lists text/html. Anything unclear gets JSON.
 */
export function wantsHtml(raw: Buffer | undefined): boolean {
  if (!raw?.length) return false;
  const text = raw.subarray(0, SNIFF_BYTES).toString('latin1');
  const line = /^[A-Z]+ (\S+)/.exec(text);
  if (line && /^\/_api(\/|\?|$)/i.test(line[1])) return false;
  const accept = /\r\naccept:([^\r\n]*)/i.exec(text);
  return !!accept && /\btext\/html\b/i.test(accept[1]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page for a request the app never saw: no script, no asset (the site's files may be what failed). */
function errorPage(status: number, message: string): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;background:#0b1120;color:#e8edf7;font:16px/1.6 system-ui,sans-serif}main{max-width:480px;margin:0 auto;padding:64px 20px;text-align:center}a{display:inline-block;margin:8px;padding:10px 18px;border-radius:10px;background:#0099ff;color:#0b1120;font-weight:600;text-decoration:none}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Return to Homepage</a><a href="/blog">${escapeHtml(BLOG_TEXT.allPosts)}</a></p>
</main>
</body>
</html>
`;
}
