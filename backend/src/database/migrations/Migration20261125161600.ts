import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #16: a campaign delivery remembers which pg-boss job claimed it. A row still 'sending' whose job is no
 * longer running (its process was killed) is known at once to be in doubt — the message may have been accepted —
 * and is never sent again (docs/decisions/campaign-at-most-once.md).
 */
export class Migration20261125161600 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "campaign_deliveries" add column "claimed_by" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "campaign_deliveries" drop column "claimed_by";`);
  }
}
