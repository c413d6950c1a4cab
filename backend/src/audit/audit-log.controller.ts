import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../access/route-labels.js';
import type { AuditEntryDto } from '../../../common/team-api-types.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { AUDIT_FILTERS, AUDIT_SORTABLE, AuditService } from './audit.service.js';
import { AdminResource } from './admin-write.js';

/** Read-only on purpose: no route here creates, edits or deletes an entry. */
@ApiTags('admin: audit log')
@AdminOnly()
@Controller('_api/admin/audit-log')
@AdminResource('audit-log')
export class AuditLogController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AuditEntryDto[]> {
    const params = parseListQuery(query, AUDIT_SORTABLE, AUDIT_FILTERS);
    const result = await this.audit.list(params);
    sendContentRange(res, 'audit-log', params, result);
    return result.items;
  }
}
