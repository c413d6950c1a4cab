import type { EntityManager } from '@mikro-orm/postgresql';
import { REPORT_MIN_COUNT } from '../../../common/proof.js';

const HOUR = 60 * 60 * 1000;

/** [reports, of which worked] per demo code: several over the threshold, so a fresh start shows success rates. */
export const DEMO_REPORT_HISTORY: Record<string, [number, number]> = {
  VTF15: [48, 44],
  VTFAPEX: [63, 51],
  VTF10: [37, 35],
  E8VTF12: [14, 12],
  VTF20: [22, 19],
  VTFCOMBINE: [31, 27],
  VTF8: [6, 5],
};

/**
 * Runs after the checks step: believable visitor answers over the last 25 days for the active demo codes, spread
 * at least 5 hours apart (no burst, no swing, nothing to hold), written straight into the append-only table. The
 * figures job (ProofFiguresService) turns them into success rates within a minute of the start. Only when it is empty.
 */
export async function seedDiscountReports(em: EntityManager, now = new Date()): Promise<number> {
  const conn = em.getConnection();
  const [{ n }] = await conn.execute<Array<{ n: number }>>('select count(*)::int as n from discount_reports', [], 'all', em.getTransactionContext()) as [{ n: number }];
  if (n > 0) return 0;
  const codes = await conn.execute<Array<{ id: number; discount_code: string }>>(
    `select id, discount_code from discounts where status = 'active' and discount_code in (${Object.keys(DEMO_REPORT_HISTORY).map(() => '?').join(', ')})`,
    Object.keys(DEMO_REPORT_HISTORY),
    'all', em.getTransactionContext(),
  );
  let created = 0;
  for (const { id, discount_code } of codes) {
    const [total, worked] = DEMO_REPORT_HISTORY[discount_code]!;
    const span = 25 * 24 * HOUR;
    // Failures spread through the history, not bunched at one end.
    const every = Math.max(1, Math.floor(total / Math.max(1, total - worked)));
    for (let i = 0; i < total; i++) {
      const at = new Date(now.getTime() - 2 * HOUR - Math.floor((span * (i + 0.5)) / total));
      const failed = i % every === every - 1 && i / every < total - worked;
      await conn.execute('insert into discount_reports (discount_id, worked, created_at) values (?, ?, ?)', [id, !failed, at], 'all', em.getTransactionContext());
      created++;
    }
  }
  return created;
}

/** How many demo codes start with a shown success rate. */
export const DEMO_CODES_WITH_RATE = Object.values(DEMO_REPORT_HISTORY).filter(([total]) => total >= REPORT_MIN_COUNT).length;
