import { Global, Module } from '@nestjs/common';
import { JobsAdminController } from './jobs-admin.controller.js';
import { JobsAdminService } from './jobs-admin.service.js';
import { JobsService } from './jobs.service.js';

/**
 * Global, so every module can register work without importing it, and — Nest runs the shutdown hooks of global
 * modules last — so pg-boss stops after GracefulShutdown has drained the HTTP server, and before
 * DatabaseModule's onApplicationShutdown closes the database.
 */
@Global()
@Module({
  controllers: [JobsAdminController],
  providers: [JobsService, JobsAdminService],
  exports: [JobsService, JobsAdminService],
})
export class JobsModule {}
