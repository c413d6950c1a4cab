import { applyDecorators, Res, SetMetadata, UseInterceptors } from '@nestjs/common';
import { PublicCacheInterceptor } from './public-cache.interceptor.js';
import { PUBLIC_CACHE, type PublicCacheOptions } from './public-cache.options.js';

export { keyed, Keyed, type PublicCacheOptions } from './public-cache.options.js';

/**
 * Marks a GET handler whose answer (a Computed, or a Keyed one) is kept by PublicCacheService:
 * repeats of a URL it answered skip the handler, If-None-Match gets a 304. The interceptor writes
 * the response (a cached 304 or 404 keeps its status), so the response is handed to it.
 */
export function PublicCache(options: PublicCacheOptions): MethodDecorator {
  return applyDecorators(SetMetadata(PUBLIC_CACHE, options), UseInterceptors(PublicCacheInterceptor), handResponseOver());
}

/**
 * Nest sends a handler's return value with the route's status unless the handler takes the response;
 * a trailing @Res() parameter the handler never reads tells it the interceptor sends it instead.
 */
function handResponseOver(): MethodDecorator {
  return (target, key, descriptor) => {
    Res()(target, key, (descriptor.value as (...args: unknown[]) => unknown).length);
  };
}
