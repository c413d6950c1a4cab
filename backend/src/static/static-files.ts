import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { chooseEncoding, type FileEncoding } from './accept-encoding.js';

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

interface Variant {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  variants: Map<FileEncoding, Variant>;
  encodings: ReadonlySet<FileEncoding>;
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
      const variants = new Map<FileEncoding, Variant>([['identity', { body: identity, etag: `"${hash}"` }]]);
      for (const encoding of ['br', 'gzip'] as const) {
        const compressed = path + SUFFIX[encoding];
        // A strong ETag names one representation: each encoding gets its own.
        if (existsSync(compressed)) variants.set(encoding, { body: readFileSync(compressed), etag: `"${hash}-${encoding}"` });
      }
      files.set(url, {
        type: TYPES[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        variants,
        encodings: new Set(variants.keys()),
      });
    }
    return new StaticFiles(files);
  }

  /** The paths outside /assets that are files (favicon, logo, …): the only other places to mount `serve`. */
  get rootPaths(): string[] {
    return [...this.files.keys()].filter((p) => !p.startsWith('/assets/'));
  }

  /** Serves the file at the request's path; a path under /assets that is no file is a 404 (never the page shell). */
  readonly serve = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.originalUrl;
    const q = url.indexOf('?');
    const file = this.files.get(q < 0 ? url : url.slice(0, q));
    if (!file) return req.baseUrl === '/assets' ? next(new ApiError(404, MSG.routeNotFound)) : next();

    const encoding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
    const variant = file.variants.get(encoding)!;
    res.setHeader('Cache-Control', file.cacheControl);
    res.setHeader('ETag', variant.etag);
    if (file.encodings.size > 1) res.setHeader('Vary', 'Accept-Encoding');
    if (matches(req.headers['if-none-match'], variant.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Length', variant.body.length);
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
