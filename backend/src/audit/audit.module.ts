import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditLogController } from './audit-log.controller.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { AuditService } from './audit.service.js';
import { EditConflicts } from './edit-conflicts.js';
import { ReadOnlyFieldsInterceptor } from './read-only-fields.interceptor.js';
import { RevisionsService } from './revisions.service.js';

/** The audit log, revisions and version checks (issue #20): global, as every admin resource uses them. */
@Global()
@Module({
  controllers: [AuditLogController],
  providers: [
    AuditService, RevisionsService, EditConflicts,
    { provide: APP_INTERCEPTOR, useClass: ReadOnlyFieldsInterceptor },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
  ],
  exports: [AuditService, RevisionsService, EditConflicts],
})
export class AuditModule {}
