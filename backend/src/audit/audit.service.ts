import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { PublicUser } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import type { AuditEntryDto, FieldChanges } from '../../../common/team-api-types.js';
import { ApiError } from '../common/api-error.js';
import { checkFilterKeys } from '../common/list-filter.js';
import { idsFilter, type ListParams, type ListResult } from '../common/rest-list.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AuditEntry } from './audit-entry.entity.js';

export const AUDIT_SORTABLE = ['id', 'at'] as const;
export const AUDIT_FILTERS = ['actorId', 'actorEmail', 'resource', 'action', 'resourceId', 'from', 'to', 'id'] as const;
/** The sweep of entries past the retention runs at most this often, on a write (no timer of its own). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface NewAuditEntry {
  actor: Pick<PublicUser, 'id' | 'email'> | { id: null; email: string | null } | null;
  action: string;
  resource: string;
  resourceId?: string | number | null;
  changes?: FieldChanges;
}

/** The audit log: appended by AuditInterceptor and the sign-in guard, read by admins, never edited. */
@Injectable()
export class AuditService {
  private lastSweep = 0;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async append(entry: NewAuditEntry): Promise<void> {
    const em = this.em.fork();
    em.create(AuditEntry, {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      resource: entry.resource,
      resourceId: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId).slice(0, 60),
      changes: entry.changes ?? {},
    });
    await em.flush();
    await this.sweepIfDue();
  }

  /** Deletes entries older than the retention (AUDIT_RETENTION_DAYS): one index range, at most hourly. */
  async sweepIfDue(now = Date.now()): Promise<number> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return 0;
    this.lastSweep = now;
    const cutoff = new Date(now - this.config.auditRetentionDays * 24 * 60 * 60 * 1000);
    return this.em.fork().nativeDelete(AuditEntry, { at: { $lt: cutoff } });
  }

  /** Who last saved the record, by the log (for the conflict message); null when the log does not say. */
  async lastEditor(resource: string, resourceId: number): Promise<string | null> {
    const [row] = await this.em.getConnection().execute<Array<{ name: string | null; email: string | null }>>(
      `select u.display_name as name, a.actor_email as email from audit_log a left join users u on u.id = a.actor_id
       where a.resource = ? and a.resource_id = ? and a.action in ('create', 'update', 'restore', 'bulk')
       order by a.at desc, a.id desc limit 1`,
      [resource, String(resourceId)],
    );
    return row ? (row.name ?? row.email) : null;
  }

  /** GET /_api/admin/audit-log: newest first; filters actorId, actorEmail, resource, action, resourceId, from, to. */
  async list(params: ListParams<(typeof AUDIT_SORTABLE)[number]>): Promise<ListResult<AuditEntryDto>> {
    checkFilterKeys(params.filter, AUDIT_FILTERS);
    const f = params.filter;
    const where: FilterQuery<AuditEntry> = {};
    const ids = idsFilter(f);
    if (ids) where.id = { $in: ids.map(String) };
    if (present(f.actorId)) {
      const actorId = Number(f.actorId);
      if (!Number.isSafeInteger(actorId)) throw badFilter('actorId');
      where.actorId = actorId;
    }
    if (present(f.actorEmail)) where.actorEmail = text(f.actorEmail, 'actorEmail').toLowerCase();
    if (present(f.resource)) where.resource = text(f.resource, 'resource');
    if (present(f.action)) where.action = text(f.action, 'action');
    if (present(f.resourceId)) where.resourceId = String(f.resourceId);
    const at: Record<string, Date> = {};
    if (present(f.from)) at.$gte = date(f.from, 'from');
    if (present(f.to)) at.$lte = endOfDayIfDate(f.to, date(f.to, 'to'));
    if (Object.keys(at).length) where.at = at;
    const dir = params.sort?.order === 'ASC' ? 'asc' : 'desc';
    const [items, total] = await this.em.findAndCount(AuditEntry, where, {
      orderBy: [{ at: dir }, { id: dir }],
      limit: params.page?.limit ?? 1000,
      offset: params.page?.offset,
    });
    return { items: items.map(toAuditEntryDto), total };
  }
}

export function toAuditEntryDto(e: AuditEntry): AuditEntryDto {
  return {
    id: Number(e.id),
    at: e.at.toISOString(),
    actor: { id: e.actorId, email: e.actorEmail },
    action: e.action,
    resource: e.resource,
    resourceId: e.resourceId,
    changes: e.changes,
  };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

function badFilter(key: string): ApiError {
  return new ApiError(400, MSG.invalidListParam('filter'), { [`filter.${key}`]: MSG.invalidListParam('filter') });
}

function text(v: unknown, key: string): string {
  if (typeof v !== 'string' || v.length > 254) throw badFilter(key);
  return v.trim();
}

function date(v: unknown, key: string): Date {
  const d = typeof v === 'string' ? new Date(v) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) throw badFilter(key);
  return d;
}

/** A bare date as `to` means the whole of that day (react-admin's DateInput sends 'YYYY-MM-DD'). */
function endOfDayIfDate(raw: unknown, d: Date): Date {
  return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(d.getTime() + 24 * 60 * 60 * 1000 - 1) : d;
}
