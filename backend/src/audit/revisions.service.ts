import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { RevisionDto } from '../../../common/team-api-types.js';
import { ApiError } from '../common/api-error.js';
import { currentActor } from './admin-write-context.js';
import { Revision } from './revision.entity.js';

/** How many revisions a list shows (newest first). */
const LIST_LIMIT = 200;
export const REVISION_NOT_FOUND = 'Revision not found';

export type RevisionKind = 'create' | 'save' | 'restore' | 'autosave';

/**
 * Revisions of posts and firm profiles (issue #20), one mechanism for every resource: the owning service
 * records the record's editable fields in its own save transaction, and restores by saving a revision's fields.
 */
@Injectable()
export class RevisionsService {
  constructor(private readonly em: EntityManager) {}

  /** Adds a revision to the caller's unit of work (it is written with the save, or not at all). */
  record(em: EntityManager, resource: string, recordId: number, fields: Record<string, unknown>, kind: RevisionKind): void {
    const actor = currentActor();
    em.create(Revision, { resource, recordId, kind, fields, actorId: actor?.id ?? null, actorName: actor?.displayName ?? null });
  }

  /**
   * An autosave of a draft: the newest revision when that is already this person's autosave is replaced, so
   * typing for an hour leaves one revision, not hundreds; any other save starts a new one.
   */
  async autosave(resource: string, recordId: number, fields: Record<string, unknown>): Promise<RevisionDto> {
    const actor = currentActor();
    return this.em.transactional(async (em) => {
      const newest = await em.findOne(Revision, { resource, recordId }, { orderBy: { id: 'desc' } });
      if (newest && newest.kind === 'autosave' && newest.actorId === (actor?.id ?? null)) {
        // A revision is never edited; the autosave in progress is replaced by the newer one.
        em.remove(newest);
      }
      const revision = em.create(Revision, {
        resource, recordId, kind: 'autosave', fields, actorId: actor?.id ?? null, actorName: actor?.displayName ?? null,
      });
      await em.flush();
      return toRevisionDto(revision);
    });
  }

  async list(resource: string, recordId: number): Promise<RevisionDto[]> {
    const rows = await this.em.find(Revision, { resource, recordId }, { orderBy: { id: 'desc' }, limit: LIST_LIMIT });
    return rows.map(toRevisionDto);
  }

  async find(resource: string, recordId: number, revisionId: number): Promise<Revision> {
    const revision = await this.em.findOne(Revision, { id: String(revisionId), resource, recordId });
    if (!revision) throw new ApiError(404, REVISION_NOT_FOUND);
    return revision;
  }
}

export function toRevisionDto(r: Revision): RevisionDto {
  return {
    id: Number(r.id),
    recordId: r.recordId,
    at: r.at.toISOString(),
    actor: { id: r.actorId, name: r.actorName },
    kind: r.kind,
    fields: r.fields,
  };
}
