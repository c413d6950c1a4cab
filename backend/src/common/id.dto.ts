import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { MSG } from '../../../common/messages.js';

/** Body of SPEC's `/delete` calls, and the id part of `/update`. */
export class IdDto {
  @ApiProperty()
  @IsInt({ message: MSG.idRequired })
  @Min(1, { message: MSG.idInteger })
  id!: number;
}
