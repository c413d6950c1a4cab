import { Migration } from '@mikro-orm/migrations';

/** Newsletter admin list: indexes for the newest-first order and for filtering or sorting by status. */
export class Migration20261121200514 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "newsletter_subscribers_subscribed_at_index";`);

    this.addSql(`create index "newsletter_subscribers_status_subscribed_at_id_index" on "newsletter_subscribers" ("status", "subscribed_at", "id");`);
    this.addSql(`create index "newsletter_subscribers_subscribed_at_id_index" on "newsletter_subscribers" ("subscribed_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "newsletter_subscribers_status_subscribed_at_id_index";`);
    this.addSql(`drop index "newsletter_subscribers_subscribed_at_id_index";`);

    this.addSql(`create index "newsletter_subscribers_subscribed_at_index" on "newsletter_subscribers" ("subscribed_at");`);
  }

}
