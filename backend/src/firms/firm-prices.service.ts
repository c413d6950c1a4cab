import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service.js';
import { FIRM_PRICES_REFRESH_QUEUE } from '../jobs/queues.js';

/** How often rows whose kept prices ran out are recomputed; until then the table prices those rows live. */
const REFRESH_SECONDS = 60;

/**
 * The best code and price kept on each firm_program_sizes row (Migration20261125162100). PostgreSQL
 * recomputes a row on every write that can change it; what no write announces is a code reaching its end,
 * so a repeated job recomputes the rows whose window ended, and `keptPricesHold` tells the /firms query
 * whether it may read only the kept values at a moment (else it prices the rows outside their window live).
 */
@Injectable()
export class FirmPricesService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    void this.jobs.register(FIRM_PRICES_REFRESH_QUEUE, () => this.refreshEnded(), { policy: 'stately', retryLimit: 2 });
    this.jobs.every(FIRM_PRICES_REFRESH_QUEUE, REFRESH_SECONDS);
  }

  /** Recomputes the rows whose kept prices ran out (setting prices_from asks the row's trigger); how many. */
  async refreshEnded(): Promise<number> {
    // An UPDATE of no row sends no change notice (Migration20261125162101): asking every minute drops no cached answer.
    const rows = await this.em.getConnection().execute<Array<{ id: number }>>(
      'update firm_program_sizes set prices_from = null where prices_until <= now() returning id',
    );
    return rows.length;
  }

  /**
   * Whether every row's kept prices hold at `now`: none ran out, and none was computed after it (a request
   * whose moment was taken before a write it reads). Two probes of the rows' window indexes.
   */
  async keptPricesHold(now: Date): Promise<boolean> {
    const [row] = await this.em.getConnection().execute<Array<{ stale: boolean }>>(
      `select exists (select 1 from firm_program_sizes where prices_until <= ?)
           or exists (select 1 from firm_program_sizes where prices_from > ? or prices_from is null) as stale`,
      [now, now],
    );
    return !row?.stale;
  }
}
