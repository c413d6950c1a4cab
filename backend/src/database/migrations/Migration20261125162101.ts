import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #21: a statement that changes no row no longer sends `content_changed`.
 *
 * The content triggers were statement triggers, and PostgreSQL fires a statement trigger even when the
 * statement wrote nothing. Jobs that ask "anything to do?" with an UPDATE or INSERT … SELECT (the alerts
 * tick on firm_events, every 15 s) therefore told every instance that firm_events had changed, and every
 * cached page (pages read the firm tables) was dropped and rendered again four times a minute: the
 * /discounts page's ratio in bench/api-load.mjs swung with where those renders fell in a run.
 *
 * Each statement-level `notify_content_changed` trigger on INSERT/UPDATE/DELETE becomes a row-level
 * trigger on the same events (one notice per transaction all the same: PostgreSQL folds identical
 * notifications), and TRUNCATE, which has no rows, keeps a statement trigger (`<table>_content_truncated`).
 * Found from the catalogue, so it covers every table an earlier migration gave such a trigger; row-level
 * ones (discounts' filtered update trigger) are left as they are. A table given a content trigger later
 * should use the same two forms.
 */
export class Migration20261125162101 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
declare
  t record;
  events text;
begin
  for t in
    select tg.tgname, tg.tgrelid::regclass as tbl, c.relname, tg.tgtype
    from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
    where tg.tgfoid = 'notify_content_changed'::regproc and not tg.tgisinternal
      and tg.tgtype & 1 = 0 and tg.tgattr = ''::int2vector
  loop
    events := concat_ws(' or ',
      case when t.tgtype & 4 <> 0 then 'insert' end,
      case when t.tgtype & 16 <> 0 then 'update' end,
      case when t.tgtype & 8 <> 0 then 'delete' end);
    execute format('drop trigger %I on %s', t.tgname, t.tbl);
    if events <> '' then
      execute format('create trigger %I after %s on %s for each row execute function notify_content_changed()', t.tgname, events, t.tbl);
    end if;
    if t.tgtype & 32 <> 0 then
      execute format('create trigger %I after truncate on %s for each statement execute function notify_content_changed()', t.relname || '_content_truncated', t.tbl);
    end if;
  end loop;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`do $$
declare
  t record;
begin
  for t in
    select tg.tgname, tg.tgrelid::regclass as tbl, c.relname
    from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
    where tg.tgfoid = 'notify_content_changed'::regproc and not tg.tgisinternal
      and tg.tgtype & 1 = 1 and tg.tgqual is null and tg.tgname = c.relname || '_content_changed'
  loop
    execute format('drop trigger %I on %s', t.tgname, t.tbl);
    execute format('drop trigger if exists %I on %s', t.relname || '_content_truncated', t.tbl);
    execute format('create trigger %I after insert or update or delete or truncate on %s for each statement execute function notify_content_changed()', t.tgname, t.tbl);
  end loop;
end $$;`);
  }
}
