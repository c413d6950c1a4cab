import { Migration } from '@mikro-orm/migrations';

/** The editor role (issue #20). */
export class Migration20261125140500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" drop constraint if exists "users_role_check";`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('admin', 'editor', 'user'));`);
  }
}
