import { Module } from '@nestjs/common';
import { GracefulShutdown } from './graceful-shutdown.service.js';
import { HealthController } from './health.controller.js';

@Module({ controllers: [HealthController], providers: [GracefulShutdown], exports: [GracefulShutdown] })
export class HealthModule {}
