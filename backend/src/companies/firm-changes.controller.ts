import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminFirmChangeDto } from '../../../common/firm-api-types.js';
import { EditorsToo } from '../access/editor-access.js';
import { AdminOnly } from '../access/route-labels.js';
import { AdminResource, Audit } from '../audit/admin-write.js';
import { CsvExportRoute, csvFile, csvFileName } from '../common/csv-export.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { CreateFirmChangeDto, ReplaceFirmChangeDto, UpdateFirmChangeDto } from './dto/firm-change.dto.js';
import { FIRM_CHANGE_FILTERS, FIRM_CHANGE_SORTABLE, FirmChangesService } from './firm-changes.service.js';

/** Both admin faces of docs/design.md §3 for firms' changelog entries. */
@ApiTags('admin: firm changes')
@Controller('_api/admin/firm-changes')
@AdminResource('firm-changes')
@AdminOnly()
export class AdminFirmChangesController {
  constructor(private readonly changes: FirmChangesService) {}

  @EditorsToo()
  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminFirmChangeDto[]> {
    const params = parseListQuery(query, FIRM_CHANGE_SORTABLE, FIRM_CHANGE_FILTERS);
    const result = await this.changes.list(params);
    sendContentRange(res, 'firm-changes', params, result);
    return result.items;
  }

  /** Every entry of the current filter as CSV, streamed (issue #18; declared before ':id'). */
  @EditorsToo()
  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, FIRM_CHANGE_SORTABLE, FIRM_CHANGE_FILTERS);
    return csvFile(await this.changes.exportCsv(params.filter), csvFileName('firm_changes'));
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.create(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.update(id, changes);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<AdminFirmChangeDto> {
    return this.changes.remove(id);
  }

  @EditorsToo()
  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<AdminFirmChangeDto> {
    return this.changes.get(id);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceFirmChangeDto): Promise<AdminFirmChangeDto> {
    return this.changes.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<AdminFirmChangeDto> {
    return this.changes.remove(id);
  }
}
