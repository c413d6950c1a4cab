/**
 * Request bodies are bounded before any pipe sees them: a size per kind of route, and a nesting depth
 * (class-transformer and class-validator walk a body recursively; thousands of levels overflow their stack).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

export const BODY_LIMITS = {
  /** Sign-in, newsletter and every other public JSON write: a few short fields. */
  publicBytes: '32kb',
  /** Admin content may carry an image as a base64 data URL: above 5 MB of base64 (6.7 MB), so SPEC's 5 MB message is reached. */
  adminBytes: '16mb',
  /** No DTO nests more than a few levels; this leaves room and stays far from any stack limit. */
  depth: 32,
} as const;

const ADMIN_PATH = /^\/_api\/admin(\/|$)/i;

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

/** JSON parsing with the admin or the public size limit, then the depth check. */
export function jsonBodyParser(): RequestHandler {
  const admin = express.json({ limit: BODY_LIMITS.adminBytes });
  const open = express.json({ limit: BODY_LIMITS.publicBytes });
  return (req: Request, res: Response, next: NextFunction) => {
    (ADMIN_PATH.test(req.path) ? admin : open)(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (nestsDeeperThan(req.body, BODY_LIMITS.depth)) return next(new ApiError(400, MSG.bodyTooDeep(BODY_LIMITS.depth)));
      next();
    });
  };
}

/** Paths that take a plain HTML form post (form-encoded, flat: `extended: false` builds no nested objects). */
export const FORM_PATHS = ['/newsletter/subscribe', '/newsletter/preferences', '/_api/newsletter/unsubscribe'] as const;

/** Form parsing for FORM_PATHS only, with the public size limit. */
export function formBodyParser(): RequestHandler {
  return express.urlencoded({ extended: false, limit: BODY_LIMITS.publicBytes, parameterLimit: 20 });
}

/**
 * body-parser's and zlib's own errors (their texts name internals, e.g. "incorrect header check"),
 * turned into the API's words before Nest's handler sees them.
 */
export function bodyParserErrors(err: unknown, _req: Request, _res: Response, next: NextFunction): void {
  if (err instanceof ApiError || !err || typeof err !== 'object') return next(err);
  const e = err as { type?: string; status?: number; statusCode?: number };
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return next(err);
  switch (e.type) {
    case 'entity.parse.failed':
      return next(new ApiError(400, MSG.invalidJson));
    case 'entity.too.large':
      return next(new ApiError(413, MSG.bodyTooLarge));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return next(new ApiError(415, MSG.unsupportedBodyEncoding));
    default:
      // A body that could not be read: truncated, a broken gzip/deflate/brotli stream, a wrong length.
      return next(new ApiError(400, MSG.unreadableBody));
  }
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, MSG.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MSG.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses before the app sees them (headers or URL too long, malformed
 * request line) are answered in the one error shape too, instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, MSG.malformedRequest];
    const body = JSON.stringify({ statusCode: status, error: message, message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
