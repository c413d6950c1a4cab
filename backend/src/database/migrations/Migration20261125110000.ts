import { Migration } from '@mikro-orm/migrations';

/** Accounts that sign in by an emailed link have no password (issue #17). */
export class Migration20261125110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" alter column "password_hash" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "users" where "password_hash" is null;`);
    this.addSql(`alter table "users" alter column "password_hash" set not null;`);
  }
}
