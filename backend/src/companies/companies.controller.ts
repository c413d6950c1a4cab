import { EditorsToo } from '../access/editor-access.js';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { AdminOnly, Public } from '../access/route-labels.js';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import type { CompanyDto } from '../../../common/api-types.js';
import type { RevisionDto } from '../../../common/team-api-types.js';
import type { BulkResult } from '../../../common/bulk.js';
import { CsvExportRoute, csvFile, csvFileName } from '../common/csv-export.js';
import { IdDto } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { COMPANY_FILTERS, COMPANY_SORTABLE, CompaniesService } from './companies.service.js';
import { BulkCompaniesDto, CreateCompanyDto, ReplaceCompanyDto, UpdateCompanyDto } from './dto/company.dto.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

@ApiTags('companies')
@Controller('_api/companies')
@Public()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  /** Answered from the public cache (docs/design.md §6). */
  @Get()
  @PublicCache({ tables: ['companies'], key: 'companies' })
  async list(): Promise<Computed> {
    return { body: await this.companies.listPublic() };
  }
}

/** Both admin faces of docs/design.md §3: SPEC's POST calls and the ra-data-simple-rest routes. */
@ApiTags('admin: companies')
@Controller('_api/admin/companies')
@AdminResource('companies')
@AdminOnly()
export class AdminCompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @EditorsToo()
  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<CompanyDto[]> {
    const params = parseListQuery(query, COMPANY_SORTABLE, COMPANY_FILTERS);
    const result = await this.companies.list(params);
    sendContentRange(res, 'companies', params, result);
    return result.items;
  }

  /** Every company of the current filter as CSV, streamed (issue #18; declared before ':id'). */
  @EditorsToo()
  @Audit('export')
  @CsvExportRoute()
  async exportCsv(@Query() query: ListQuery): Promise<StreamableFile> {
    const params = parseListQuery({ filter: query.filter }, COMPANY_SORTABLE, COMPANY_FILTERS);
    return csvFile(await this.companies.exportCsv(params.filter), csvFileName('companies'));
  }

  @Audit('create')
  @Post()
  create(@Body() body: CreateCompanyDto): Promise<CompanyDto> {
    return this.companies.create(body);
  }

  /** Deletes the ticked companies or every company of the list's filter, all or none (issue #18); audited as 'bulk'. */
  @Audit('bulk')
  @Post('bulk')
  @HttpCode(200)
  bulk(@Body() body: BulkCompaniesDto): Promise<BulkResult> {
    return this.companies.bulk(body);
  }

  @Audit('update')
  @Post('update')
  @HttpCode(200)
  update(@Body() { id, ...changes }: UpdateCompanyDto): Promise<CompanyDto> {
    return this.companies.update(id, changes);
  }

  @Audit('delete')
  @Post('delete')
  @HttpCode(200)
  remove(@Body() { id }: IdDto): Promise<CompanyDto> {
    return this.companies.remove(id);
  }

  @EditorsToo()
  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<CompanyDto> {
    return this.companies.get(id);
  }

  /** Revisions of the firm profile (record, programs and scores), newest first (issue #20). */
  @EditorsToo()
  @Get(':id/revisions')
  revisions(@Param('id', idParam) id: number): Promise<RevisionDto[]> {
    return this.companies.revisionsOf(id);
  }

  @Audit('restore')
  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  restore(@Param('id', idParam) id: number, @Param('revisionId', idParam) revisionId: number): Promise<CompanyDto> {
    return this.companies.restore(id, revisionId);
  }

  @Audit('update')
  @Put(':id')
  replace(@Param('id', idParam) id: number, @Body() body: ReplaceCompanyDto): Promise<CompanyDto> {
    return this.companies.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  delete(@Param('id', idParam) id: number): Promise<CompanyDto> {
    return this.companies.remove(id);
  }
}
