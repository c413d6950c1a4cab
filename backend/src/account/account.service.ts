import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PayoutClaimsService } from '../payouts/payout-claims.service.js';
import { PayoutReportsService } from '../payouts/payout-reports.service.js';

/** The trader's own account as a whole (issue #17): what leaving the site removes and what it keeps anonymous. */
@Injectable()
export class AccountService {
  constructor(private readonly em: EntityManager, private readonly reports: PayoutReportsService, private readonly claims: PayoutClaimsService) {}

  /**
   * Deletes an account: its reports lose every personal field (approved ones stay as anonymous figures), its
   * private files go with the account (media_assets.owner_id cascades), claims keep no link to it.
   */
  async remove(userId: number): Promise<void> {
    await this.reports.forgetAuthor(userId);
    await this.claims.forgetClaimant(userId);
    await this.em.getConnection().execute('delete from users where id = ?', [userId]);
  }
}
