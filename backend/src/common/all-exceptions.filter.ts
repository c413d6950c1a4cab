import { ForeignKeyConstraintViolationException, OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { UNKNOWN_EDITOR, editConflictMessage } from '../../../common/edit-conflict.js';
import { isDatabaseUnavailable, isDiskFull } from './database-errors.js';
import { truncateForLog } from './log-text.js';
import { TooManyRequestsError } from './too-many-requests.js';

const UNSTORABLE_TEXT_CODES = new Set(['08P01', '22021', '22P05']);
/** Seconds to wait before trying again on a full disk: an operator has to make room, unlike a database restart (5 s). */
const RETRY_AFTER_DISK_FULL = '120';

/**
 * The one error shape of docs/design.md §3 for every failure, whatever threw it.
 * Unexpected errors are logged here with their stack; clients only ever see the text.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const body = this.toBody(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (body.statusCode === 503) res.setHeader('Retry-After', '5');
    if (exception instanceof TooManyRequestsError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    // Set explicitly: a handler may already have declared another type (e.g. text/html) before failing.
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    if (body.message === MSG.diskFull) res.setHeader('Retry-After', RETRY_AFTER_DISK_FULL);
    res.status(body.statusCode).send(JSON.stringify(body));
  }

  private toBody(exception: unknown, req: Request): ApiErrorBody {
    if (exception instanceof HttpException) return fromHttpException(exception);
    const e = exception as { type?: string; status?: number };
    // body-parser errors reach us as plain errors carrying a status.
    if (e?.type === 'entity.parse.failed') return shape(400, MSG.invalidJson);
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return shape(e.status, (exception as Error).message || MSG.unknownError);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(truncateForLog(`Database unavailable during ${req.method} ${req.originalUrl}: ${(exception as Error).message}`));
      return shape(503, MSG.serviceUnavailable);
    }
    if (isDiskFull(exception)) {
      // The operator's to fix, so said in the log (without the values that did not fit); the client may retry later.
      this.logger.error(truncateForLog(`Disk full during ${req.method} ${req.originalUrl}: ${(exception as Error).message}`));
      return shape(503, MSG.diskFull);
    }
    if (exception instanceof UniqueConstraintViolationException) return shape(409, 'This record already exists.');
    // Two saves from the same version at once: the ORM's conditional UPDATE lost the race (EditConflicts).
    if (exception instanceof OptimisticLockError) return shape(409, editConflictMessage('This record', UNKNOWN_EDITOR, new Date()));
    // Text PostgreSQL cannot take (a NUL character, which it rejects as 08P01 "invalid message format"
    // when sent as a parameter, or invalid UTF-8) is bad input, not a server fault.
    if (UNSTORABLE_TEXT_CODES.has(String((exception as { code?: unknown })?.code))) return shape(400, MSG.unstorableText);
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return shape(409, 'This record is still referenced by other records.');
    }
    this.logger.error(`${req.method} ${req.originalUrl} failed`, truncateForLog((exception as Error)?.stack ?? String(exception)));
    return shape(500, MSG.internalError);
  }
}

function fromHttpException(exception: HttpException): ApiErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return shape(status, response);
  const r = response as { message?: unknown; errors?: Record<string, string> };
  const message = Array.isArray(r.message) ? String(r.message[0]) : typeof r.message === 'string' ? r.message : exception.message;
  return shape(status, status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ') ? MSG.routeNotFound : message, r.errors);
}

function shape(statusCode: number, message: string, errors?: Record<string, string>): ApiErrorBody {
  return errors ? { statusCode, error: message, message, errors } : { statusCode, error: message, message };
}
