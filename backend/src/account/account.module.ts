import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FollowsModule } from '../follows/follows.module.js';
import { PayoutsModule } from '../payouts/payouts.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';
import { FollowsController } from './follows.controller.js';
import { MyPayoutsController } from './my-payouts.controller.js';

/**
 * Everything under /_api/me (issue #33): the trader's follows and alert settings, their payout reports and claims,
 * and deleting the account. Each route calls the owning feature's service; nothing here writes SQL of its own
 * except removing the users row.
 */
@Module({
  imports: [AuthModule, FollowsModule, PayoutsModule],
  controllers: [AccountController, FollowsController, MyPayoutsController],
  providers: [AccountService],
})
export class AccountModule {}
