import { Migration } from '@mikro-orm/migrations';

/**
 * Firm slugs the /firms/:slug route cannot answer (SPEC's slug rule kept underscores: `under_score-capital`)
 * get one it can (issue #18): the same folding as common/firms.ts firmSlug, then the id, which keeps it unique.
 */
export class Migration20261125120300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "companies" set "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("slug"), '[^a-z0-9]+', '-', 'g')), ''), 'firm') || '-' || "id"
      where "slug" !~ '^[a-z0-9-]{1,200}$';`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the old slugs answered 404.
  }
}
