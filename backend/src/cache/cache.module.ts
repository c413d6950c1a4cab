import { Global, Module } from '@nestjs/common';
import { FlushInvalidation } from './flush-invalidation.js';
import { PublicCacheInterceptor } from './public-cache.interceptor.js';
import { PublicCacheService } from './public-cache.service.js';

@Global()
@Module({
  providers: [PublicCacheService, PublicCacheInterceptor, FlushInvalidation],
  exports: [PublicCacheService, PublicCacheInterceptor],
})
export class CacheModule {}
