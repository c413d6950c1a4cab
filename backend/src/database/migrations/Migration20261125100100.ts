import { Migration } from '@mikro-orm/migrations';

/**
 * Email that arrives (issue #16): double opt-in and bounce columns on subscribers (everyone already subscribed
 * counts as confirmed, as of their signup), campaigns with one delivery row per (campaign, subscriber), clicks
 * counted once per recipient and link, and a small settings table (digest, throttling).
 */
export class Migration20261125100100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "newsletter_subscribers"
      add column "confirmed_at" timestamptz null,
      add column "bounced_at" timestamptz null,
      add column "confirmation_sent_at" timestamptz null,
      add column "digest" boolean not null default true;`);
    this.addSql(`update "newsletter_subscribers" set "confirmed_at" = "subscribed_at";`);
    // The audience of a send: subscribed, confirmed, not bounced — read in id order.
    this.addSql(`create index "newsletter_subscribers_audience_index" on "newsletter_subscribers" ("id") where "status" = 'subscribed' and "confirmed_at" is not null and "bounced_at" is null;`);

    this.addSql(`create table "campaigns" (
      "id" serial primary key,
      "kind" text check ("kind" in ('campaign', 'digest')) not null default 'campaign',
      "subject" varchar(200) not null,
      "preview_text" varchar(300) not null default '',
      "html" text not null default '',
      "status" text check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')) not null default 'draft',
      "scheduled_at" timestamptz null,
      "sent_at" timestamptz null,
      "audience" jsonb not null default '{"kind":"all"}',
      "links" jsonb not null default '[]',
      "recipients_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "campaigns_created_at_index" on "campaigns" ("created_at", "id");`);

    this.addSql(`create table "campaign_deliveries" (
      "id" bigserial primary key,
      "campaign_id" int not null references "campaigns" ("id") on update cascade on delete cascade,
      "subscriber_id" int null references "newsletter_subscribers" ("id") on update cascade on delete set null,
      "email" varchar(254) not null,
      "state" text check ("state" in ('queued', 'sending', 'sent', 'failed', 'bounced')) not null default 'queued',
      "attempts" smallint not null default 0,
      "claimed_at" timestamptz null,
      "sent_at" timestamptz null,
      "error" text null,
      constraint "campaign_deliveries_campaign_subscriber_unique" unique ("campaign_id", "subscriber_id"));`);
    this.addSql(`create index "campaign_deliveries_queue_index" on "campaign_deliveries" ("campaign_id", "id") where "state" in ('queued', 'sending');`);
    this.addSql(`create index "campaign_deliveries_subscriber_index" on "campaign_deliveries" ("subscriber_id");`);

    this.addSql(`create table "campaign_clicks" (
      "campaign_id" int not null references "campaigns" ("id") on update cascade on delete cascade,
      "subscriber_id" int not null references "newsletter_subscribers" ("id") on update cascade on delete cascade,
      "link" smallint not null,
      "clicked_at" timestamptz not null default now(),
      primary key ("campaign_id", "subscriber_id", "link"));`);
    this.addSql(`create index "campaign_clicks_subscriber_index" on "campaign_clicks" ("subscriber_id");`);

    this.addSql(`create table "app_settings" ("key" varchar(100) primary key, "value" jsonb not null, "updated_at" timestamptz not null default now());`);
  }
}
