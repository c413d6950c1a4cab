import { Global, Module } from '@nestjs/common';
import { AdminMediaController, MediaController, PrivateFilesController } from './media.controller.js';
import { MediaService } from './media.service.js';

@Global()
@Module({ controllers: [MediaController, AdminMediaController, PrivateFilesController], providers: [MediaService], exports: [MediaService] })
export class MediaModule {}
