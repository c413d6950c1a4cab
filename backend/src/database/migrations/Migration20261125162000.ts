import { Migration } from '@mikro-orm/migrations';

/**
 * Users and invitations (issue #20): an account can be deactivated (`active`), its last sign-in is shown, and an
 * invitation is a row of its own (single use: `accepted_at`; a newer one for the same user sets `revoked_at`).
 * Existing accounts stay active.
 */
export class Migration20261125162000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "active" boolean not null default true;`);
    this.addSql(`alter table "users" add column "last_sign_in_at" timestamptz null;`);
    this.addSql(`create table "user_invitations" (
      "id" serial primary key,
      "user_id" int not null references "users" ("id") on update cascade on delete cascade,
      "nonce" varchar(32) not null,
      "invited_by_id" int null references "users" ("id") on update cascade on delete set null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "accepted_at" timestamptz null,
      "revoked_at" timestamptz null
    );`);
    this.addSql(`create index "user_invitations_user_id_index" on "user_invitations" ("user_id");`);
    // Deleting a deactivated user's sessions looks them up by the id passport keeps in the session.
    this.addSql(`create index "user_sessions_user_index" on "user_sessions" ((("sess" -> 'passport') ->> 'user'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "user_sessions_user_index";`);
    this.addSql(`drop table if exists "user_invitations";`);
    this.addSql(`alter table "users" drop column "last_sign_in_at";`);
    this.addSql(`alter table "users" drop column "active";`);
  }
}
