import { Controller, Delete, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser } from '../../../common/api-types.js';
import { SignedIn } from '../access/route-labels.js';
import { AuthService } from '../auth/auth.service.js';
import { AccountService } from './account.service.js';
import { NoStore } from '../cache/no-store.js';

/** The trader's own account (issue #17). */
@ApiTags('account')
@Controller('_api/me')
@NoStore('private, no-store')
@SignedIn()
export class AccountController {
  constructor(private readonly account: AccountService, private readonly auth: AuthService) {}

  /**
   * Deletes my account: my reports lose every personal field (approved ones stay as anonymous figures), my
   * private files go with the account (media_assets.owner_id cascades), claims keep no link to me; then signs out.
   */
  @Delete()
  async remove(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: true }> {
    const user = req.user as PublicUser;
    await this.account.remove(user.id);
    return this.auth.logout(req, res);
  }
}
