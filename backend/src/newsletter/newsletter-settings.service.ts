import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { NewsletterSettingsDto } from '../../../common/campaigns.js';

const KEY = 'newsletter';
export const DEFAULT_SETTINGS: NewsletterSettingsDto & { lastDigestAt: string | null } = { digestAutoSend: false, sendRatePerSecond: 50, lastDigestAt: null };

/** The newsletter's settings row (app_settings 'newsletter'): digest auto-send, send rate, last digest. */
@Injectable()
export class NewsletterSettingsService {
  constructor(private readonly em: EntityManager) {}

  async get(): Promise<typeof DEFAULT_SETTINGS> {
    const [row] = await this.em.getConnection().execute<Array<{ value: Partial<typeof DEFAULT_SETTINGS> }>>(
      `select value from app_settings where key = ?`, [KEY],
    );
    return { ...DEFAULT_SETTINGS, ...(row?.value ?? {}) };
  }

  async update(patch: Partial<typeof DEFAULT_SETTINGS>): Promise<typeof DEFAULT_SETTINGS> {
    const [row] = await this.em.getConnection().execute<Array<{ value: typeof DEFAULT_SETTINGS }>>(
      `insert into app_settings (key, value, updated_at) values (?, ?::jsonb, now())
       on conflict (key) do update set value = app_settings.value || excluded.value, updated_at = now() returning value`,
      [KEY, JSON.stringify(patch)],
    );
    return { ...DEFAULT_SETTINGS, ...row!.value };
  }
}
