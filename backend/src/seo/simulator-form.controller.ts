import {
  Body, Catch, Controller, HttpException, Injectable, PayloadTooLargeException, Post, Req, Res, UploadedFile, UseFilters, UseInterceptors,
  type ArgumentsHost, type CallHandler, type ExceptionFilter, type ExecutionContext, type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import {
  formValuesOf, readSimulatorForm, SIMULATOR_FIELDS, SIMULATOR_MESSAGES, SIMULATOR_PATH, type SimulatorPosted,
} from '../../../common/simulator/form.js';
import { Public, RateLimit, TakesResultsForm } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { TooManyRequestsError } from '../common/too-many-requests.js';
import { ApiError } from '../common/api-error.js';
import { pageAnswer } from './page-answer.js';
import { SitePagesService } from './site-pages.service.js';
import { SimulationsService } from '../simulations/simulations.service.js';

/** A CSV file of results: the API's 1 MB (BODY_LIMITS.resultsBytes), one file, the form's few fields. */
const RESULTS_FILE_BYTES = 1024 * 1024;
const ResultsFile = FileInterceptor(SIMULATOR_FIELDS.file, { limits: { files: 1, fileSize: RESULTS_FILE_BYTES, fields: 20, parts: 21 } });

/** multer's refusals in the page's words (the filter below shows them on the form). */
@Injectable()
class ResultsFileInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new ResultsFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new ApiError(413, SIMULATOR_MESSAGES.tooLarge);
      if (error instanceof HttpException) throw new ApiError(400, SIMULATOR_MESSAGES.unreadable);
      throw error;
    }
  }
}

/** Sends the rendered /simulator page (results or the field to correct), never kept by any cache. */
async function sendPage(pages: SitePagesService, req: Request, res: Response, posted: SimulatorPosted, status: number): Promise<void> {
  const answer = pageAnswer(await pages.page(req, posted));
  res.status(answer.status === 200 ? status : answer.status!).set(answer.headers).type(answer.contentType!).send(answer.body);
}

/**
 * A refused post (too large, unreadable, too many from this network) comes back as the page with the reason on the
 * form, not as JSON. The same-origin refusals (403/415) are the CSRF defence and stay bare errors; anything that is
 * not an HTTP refusal goes on to the app's own filter (logged, the one error shape).
 */
@Catch(HttpException)
@Injectable()
class SimulatorFormErrors implements ExceptionFilter {
  constructor(private readonly pages: SitePagesService) {}

  async catch(error: HttpException, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const [req, res] = [http.getRequest<Request>(), http.getResponse<Response>()];
    const status = error.getStatus();
    if (res.headersSent) return;
    if (status === 403 || status === 415 || status >= 500) {
      res.status(status).json({ statusCode: status, error: status === 403 ? 'Forbidden' : 'Error', message: error.message });
      return;
    }
    if (error instanceof TooManyRequestsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    const values = formValuesOf((req.body ?? {}) as Record<string, unknown>);
    await sendPage(this.pages, req, res, { values, error: { field: 'csv', message: error.message } }, status);
  }
}

/**
 * POST /simulator (issue #28): the simulator's form for a browser without JavaScript. The same engine the page runs in
 * its Web Worker runs here, on the form's CSV file, pasted text or statistics; the answer is the page with the results
 * (or the field to correct, 400). Nothing is stored. Form-encoded or multipart, only from our own origin, and counted
 * with the API's simulations per network.
 */
@ApiExcludeController()
@Controller()
@Public()
@TakesResultsForm()
@RateLimit(RATE_LIMITS.simulations)
@UseFilters(SimulatorFormErrors)
export class SimulatorFormController {
  constructor(private readonly simulations: SimulationsService, private readonly pages: SitePagesService) {}

  @Post(SIMULATOR_PATH.slice(1))
  @UseInterceptors(ResultsFileInterceptor)
  async submit(
    @Body() body: unknown, @UploadedFile() file: { buffer: Buffer } | undefined, @Req() req: Request, @Res() res: Response,
  ): Promise<void> {
    const values = formValuesOf((body ?? {}) as Record<string, unknown>, file?.buffer.toString('utf8'));
    const read = readSimulatorForm(values);
    if (!read.ok) return sendPage(this.pages, req, res, { values, error: { field: read.field, message: read.message } }, 400);
    // The pasted text is not sent back when a file was chosen: the page shows the results, not a megabyte of text.
    const shown = file ? { ...values, csv: '' } : values;
    await sendPage(this.pages, req, res, { values: shown, view: await this.simulations.view(read.input) }, 200);
  }
}
