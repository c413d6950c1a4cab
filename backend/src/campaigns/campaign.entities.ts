/**
 * The tables of Migration20261125100100, mapped so the ORM's schema diff (npm run migration:create) knows them.
 * The services read and write them with SQL: a send touches thousands of rows and must stay set-based.
 */
import { Entity, Index, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import type { CampaignAudience, CampaignStatus } from '../../../common/campaigns.js';

@Entity({ tableName: 'campaigns' })
@Index({ name: 'campaigns_created_at_index', properties: ['createdAt', 'id'] })
export class Campaign {
  @PrimaryKey({ type: 'integer', autoincrement: true }) id!: number;
  @Property({ type: 'text', default: 'campaign', columnType: 'text' }) kind: ('campaign' | 'digest') & Opt = 'campaign';
  @Property({ type: 'string', length: 200 }) subject!: string;
  @Property({ type: 'string', length: 300, default: '' }) previewText: string & Opt = '';
  @Property({ type: 'text', default: '' }) html: string & Opt = '';
  @Property({ type: 'text', default: 'draft', columnType: 'text' }) status: CampaignStatus & Opt = 'draft';
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true }) scheduledAt: Date | null = null;
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true }) sentAt: Date | null = null;
  @Property({ type: 'json', columnType: 'jsonb', defaultRaw: `'{"kind":"all"}'` }) audience: CampaignAudience & Opt = { kind: 'all' };
  @Property({ type: 'json', columnType: 'jsonb', defaultRaw: `'[]'` }) links: string[] & Opt = [];
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true }) recipientsAt: Date | null = null;
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' }) updatedAt: Date & Opt = new Date();
}

@Entity({ tableName: 'campaign_deliveries' })
@Unique({ name: 'campaign_deliveries_campaign_subscriber_unique', properties: ['campaignId', 'subscriberId'] })
@Index({ name: 'campaign_deliveries_subscriber_index', properties: ['subscriberId'] })
export class CampaignDelivery {
  @PrimaryKey({ type: 'bigint', autoincrement: true }) id!: string;
  @Property({ type: 'integer' }) campaignId!: number;
  @Property({ type: 'integer', nullable: true }) subscriberId: number | null = null;
  @Property({ type: 'string', length: 254 }) email!: string;
  @Property({ type: 'text', default: 'queued', columnType: 'text' }) state: ('queued' | 'sending' | 'sent' | 'failed' | 'bounced') & Opt = 'queued';
  @Property({ type: 'smallint', default: 0 }) attempts: number & Opt = 0;
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true }) claimedAt: Date | null = null;
  /** The pg-boss job that claimed the row (Migration20261125161600): its end without a 'sent' leaves the row in doubt. */
  @Property({ type: 'uuid', nullable: true }) claimedBy: string | null = null;
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true }) sentAt: Date | null = null;
  @Property({ type: 'text', nullable: true }) error: string | null = null;
}

@Entity({ tableName: 'campaign_clicks' })
@Index({ name: 'campaign_clicks_subscriber_index', properties: ['subscriberId'] })
export class CampaignClick {
  @PrimaryKey({ type: 'integer' }) campaignId!: number;
  @PrimaryKey({ type: 'integer' }) subscriberId!: number;
  @PrimaryKey({ type: 'smallint' }) link!: number;
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' }) clickedAt: Date & Opt = new Date();
}

@Entity({ tableName: 'app_settings' })
export class AppSetting {
  @PrimaryKey({ type: 'string', length: 100 }) key!: string;
  @Property({ type: 'json', columnType: 'jsonb' }) value!: unknown;
  @Property({ type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' }) updatedAt: Date & Opt = new Date();
}
