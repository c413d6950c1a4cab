import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const VERSION_INVALID = 'Version must be a positive whole number';

/**
 * The `version` of the record an edit started from (issue #20): an older one than stored answers 409 and
 * changes nothing; absent (SPEC's own calls) means "save as before".
 */
export function ExpectedVersion(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'The version the edit started from; an older one answers 409' }),
    Max(2_147_483_647, { message: VERSION_INVALID }),
    Min(1, { message: VERSION_INVALID }),
    IsInt({ message: VERSION_INVALID }),
    IsOptional(),
  );
}
