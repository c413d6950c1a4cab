import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { Keyed, PUBLIC_CACHE, type PublicCacheOptions } from './public-cache.options.js';
import { PublicCacheService, type CachedAnswer, type Computed } from './public-cache.service.js';

/**
 * Serves @PublicCache() handlers from the cache, and keeps what they compute on a miss. Concurrent
 * misses of one URL run the handler once: the others wait and send what it made. Misses of different URLs
 * take turns, a few at once (PublicCacheService.inTurn).
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicCacheService, private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler<Computed | Keyed>): Observable<void> {
    const options = this.reflector.get<PublicCacheOptions>(PUBLIC_CACHE, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    return from(this.answer(req, res, options, next));
  }

  private async answer(req: Request, res: Response, options: PublicCacheOptions, next: CallHandler<Computed | Keyed>): Promise<void> {
    const variant = options.variant?.(req);
    const made = this.cache.lookupUrl(req.originalUrl, variant) ?? (await this.cache.pending(req.originalUrl, variant));
    if (made) return this.cache.send(req, res, made);

    const done = this.cache.making(req.originalUrl, variant);
    let answer: CachedAnswer | undefined;
    try {
      // A few misses are made at once, the rest wait in order (PublicCacheLimits.makingAtOnce).
      answer = await this.cache.inTurn(async () => {
        const since = this.cache.readStarted();
        const result = await lastValueFrom(next.handle());
        if (!(result instanceof Keyed)) {
          return this.cache.answer(req, res, { key: options.key ?? req.originalUrl, tables: options.tables, variant }, result, since);
        }
        const slot = { key: result.key, tables: options.tables, variant };
        return this.cache.lookup(req, slot) ?? this.cache.answer(req, res, slot, await result.compute(), since);
      });
    } finally {
      done(answer);
    }
    this.cache.send(req, res, answer);
  }
}
