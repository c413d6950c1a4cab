import { Module } from '@nestjs/common';
import { GracefulShutdown } from './graceful-shutdown.service.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { WorkerChild } from './worker-child.service.js';

@Module({ controllers: [HealthController], providers: [GracefulShutdown, HealthService, WorkerChild], exports: [GracefulShutdown, HealthService, WorkerChild] })
export class HealthModule {}
