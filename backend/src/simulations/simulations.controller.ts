import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, RateLimit, TakesResults } from '../access/route-labels.js';
import { RATE_LIMITS } from '../access/rate-limits.js';
import type { SimulationAnswer } from './simulations.service.js';
import { SimulationsService } from './simulations.service.js';

/** POST /_api/simulations: public, counted per network (RateLimitGuard), bodies up to 1 MB (413 above), nothing stored. */
@ApiTags('simulations')
@Controller('_api/simulations')
@Public()
export class SimulationsController {
  constructor(private readonly simulations: SimulationsService) {}

  @Post()
  @HttpCode(200)
  @TakesResults()
  @RateLimit(RATE_LIMITS.simulations)
  run(@Body() body: unknown): Promise<SimulationAnswer> {
    return this.simulations.run(body);
  }
}
