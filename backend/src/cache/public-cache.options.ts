import type { Request } from 'express';
import type { Computed } from './public-cache.service.js';

export const PUBLIC_CACHE = Symbol('PUBLIC_CACHE');

export interface PublicCacheOptions {
  /** The tables the answer shows: a change to any of them drops it. */
  tables: readonly string[];
  /** The entry's key when the handler returns a plain Computed (default: the request URL). */
  key?: string;
  /** The audience of the request when answers differ by it (e.g. signed-in admin vs visitor); undefined: anonymous. */
  variant?: (req: Request) => string | undefined;
}

/** A handler's answer under a key of its own (e.g. its validated, normalised query), computed only on a miss. */
export class Keyed {
  constructor(readonly key: string, readonly compute: () => Promise<Computed>) {}
}

export const keyed = (key: string, compute: () => Promise<Computed>): Keyed => new Keyed(key, compute);
