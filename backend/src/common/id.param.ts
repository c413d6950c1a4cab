import { ParseIntPipe } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

/** `:id` path parameters: a positive integer, or 400 with a message. */
export const idParam = new ParseIntPipe({ exceptionFactory: () => new ApiError(400, MSG.idInteger) });
