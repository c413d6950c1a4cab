import { Injectable } from '@nestjs/common';
import { UNKNOWN_EDITOR, VERSIONED_RESOURCES, editConflictMessage, type VersionedResource } from '../../../common/edit-conflict.js';
import { ApiError } from '../common/api-error.js';
import { AuditService } from './audit.service.js';

/** What the check reads of a record: an entity (BaseEntity) or a row read with SQL (campaigns). */
export interface VersionedRecord {
  id: number;
  version: number;
  updatedAt: Date;
}

/**
 * The check a save makes before changing a versioned record: a `version` older (or other) than the stored one
 * answers 409 naming who saved last and when, and nothing is written. Without a `version` (SPEC's own calls)
 * the save goes on as before. Two saves passing this check at once still cannot both land: the ORM's UPDATE
 * is conditional on the version it loaded (OptimisticLockError, also a 409 in AllExceptionsFilter).
 */
@Injectable()
export class EditConflicts {
  constructor(private readonly audit: AuditService) {}

  async assertCurrent(resource: VersionedResource, entity: VersionedRecord, expected: number | undefined): Promise<void> {
    if (expected === undefined || expected === entity.version) return;
    const by = (await this.audit.lastEditor(resource, entity.id)) ?? UNKNOWN_EDITOR;
    const message = editConflictMessage(VERSIONED_RESOURCES[resource], by, entity.updatedAt);
    throw new ApiError(409, message, { version: message });
  }
}
