import { Module } from '@nestjs/common';
import { PageShellService } from './page-shell.service.js';
import { SiteController } from './site.controller.js';

@Module({ controllers: [SiteController], providers: [PageShellService] })
export class SeoModule {}
