import { Injectable, type PipeTransform } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';
import { isValidId } from './id.dto.js';

/** `:id` path parameters: a positive integer that fits the id column, or 400 with a message. */
@Injectable()
class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!isValidId(id)) throw new ApiError(400, MSG.idInteger);
    return id;
  }
}

export const idParam = new IdParamPipe();
