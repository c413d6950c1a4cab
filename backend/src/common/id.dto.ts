import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MSG } from '../../../common/messages.js';

/** Ids are PostgreSQL `integer`s; anything larger is refused at the door instead of failing in SQL. */
export const MAX_ID = 2_147_483_647;

export function isValidId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_ID;
}

/** Body of SPEC's `/delete` calls, and the id part of `/update`. */
export class IdDto {
  @ApiProperty()
  // Property decorators apply bottom-up: IsInt runs first, so a missing id reads 'id is required'.
  @Max(MAX_ID, { message: MSG.idInteger })
  @Min(1, { message: MSG.idInteger })
  @IsInt({ message: MSG.idRequired })
  id!: number;
}
