import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { timingSafeEqual, createHash } from 'node:crypto';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { idParam } from '../common/id.param.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DoubleOptInService } from './double-opt-in.service.js';
import { messagePage } from './message-page.js';
import { AdminOnly, Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { NewsletterLinksService } from './newsletter-links.service.js';
import { NewsletterPrivacyService } from './newsletter-privacy.service.js';
import { AdminResource, Audit } from '../audit/admin-write.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The public ends of newsletter mail: click redirect, provider webhook, preferences page. */
@ApiTags('newsletter')
@Controller()
@Public()
export class NewsletterPublicController {
  constructor(
    private readonly links: NewsletterLinksService,
    private readonly optIn: DoubleOptInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A campaign link: counted once per recipient and link (a repeat click or a scanner's prefetch adds nothing),
   * then 302 to the target. The target is the campaign's own stored link, never a URL from the request: no open redirect.
   * Opens are not tracked (docs/mail.md: privacy, and pixel counts lie).
   */
  @Get('_api/newsletter/click/:campaign/:link')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async click(@Param('campaign', idParam) campaignId: number, @Param('link') link: string, @Query('r') r: unknown, @Res() res: Response): Promise<void> {
    const index = /^\d{1,4}$/.test(link) ? Number(link) : -1;
    const url = await this.links.linkTarget(campaignId, index);
    if (!url) throw new ApiError(404, MSG.notFound('Link'));
    await this.links.recordClick(campaignId, index, r);
    res.redirect(302, url);
  }

  /**
   * A mail provider's asynchronous bounces and complaints: `{type: 'bounce' | 'complaint', email}` with the shared
   * secret (NEWSLETTER_WEBHOOK_SECRET) as a Bearer token or in X-Webhook-Secret. Either way the address is never mailed again.
   */
  @Post('_api/newsletter/events')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.newsletterEvents)
  async events(@Req() req: Request, @Body() body: unknown): Promise<{ received: boolean; matched: boolean }> {
    const secret = this.config.newsletterWebhookSecret;
    const given = req.get('x-webhook-secret') ?? /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const digest = (s: string) => createHash('sha256').update(s).digest();
    if (!secret || !timingSafeEqual(digest(given), digest(secret))) throw new ApiError(401, MSG.webhookSecretInvalid);
    const event = body as { type?: unknown; email?: unknown } | null;
    if (!event || (event.type !== 'bounce' && event.type !== 'complaint') || typeof event.email !== 'string' || event.email.length > 254) {
      throw new ApiError(400, MSG.webhookEventInvalid);
    }
    const matched = await this.optIn.markBounced(event.email);
    return { received: true, matched };
  }

  /** The preferences page linked from every newsletter's footer: the digest on or off, or leave. */
  @ApiExcludeEndpoint()
  @Get('newsletter/preferences')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async preferences(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const subscriber = await this.links.recipient(token);
    if (!subscriber) {
      res.status(400).type('html').send(messagePage({ title: 'This link does not work', message: MSG.newsletterPreferencesInvalid, siteUrl: this.config.publicSiteUrl, ok: false }));
      return;
    }
    res.type('html').send(this.preferencesPage(String(token), subscriber, `Preferences for ${subscriber.email}.`));
  }

  /** The preferences form (a plain HTML form from our own page: @TakesForm, so only with our Origin). */
  @ApiExcludeEndpoint()
  @Post('newsletter/preferences')
  @TakesForm()
  @RateLimit(RATE_LIMITS.newsletterUnsubscribe)
  async savePreferences(@Body() body: { token?: unknown; digest?: unknown; action?: unknown }, @Res() res: Response): Promise<void> {
    const subscriber = await this.links.recipient(body?.token);
    if (!subscriber) {
      res.status(400).type('html').send(messagePage({ title: 'This link does not work', message: MSG.newsletterPreferencesInvalid, siteUrl: this.config.publicSiteUrl, ok: false }));
      return;
    }
    if (body.action === 'unsubscribe') {
      await this.links.unsubscribe(subscriber.id);
      res.type('html').send(messagePage({ title: 'Unsubscribed', message: MSG.newsletterUnsubscribed, siteUrl: this.config.publicSiteUrl, ok: true }));
      return;
    }
    const digest = body.digest === 'on';
    await this.links.setDigest(subscriber.id, digest);
    res.type('html').send(this.preferencesPage(String(body.token), { ...subscriber, digest }, MSG.newsletterPreferencesSaved));
  }

  private preferencesPage(token: string, s: { email: string; digest: boolean }, message: string): string {
    const form = `<form method="post" action="/newsletter/preferences">
<input type="hidden" name="token" value="${esc(token)}">
<label><input type="checkbox" name="digest" ${s.digest ? 'checked' : ''}> Send me the Monday deals digest</label>
<button type="submit" name="action" value="save">Save preferences</button>
<button type="submit" name="action" value="unsubscribe">Unsubscribe from everything</button>
</form>`;
    return messagePage({ title: 'Email preferences', message, siteUrl: this.config.publicSiteUrl, ok: true, extra: form });
  }
}

/** Everything held about one address, as JSON, and its erasure (the admin's privacy calls). */
@ApiTags('admin: newsletter subscribers')
@Controller('_api/admin/newsletter-privacy')
@AdminResource('newsletter-privacy')
@AdminOnly()
export class NewsletterPrivacyController {
  constructor(private readonly privacy: NewsletterPrivacyService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  exportAddress(@Query('email') email: unknown) {
    return this.privacy.export(email);
  }

  @Audit('delete')
  @Delete()
  eraseAddress(@Query('email') email: unknown) {
    return this.privacy.erase(email);
  }
}
