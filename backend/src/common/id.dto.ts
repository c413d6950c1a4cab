import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { MSG } from '../../../common/messages.js';

/** Body of SPEC's `/delete` calls, and the id part of `/update`. */
export class IdDto {
  // class-validator runs property decorators bottom-up: "required" must be checked first.
  @ApiProperty()
  // Property decorators apply bottom-up: IsInt runs first, so a missing id reads 'id is required'.
  @Min(1, { message: MSG.idInteger })
  @IsInt({ message: MSG.idRequired })
  id!: number;
}
