import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #22: a firm's logo box shows the logo's own background colour until the picture arrives (a white box
 * before). The colour is read once, when the picture is stored (media_assets.background, from its corner pixels);
 * the company copies it from the picture its logo_url names, by trigger, so every way a logo is set (API, seeds,
 * raw SQL) keeps the two together. Pictures stored before this have no colour: their box keeps the neutral tint.
 */
export class Migration20261125162200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_assets" add column "background" varchar(7) null;`);
    this.addSql(`alter table "companies" add column "logo_background" varchar(7) null;`);
    this.addSql(`create function companies_logo_background() returns trigger language plpgsql as $$
begin
  new.logo_background := (
    select m.background from media_assets m
    where m.hash = substring(new.logo_url from '^/media/([0-9a-f]{64})\\.webp$') and m.visibility = 'public'
  );
  return new;
end $$;`);
    this.addSql(`create trigger companies_logo_background before insert or update of logo_url, logo_background on companies
      for each row execute function companies_logo_background();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists companies_logo_background on companies;`);
    this.addSql(`drop function if exists companies_logo_background();`);
    this.addSql(`alter table "companies" drop column "logo_background";`);
    this.addSql(`alter table "media_assets" drop column "background";`);
  }
}
