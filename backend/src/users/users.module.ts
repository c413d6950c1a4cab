import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [RateLimitModule],
  controllers: [UsersAdminController, InvitationsController],
  providers: [UsersService, UsersAdminService, InvitationsService],
  exports: [UsersService, InvitationsService],
})
export class UsersModule {}
