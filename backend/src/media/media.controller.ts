import { Body, Controller, Get, Headers, Param, Post, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { StaffUploads } from '../access/editor-access.js';
import { ApiConsumes, ApiExcludeController, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { MediaUploadResponse, PublicUser } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { UploadMediaDto } from './dto/upload-media.dto.js';
import { etagFor, hashFromFileName, ifNoneMatchHits } from './media-path.js';
import { MediaService, type UploadedImageFile } from './media.service.js';
import { ImageUploadInterceptor } from './upload.interceptor.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/** A stored image's URL names its bytes by their hash, so the answer may be cached forever. */
function cacheHeaders(hash: string): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etagFor(hash),
    // Public pictures: let feed readers and other sites show them (helmet's default is same-origin).
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}

@ApiExcludeController()
@Controller('media')
@Public()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get(':file')
  async file(@Param('file') file: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response) {
    const hash = hashFromFileName(file);
    if (!hash) throw new ApiError(404, MSG.notFound('Image'));
    if (ifNoneMatchHits(ifNoneMatch, hash)) return void res.status(304).set(cacheHeaders(hash)).end();
    const data = await this.media.read(hash);
    res.set(cacheHeaders(hash)).type('image/webp').send(data);
  }

  /** Anything else under /media is not an image we have (rather than the page shell). */
  @Get(['', '*rest'])
  other(): never {
    throw new ApiError(404, MSG.notFound('Image'));
  }
}

/**
 * Private files (payout proof, purchase evidence): only to their owner and admins, never stored by any cache;
 * anyone else — signed in or not — gets 404, as if there were no such file.
 */
@ApiExcludeController()
@Controller('_api/files')
@Public()
export class PrivateFilesController {
  constructor(private readonly media: MediaService) {}

  /** Public by label so an anonymous caller gets the same 404 as a stranger, not a 401 that confirms the file. */
  @Get(':file')
  async file(@Param('file') file: string, @Req() req: Request, @Res() res: Response) {
    const name = hashFromFileName(file);
    const viewer = req.user as PublicUser | undefined;
    if (!name || !viewer) throw new ApiError(404, MSG.notFound('File'));
    const data = await this.media.readPrivate(name, viewer);
    res.set({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }).type('image/webp').send(data);
  }
}

@ApiTags('admin: media')
@Controller('_api/admin/media')
@AdminResource('media')
@StaffUploads()
export class AdminMediaController {
  constructor(private readonly media: MediaService) {}

  /** One picture for an image field: 201 { url: '/media/<hash>.webp', width, height }. */
  @Audit('create')
  @Post()
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(ImageUploadInterceptor)
  upload(@UploadedFiles() files: UploadedImageFile[] | undefined, @Body() body: UploadMediaDto): Promise<MediaUploadResponse> {
    return this.media.upload(files ?? [], body.dataUrl, body.kind ?? 'default');
  }
}
