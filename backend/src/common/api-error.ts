import { HttpException } from '@nestjs/common';

/** Throw this for any non-2xx answer with a message a person can read. */
export class ApiError extends HttpException {
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super({ message, errors }, status);
  }
}
