import {
  HttpException, Injectable, PayloadTooLargeException,
  type CallHandler, type ExecutionContext, type NestInterceptor,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { IMAGE_MAX_BYTES } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';

export const UPLOAD_FIELD = 'file';

/** Files seen so far per request, so the second one is refused as soon as it starts. */
const filesSeen = new WeakMap<object, number>();

function uploadError(message: string): ApiError {
  return new ApiError(400, message, { [UPLOAD_FIELD]: message });
}

/**
 * multer (memory storage) for the one-image upload, with SPEC's messages instead of multer's:
 * a second file is 'Please upload only one image.', a file over 5 MB 'File is too large. Maximum size is 5MB.'
 * (the limit sits one byte above 5 MB so multer stops reading right there), a broken body 'Failed to read the file.'
 */
const Multer = AnyFilesInterceptor({
  limits: { files: 2, fileSize: IMAGE_MAX_BYTES + 1, fields: 10, parts: 12 },
  fileFilter: (req, file, accept) => {
    const count = (filesSeen.get(req) ?? 0) + 1;
    filesSeen.set(req, count);
    if (count > 1) return accept(uploadError(MSG.uploadOneImage), false);
    if (file.fieldname !== UPLOAD_FIELD) return accept(new ApiError(400, MSG.unknownProperties([file.fieldname])), false);
    accept(null, true);
  },
});

@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new Multer();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof PayloadTooLargeException) throw uploadError(MSG.uploadTooLarge);
      if (error instanceof HttpException) throw uploadError(MSG.uploadReadFailed);
      throw error;
    }
  }
}
