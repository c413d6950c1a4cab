import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { TimelineEntryDto } from '../../../common/firm-api-types.js';
import { describeChangeIn, diffPrograms, diffStatus, type ProgramVersion, type RuleChange } from '../../../common/rule-changes.js';
import type { FirmStatus } from '../../../common/firms.js';
import { FirmChange } from './firm-change.entity.js';
import { FirmEvent } from './firm-event.entity.js';

/** The editor's optional words on a save, kept with each entry it writes. */
export interface ChangeMeta {
  note?: string | null;
  sourceUrl?: string | null;
}

/** What a save changes, as the diff needs it: the versions before and after. */
export interface FirmVersions {
  /** A status change keeps its own reason and source (issue #17), else the save's note and source. */
  status?: { before: FirmStatus; after: FirmStatus; reason?: string | null; source?: string | null };
  programs?: { before: readonly ProgramVersion[]; after: readonly ProgramVersion[] };
}

/**
 * Writes and reads the outbox of firm changes (issue #19). Writers call `claim` first inside their
 * transaction, so the database triggers (the net for raw-SQL writes) leave the rows to them, then
 * `record` what the diff found, in the same transaction as the change.
 */
@Injectable()
export class FirmEventsService {
  /** Tells the triggers that this transaction writes its own events (transaction-local). */
  async claim(em: EntityManager): Promise<void> {
    await em.execute(`select set_config('vtf.events_recorded', 'on', true)`);
  }

  /** The entries between the versions, written in the current transaction (flushes). */
  async record(em: EntityManager, companyId: number, versions: FirmVersions, meta: ChangeMeta = {}): Promise<RuleChange[]> {
    const changes = [
      ...(versions.status ? diffStatus(versions.status.before, versions.status.after) : []),
      ...(versions.programs ? diffPrograms(versions.programs.before, versions.programs.after) : []),
    ];
    for (const c of changes) {
      const status = c.kind === 'status' ? versions.status : undefined;
      em.create(FirmEvent, {
        company: companyId, kind: c.kind, program: c.program, field: c.field, before: c.before, after: c.after,
        note: status?.reason || meta.note || null, sourceUrl: status?.source || meta.sourceUrl || null,
      });
    }
    if (changes.length) await em.flush();
    return changes;
  }

  /** Each firm's history, newest first: the recorded changes and the entries written by hand. */
  async timelines(em: EntityManager, companyIds: number[]): Promise<Map<number, TimelineEntryDto[]>> {
    const result = new Map<number, TimelineEntryDto[]>(companyIds.map((id) => [id, []]));
    if (!companyIds.length) return result;
    const [events, manual] = await Promise.all([
      // Codes have their own section and alerts; the history is about rules and status.
      em.find(FirmEvent, { company: { $in: companyIds }, kind: { $ne: 'code' } }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      em.find(FirmChange, { company: { $in: companyIds } }, { orderBy: [{ date: 'desc' }, { id: 'desc' }] }),
    ]);
    for (const e of events) result.get(e.company.id)!.push(eventEntry(e));
    for (const c of manual) result.get(c.company.id)!.push(manualEntry(c));
    for (const list of result.values()) list.sort(newestFirst);
    return result;
  }
}

export function eventEntry(e: FirmEvent): TimelineEntryDto {
  const at = new Date(e.createdAt).toISOString();
  return {
    id: `e${e.id}`, kind: e.kind, date: at.slice(0, 10), at, program: e.program, field: e.field,
    before: e.before, after: e.after, text: describeChangeIn(e), note: e.note, sourceUrl: e.sourceUrl,
  };
}

function manualEntry(c: FirmChange): TimelineEntryDto {
  return {
    id: `c${c.id}`, kind: 'manual', date: c.date, at: new Date(c.createdAt).toISOString(), program: null, field: null,
    before: null, after: null, text: c.change, note: null, sourceUrl: c.sourceUrl,
  };
}

/** By day, newest first; within a day the later write first. */
function newestFirst(a: TimelineEntryDto, b: TimelineEntryDto): number {
  return b.date.localeCompare(a.date) || b.at.localeCompare(a.at) || b.id.localeCompare(a.id);
}
