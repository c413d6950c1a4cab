import type { EntityManager } from '@mikro-orm/postgresql';

const DAY = 24 * 60 * 60 * 1000;
/** Approved reports per demo firm, in the companies seed's order: some with enough (≥ 5) for rates, some without. */
const REPORTS_PER_FIRM = [14, 9, 7, 5, 6, 3, 1, 0];
const PROGRAMS = ['Two-step challenge', 'One-step challenge', 'Instant funding'];
const AMOUNTS = [640, 1180, 2350, 3900, 820, 5400, 1575, 9800, 2960, 430, 12_500];
const DENIAL_REASONS = ['Consistency rule: one day made over 40 % of the profit', 'Trading during a news window', 'Copy trading detected'];

/**
 * Demo payout reports (issue #17): believable, not real. Demo traders sign in by link only (no password), and
 * every report is approved with proof verified so the profiles show figures from the first start. Only when the
 * table is empty; runs after the companies step.
 */
export async function seedPayoutReports(em: EntityManager, now = new Date()): Promise<number> {
  const conn = em.getConnection();
  const [{ n }] = await conn.execute<Array<{ n: number }>>('select count(*)::int as n from payout_reports');
  if (n > 0) return 0;
  const companies = await conn.execute<Array<{ id: number }>>('select id from companies order by id limit ?', [REPORTS_PER_FIRM.length]);
  if (!companies.length) return 0;
  const traders: number[] = [];
  for (let i = 1; i <= 15; i++) {
    const [row] = await conn.execute<Array<{ id: number }>>(
      `insert into users (display_name, email, role, created_at) values (?, ?, 'user', ?)
       on conflict (email) do update set display_name = excluded.display_name returning id`,
      [`Demo trader ${i}`, `demo-trader-${i}@example.com`, new Date(now.getTime() - (200 + i) * DAY)],
    );
    traders.push(row!.id);
  }
  let created = 0;
  for (const [f, company] of companies.entries()) {
    for (let r = 0; r < REPORTS_PER_FIRM[f]!; r++) {
      const seed = f * 31 + r * 7;
      const requestedDaysAgo = 5 + ((seed * 13) % 170);
      const outcome = r === 2 && f % 2 === 1 ? 'denied' : r === 0 && f < 3 ? 'pending' : 'paid';
      const days = outcome === 'pending' ? null : outcome === 'denied' ? 3 + (seed % 5) : 1 + (seed % (3 + f * 2));
      const requestedOn = new Date(now.getTime() - requestedDaysAgo * DAY);
      const resolvedOn = days === null ? null : new Date(Math.min(now.getTime(), requestedOn.getTime() + days * DAY));
      const createdAt = new Date((resolvedOn ?? requestedOn).getTime() + DAY / 2);
      await conn.execute(
        `insert into payout_reports (user_id, company_id, program_name, account_size, amount, requested_on, outcome, resolved_on,
           firm_reason, status, proof_verified, reviewed_at, created_at)
         values (?, ?, ?, ?, ?, ?::date, ?, ?::date, ?, 'approved', true, ?, ?)`,
        [traders[(f + r) % traders.length], company.id, PROGRAMS[seed % PROGRAMS.length], [25_000, 50_000, 100_000][seed % 3],
          AMOUNTS[seed % AMOUNTS.length], requestedOn.toISOString().slice(0, 10), outcome, resolvedOn?.toISOString().slice(0, 10) ?? null,
          outcome === 'denied' ? DENIAL_REASONS[seed % DENIAL_REASONS.length] : null, new Date(Math.min(now.getTime(), createdAt.getTime() + DAY)),
          new Date(Math.min(now.getTime(), createdAt.getTime()))],
      );
      created++;
    }
  }
  return created;
}
