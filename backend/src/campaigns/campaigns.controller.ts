import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AudienceSourceDto, CampaignDto, DigestInfoDto, NewsletterSettingsDto } from '../../../common/campaigns.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { idParam } from '../common/id.param.js';
import { parseListQuery, sendContentRange, type ListQuery } from '../common/rest-list.js';
import { CAMPAIGN_SORTABLE, CampaignsService } from './campaigns.service.js';
import { DigestService } from './digest.service.js';
import { NewsletterSettingsService } from '../newsletter/newsletter-settings.service.js';
import { AdminOnly } from '../access/route-labels.js';
import { EditorsToo } from '../access/editor-access.js';
import type { RevisionDto } from '../../../common/team-api-types.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

/**
 * Campaigns, the digest and the newsletter settings: ra-data-simple-rest face; guarded by AdminGuard (/_api/admin).
 * Editors draft campaigns (issue #20): they list, read, create, edit and restore; sending, scheduling, tests,
 * cancelling, deleting, the digest and the settings stay an admin's (common/roles.ts EDITOR_ADMIN_ONLY_ACTIONS).
 */
@ApiTags('admin: campaigns')
@Controller('_api/admin/campaigns')
@AdminResource('campaigns')
@EditorsToo()
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly digest: DigestService,
    private readonly settings: NewsletterSettingsService,
  ) {}

  @Get()
  async list(@Query() query: ListQuery, @Res({ passthrough: true }) res: Response): Promise<CampaignDto[]> {
    const params = parseListQuery(query, CAMPAIGN_SORTABLE, ['status']);
    const result = await this.campaigns.list(params);
    sendContentRange(res, 'campaigns', params, result);
    return result.items;
  }

  @Audit('create')
  @Post()
  create(@Body() body: unknown): Promise<CampaignDto> {
    return this.campaigns.create(body);
  }

  // Declared before ':id' so these names are not read as ids.
  @Get('digest')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  digestInfo(): Promise<DigestInfoDto> {
    return this.digest.info();
  }

  @Audit('digest')
  @Post('digest')
  @AdminOnly()
  @HttpCode(200)
  draftDigest() {
    return this.digest.draft();
  }

  @Get('sources')
  @Header('Cache-Control', 'no-store')
  sources(): Promise<AudienceSourceDto[]> {
    return this.campaigns.sources();
  }

  @Get('settings')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  async getSettings(): Promise<NewsletterSettingsDto> {
    const { digestAutoSend, sendRatePerSecond } = await this.settings.get();
    return { digestAutoSend, sendRatePerSecond };
  }

  @Audit('update')
  @Put('settings')
  @AdminOnly()
  async putSettings(@Body() body: { digestAutoSend?: unknown; sendRatePerSecond?: unknown }): Promise<NewsletterSettingsDto> {
    const patch: { digestAutoSend?: boolean; sendRatePerSecond?: number } = {};
    if (body?.digestAutoSend !== undefined) {
      if (typeof body.digestAutoSend !== 'boolean') throw new ApiError(400, 'digestAutoSend must be true or false');
      patch.digestAutoSend = body.digestAutoSend;
    }
    if (body?.sendRatePerSecond !== undefined) {
      const n = body.sendRatePerSecond;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1000) throw new ApiError(400, 'sendRatePerSecond must be a whole number from 1 to 1000');
      patch.sendRatePerSecond = n;
    }
    const { digestAutoSend, sendRatePerSecond } = await this.settings.update(patch);
    return { digestAutoSend, sendRatePerSecond };
  }

  @Get(':id')
  get(@Param('id', idParam) id: number): Promise<CampaignDto> {
    return this.campaigns.get(id);
  }

  @Get(':id/preview')
  @Header('Cache-Control', 'no-store')
  preview(@Param('id', idParam) id: number) {
    return this.campaigns.preview(id);
  }

  /** Revisions of the campaign's words, newest first (issue #20). */
  @Get(':id/revisions')
  @Header('Cache-Control', 'no-store')
  revisions(@Param('id', idParam) id: number): Promise<RevisionDto[]> {
    return this.campaigns.revisionsOf(id);
  }

  @Audit('restore')
  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  restore(@Param('id', idParam) id: number, @Param('revisionId', idParam) revisionId: number): Promise<CampaignDto> {
    return this.campaigns.restore(id, revisionId);
  }

  @Audit('update')
  @Put(':id')
  update(@Param('id', idParam) id: number, @Body() body: unknown): Promise<CampaignDto> {
    return this.campaigns.update(id, body);
  }

  @Audit('delete')
  @Delete(':id')
  @AdminOnly()
  remove(@Param('id', idParam) id: number): Promise<CampaignDto> {
    return this.campaigns.remove(id);
  }

  @Audit('test')
  @Post(':id/test')
  @AdminOnly()
  @HttpCode(200)
  test(@Param('id', idParam) id: number, @Body() body: { email?: unknown }): Promise<{ message: string }> {
    if (!body || typeof body !== 'object') throw new ApiError(400, MSG.emailInvalid);
    return this.campaigns.test(id, body.email);
  }

  @Audit('send')
  @Post(':id/send')
  @AdminOnly()
  @HttpCode(200)
  send(@Param('id', idParam) id: number): Promise<CampaignDto> {
    return this.campaigns.send(id);
  }

  @Audit('cancel')
  @Post(':id/cancel')
  @AdminOnly()
  @HttpCode(200)
  cancel(@Param('id', idParam) id: number): Promise<CampaignDto> {
    return this.campaigns.cancel(id);
  }
}
