import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { NoStoreInterceptor } from './no-store.interceptor.js';
import { FlushInvalidation } from './flush-invalidation.js';
import { PublicCacheInterceptor } from './public-cache.interceptor.js';
import { PublicCacheService } from './public-cache.service.js';

@Global()
@Module({
  providers: [
    PublicCacheService, PublicCacheInterceptor, FlushInvalidation,
    { provide: APP_INTERCEPTOR, useClass: NoStoreInterceptor },
  ],
  exports: [PublicCacheService, PublicCacheInterceptor],
})
export class CacheModule {}
