import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BULK_MAX_IDS, BULK_MSG } from '../../../common/bulk.js';
import { ApiError } from './api-error.js';
import { isValidId } from './id.dto.js';
import { Validate } from './validators.js';

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The scope of `POST /_api/admin/{resource}/bulk` (common/bulk.ts): the ticked `ids`, or the list's `filter` when
 * "Select all" chose every record matching it. Exactly one of the two (bulkFilter); the filter's keys and values are
 * checked by the resource's own list rules (an unknown key is a 400, as on the list).
 */
export class BulkScopeDto {
  @ApiPropertyOptional({ type: [Number], maxItems: BULK_MAX_IDS })
  @Validate((v) => v === undefined || (Array.isArray(v) && v.length >= 1 && v.length <= BULK_MAX_IDS && v.every(isValidId)), BULK_MSG.idsInvalid)
  ids?: number[];

  @ApiPropertyOptional({ type: Object, description: 'The list filter, e.g. {"status":"draft","q":"ftmo"}' })
  @Validate((v) => v === undefined || isPlainObject(v), BULK_MSG.filterInvalid)
  filter?: Record<string, unknown>;
}

/** A resource's bulk body: its scope plus one of its actions. */
export function bulkBodyOf<A extends string>(actions: readonly A[]) {
  class BulkBodyDto extends BulkScopeDto {
    @ApiProperty({ enum: actions })
    @IsIn([...actions], { message: BULK_MSG.actionInvalid(actions) })
    action!: A;
  }
  return BulkBodyDto;
}

/** The list filter a bulk call applies to: the ids as the list's `id` filter, or the filter itself; 400 unless exactly one. */
export function bulkFilter(body: BulkScopeDto): Record<string, unknown> {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    throw new ApiError(400, BULK_MSG.scopeRequired, { ids: BULK_MSG.scopeRequired });
  }
  return body.ids ? { id: body.ids } : body.filter!;
}
