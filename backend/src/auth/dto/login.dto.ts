import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { LOGIN_RULES } from '../../../../common/login-form.js';
import { FormRule } from '../../common/validators.js';

/** docs/spec.md §7's sign-in body, checked by the sign-in form's own rules (common/login-form.ts). */
export class LoginDto {
  @ApiProperty({ format: 'email' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @FormRule(LOGIN_RULES.email)
  email!: string;

  @ApiProperty({ format: 'password' })
  @FormRule(LOGIN_RULES.password)
  password!: string;
}
