import { Body, Controller, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { USER_ROLES, type UserRole } from '../../../common/enums.js';
import { INVITABLE_ROLES, USERS_TEXT, type AdminUserDto, type InvitableRole } from '../../../common/invitations.js';
import { AdminOnly } from '../access/route-labels.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { Validate } from '../common/validators.js';
import { ExpectedVersion } from '../common/version.field.js';
import { InvitationsService } from './invitations.service.js';
import { USER_FILTERS, USER_SORTABLE, UsersAdminService } from './users-admin.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

export class InviteUserDto {
  @ApiProperty({ example: 'editor@example.com', description: 'Trimmed and lower-cased before it is stored' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: USERS_TEXT.emailInvalid })
  @MaxLength(254, { message: USERS_TEXT.emailInvalid })
  email!: string;

  @ApiProperty({ enum: INVITABLE_ROLES })
  @Validate((v) => (INVITABLE_ROLES as readonly unknown[]).includes(v), USERS_TEXT.roleInvalid)
  role!: InvitableRole;
}

/** PUT /:id: react-admin sends the record whole; the read-only fields (common/edit-conflict.ts) are dropped first. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: USER_ROLES })
  @ValidateIf((_o, v) => v !== undefined)
  @Validate((v) => (USER_ROLES as readonly unknown[]).includes(v), USERS_TEXT.userRoleInvalid)
  role?: UserRole;

  @ApiPropertyOptional({ description: 'false deactivates the account and ends its sessions at once' })
  @IsOptional()
  @IsBoolean({ message: USERS_TEXT.activeInvalid })
  active?: boolean;

  @ExpectedVersion()
  version?: number;
}

/** Users as a react-admin resource on the REST face (issue #20): admins only. */
@ApiTags('admin: users')
@AdminOnly()
@Controller('_api/admin/users')
@AdminResource('users')
export class UsersAdminController {
  constructor(private readonly users: UsersAdminService, private readonly invitations: InvitationsService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminUserDto[]> {
    const params = parseListQuery(query, USER_SORTABLE, USER_FILTERS);
    const result = await this.users.list(params);
    sendContentRange(res, 'users', params, result);
    return result.items;
  }

  /** Invites by email: 201 with the (inactive) account; an active account with this address is a 409. */
  @Audit('invite')
  @Post()
  invite(@Body() { email, role }: InviteUserDto, @Req() req: Request): Promise<AdminUserDto> {
    return this.invitations.invite(email, role, (req.user as PublicUser | undefined) ?? null);
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminUserDto> {
    return this.users.get(id);
  }

  @Audit('update')
  @Put(':id')
  update(@Param('id', idParam) id: number, @Body() body: UpdateUserDto): Promise<AdminUserDto> {
    return this.users.update(id, body);
  }
}
