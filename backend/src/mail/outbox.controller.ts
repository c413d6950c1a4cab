import { Controller, Get, Header, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { AdminOnly } from '../access/route-labels.js';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import type { OutboxItemDto, OutboxMessageDto } from '../../../common/mail-api-types.js';
import { OutboxService } from './outbox.service.js';
import { AdminResource } from '../audit/admin-write.js';

/** The admin's Outbox (ra-data-simple-rest: list newest first, one message parsed, or its .eml). Admins only (@AdminOnly). */
@ApiTags('admin: outbox')
@Controller('_api/admin/outbox')
@AdminResource('outbox')
@AdminOnly()
export class OutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<OutboxItemDto[]> {
    const params = parseListQuery(query, ['id', 'date'], []);
    const result = await this.outbox.list(params);
    sendContentRange(res, 'outbox', params, result);
    return result.items;
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  get(@Param('id') id: string): Promise<OutboxMessageDto> {
    return this.outbox.get(id);
  }

  /** The message's exact bytes, for a mail client (what the Outbox's files were before it moved into the database). */
  @Get(':id/eml')
  @Header('Cache-Control', 'no-store')
  async eml(@Param('id') id: string): Promise<StreamableFile> {
    return new StreamableFile(await this.outbox.eml(id), { type: 'message/rfc822', disposition: `attachment; filename="${id}.eml"` });
  }
}
