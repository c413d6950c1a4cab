import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { MSG } from '../../../common/messages.js';
import { ApiError } from './api-error.js';

/**
 * One pipe for every body and query: unknown properties are rejected by name,
 * and the answer carries the first message plus one message per field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const flat = flatten(errors);
      const unknown = flat.filter((f) => f.unknown).map((f) => f.path);
      const fields: Record<string, string> = {};
      for (const f of flat) if (!f.unknown && !(f.path in fields)) fields[f.path] = f.message;
      if (unknown.length) {
        for (const name of unknown) fields[name] = MSG.unknownProperties([name]);
        return new ApiError(400, MSG.unknownProperties(unknown), fields);
      }
      return new ApiError(400, Object.values(fields)[0] ?? MSG.unknownError, fields);
    },
  });
}

interface FlatError { path: string; message: string; unknown: boolean }

function flatten(errors: ValidationError[], prefix = ''): FlatError[] {
  return errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {}).map(([rule, message]) => ({
      path,
      message,
      unknown: rule === 'whitelistValidation',
    }));
    return [...own.slice(0, 1), ...flatten(e.children ?? [], path)];
  });
}
