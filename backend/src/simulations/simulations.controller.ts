import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, RateLimit, TakesResults } from '../access/route-labels.js';
import { RATE_LIMITS } from '../rate-limit/rate-limits.js';
import { PublicCache } from '../cache/public-cache.decorator.js';
import type { Computed } from '../cache/public-cache.service.js';
import { FIRM_TABLES } from '../firms/firms.controller.js';
import { FirmsService } from '../firms/firms.service.js';
import type { SimulationAnswer } from './simulations.service.js';
import { SimulationsService } from './simulations.service.js';

/** POST /_api/simulations: public, counted per network (RateLimitGuard), bodies up to 1 MB (413 above), nothing stored. */
@ApiTags('simulations')
@Controller('_api/simulations')
@Public()
export class SimulationsController {
  constructor(private readonly simulations: SimulationsService, private readonly firms: FirmsService) {}

  @Post()
  @HttpCode(200)
  @TakesResults()
  @RateLimit(RATE_LIMITS.simulations)
  run(@Body() body: unknown): Promise<SimulationAnswer> {
    return this.simulations.run(body);
  }

  /**
   * The programs, rules and prices after our best code that /simulator's Web Worker runs a trader's results against
   * on their own device; the same rows the server simulates. Kept until a firm, program or code changes or a code ends.
   */
  @Get('catalogue')
  @PublicCache({ tables: FIRM_TABLES })
  async catalogue(): Promise<Computed> {
    const now = new Date();
    const [expiresAt, body] = await Promise.all([this.firms.nextChange(now), this.firms.catalogue(now)]);
    return { body, expiresAt };
  }
}
