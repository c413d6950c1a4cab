import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { MSG } from '../../../../common/messages.js';
import { IMAGE_KINDS, type ImageKind } from '../image-pipeline.js';

/**
 * POST /_api/admin/media. Multipart: a `file` part plus an optional `kind` field.
 * JSON: `{ dataUrl, kind? }`.
 */
export class UploadMediaDto {
  @ApiPropertyOptional({ description: 'A data: image (JSON uploads)' })
  @IsOptional()
  @IsString({ message: MSG.uploadInvalidType })
  dataUrl?: string;

  @ApiPropertyOptional({ enum: IMAGE_KINDS, default: 'default', description: 'The box the picture is fitted into' })
  @IsOptional()
  @IsIn(IMAGE_KINDS, { message: MSG.uploadKind })
  kind?: ImageKind;
}
