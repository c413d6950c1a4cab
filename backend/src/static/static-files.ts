import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { memoAcceptedEncodings, type FileEncoding } from './accept-encoding.js';

/** What Vite emits into the build (assets, public/ files); anything else goes out as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files outside /assets keep their names across builds, so browsers recheck them now and then. */
const REVALIDATE = 'public, max-age=3600';
const SUFFIX: Record<Exclude<FileEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/**
 * What helmet would add that matters for a file (it runs after the files, which skip the page-oriented
 * headers: CSP and framing rules apply to documents): no type sniffing, no cross-origin embedding.
 */
const FILE_SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' };

interface Variant {
  body: Buffer;
  etag: string;
  /** The complete 200 and 304 heads, made once. */
  head: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

interface StaticFile {
  /** By encoding; a form the build did not write is absent. */
  br?: Variant;
  gzip?: Variant;
  identity: Variant;
}


/**
 * The built front end (`dist/frontend`), read once at start: every file with the `.br` and `.gz` forms
 * the build wrote beside it (frontend/vite-precompress.ts). A request costs a map lookup and a write
 * of bytes already in memory — no `stat`, no file opened, nothing compressed. The build is ~2 MB with
 * its compressed forms; a rebuild while the site runs is seen at the next start.
 *
 * `index.html` is not served as a file: it is the page shell the server fills per route.
 */
export class StaticFiles {
  private constructor(private readonly files: ReadonlyMap<string, StaticFile>) {}

  static load(dir: string): StaticFiles {
    const files = new Map<string, StaticFile>();
    if (!existsSync(dir)) return new StaticFiles(files);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const url = '/' + relative(dir, path).split(sep).map(encodeURIComponent).join('/');
      // Build bookkeeping (Vite's .vite/manifest.json, read by the server renderer) is not for browsers.
      if (url === '/index.html' || url.split('/').some((segment) => segment.startsWith('.'))) continue;
      const identity = readFileSync(path);
      const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
      const forms = new Map<FileEncoding, { body: Buffer; etag: string }>([['identity', { body: identity, etag: `"${hash}"` }]]);
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = path + SUFFIX[encoding];
        // A strong ETag names one representation: each encoding gets its own.
        if (existsSync(compressed)) forms.set(encoding, { body: readFileSync(compressed), etag: `"${hash}-${encoding}"` });
      }
      const common: OutgoingHttpHeaders = {
        ...FILE_SECURITY_HEADERS,
        'Cache-Control': url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        ...(forms.size > 1 ? { Vary: 'Accept-Encoding' } : {}),
      };
      const type = TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream';
      const variant = (encoding: FileEncoding, { body, etag }: { body: Buffer; etag: string }): Variant => ({
        body,
        etag,
        notModified: { ...common, ETag: etag },
        head: {
          ...common,
          ETag: etag,
          'Content-Type': type,
          'Content-Length': body.length,
          ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        },
      });
      const file: StaticFile = { identity: variant('identity', forms.get('identity')!) };
      for (const encoding of ['br', 'gzip'] as const) {
        const form = forms.get(encoding);
        if (form) file[encoding] = variant(encoding, form);
      }
      files.set(url, file);
    }
    return new StaticFiles(files);
  }

  private readonly accepted = memoAcceptedEncodings();

  /**
   * Answers a GET or HEAD of a built file, whole, in one write (the fast path at the edge of the process,
   * cache/fast-path.ts, calls it before Express); false when the path is no file, for the rest of the stack.
   */
  readonly answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const file = this.files.get(q < 0 ? url : url.slice(0, q));
    if (!file) return false;
    // Preference order br, gzip, identity (accept-encoding.ts), among the forms this file has.
    const accepted = this.accepted(req.headers['accept-encoding']);
    const variant = (accepted.br && file.br) || (accepted.gzip && file.gzip) || file.identity;
    if (matches(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, variant.notModified).end();
      return true;
    }
    res.writeHead(200, variant.head);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  };

  /** Under /assets, behind the fast path: a path that is no file is a 404 (never the page shell). */
  readonly notAFile = (req: Request, _res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    next(new ApiError(404, MSG.routeNotFound));
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
