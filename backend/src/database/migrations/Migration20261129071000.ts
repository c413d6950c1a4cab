import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #32: alert mails follow the campaigns' delivery rule, at most once. A delivery is claimed with a token of
 * its sender (`claim_token`) and marked `sending_at` right before its message is handed to the mail server, in one
 * statement that holds only while the claim is still that sender's: a claim taken over by another sender (this one
 * was frozen past the claim timeout) is never sent by both. A delivery left `sending_at` without an outcome is in
 * doubt: closed as failed with the reason in `error`, never sent again. Before, a crash between the send and the
 * mark sent the mail a second time.
 */
export class Migration20261129071000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "alert_deliveries" add column "claim_token" uuid null, add column "sending_at" timestamptz null, add column "error" varchar(500) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "alert_deliveries" drop column "claim_token", drop column "sending_at", drop column "error";`);
  }
}
