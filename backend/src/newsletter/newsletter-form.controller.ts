import { Body, Catch, Controller, HttpCode, HttpException, Post, Res, UseFilters, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import { newsletterFormRedirect, newsletterFormResultOf, type NewsletterFormResult } from '../../../common/newsletter.js';
import { SubscribeDto } from './dto/newsletter.dto.js';
import { Public, RateLimit, TakesForm } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { NewsletterService } from './newsletter.service.js';

/** The fields of the plain HTML signup form. */
interface SignupForm {
  email?: unknown;
  source?: unknown;
  /** The page the form sits on (a same-site path), where the answer goes back to. */
  return?: unknown;
}

const see = (res: Response, form: SignupForm | undefined, result: NewsletterFormResult, source: string | null) =>
  res.redirect(303, newsletterFormRedirect(form?.return, result, source));

/** A refused or failed post still goes back to its page, with the reason, never to a JSON error. */
@Catch()
class SignupFormErrors implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const status = error instanceof HttpException ? error.getStatus() : 500;
    // The same-origin check (403/415) is the CSRF defence: those get no redirect back, only the error.
    if (status === 403 || status === 415) {
      http.getResponse<Response>().status(status).json({ statusCode: status, error: status === 403 ? 'Forbidden' : 'Unsupported Media Type', message: (error as HttpException).message });
      return;
    }
    const form = req.body as SignupForm | undefined;
    see(http.getResponse<Response>(), form, status === 429 ? 'limited' : 'failed', typeof form?.source === 'string' ? form.source : null);
  }
}

/**
 * POST /newsletter/subscribe: the signup form as plain HTML posts here before (or without) its
 * script, so it works from the first paint. Form-encoded and only from our own origin (SameOriginGuard
 * lets @TakesForm routes through without JSON, and only with a matching Origin header); answers
 * 303 back to the page, which shows SPEC's message for the result.
 */
@ApiExcludeController()
@Controller('newsletter')
@UseFilters(SignupFormErrors)
@Public()
export class NewsletterFormController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post('subscribe')
  @HttpCode(303)
  @TakesForm()
  @RateLimit(RATE_LIMITS.newsletterSubscribe)
  async subscribe(@Body() form: SignupForm, @Res() res: Response): Promise<void> {
    const input = plainToInstance(SubscribeDto, { email: form?.email, source: form?.source });
    const errors = await validate(input);
    const source = typeof input.source === 'string' && !errors.some((e) => e.property === 'source') ? input.source : null;
    if (errors.length > 0) return see(res, form, errors.some((e) => e.property === 'email') ? 'invalid' : 'failed', source);
    const { message } = await this.newsletter.subscribe(input);
    see(res, form, newsletterFormResultOf(message), source);
  }
}
