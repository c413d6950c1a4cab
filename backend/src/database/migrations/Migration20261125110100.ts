import { Migration } from '@mikro-orm/migrations';

/**
 * Media gains an owner and a visibility (issue #17): public images stay content-hashed and shared; private files
 * (payout proof, purchase evidence) belong to one account, are keyed by a random name and go with the account.
 */
export class Migration20261125110100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_assets" add column "visibility" text check ("visibility" in ('public', 'private')) not null default 'public', add column "owner_id" int null;`);
    this.addSql(`alter table "media_assets" add constraint "media_assets_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create index "media_assets_owner_id_index" on "media_assets" ("owner_id") where "owner_id" is not null;`);
    this.addSql(`alter table "media_assets" add constraint "media_assets_private_has_owner" check ("visibility" = 'public' or "owner_id" is not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "media_assets" where "visibility" = 'private';`);
    this.addSql(`alter table "media_assets" drop constraint "media_assets_private_has_owner", drop constraint "media_assets_owner_id_foreign", drop column "owner_id", drop column "visibility";`);
  }
}
