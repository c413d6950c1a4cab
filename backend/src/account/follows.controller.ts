import { Body, Controller, Delete, Get, Param, Post, Put, Req } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import type { PublicUser } from '../../../common/api-types.js';
import { ALERT_FREQUENCIES, FOLLOW_MSG, type AlertFrequency, type FollowsResponse } from '../../../common/follow-api-types.js';
import { SignedIn } from '../access/route-labels.js';
import { NoStore } from '../cache/no-store.js';
import { MAX_ID } from '../common/id.dto.js';
import { idParam } from '../common/id.param.js';
import { FollowsService } from '../follows/follows.service.js';

export class FollowDto {
  @ApiProperty()
  @Max(MAX_ID, { message: FOLLOW_MSG.companyId })
  @Min(1, { message: FOLLOW_MSG.companyId })
  @IsInt({ message: FOLLOW_MSG.companyId })
  companyId!: number;
}

export class AlertSettingsDto {
  @ApiProperty({ enum: ALERT_FREQUENCIES })
  @IsIn(ALERT_FREQUENCIES, { message: FOLLOW_MSG.frequency })
  frequency!: AlertFrequency;
}

const userId = (req: Request) => (req.user as PublicUser).id;

/** A signed-in trader's follows and alert settings (issue #19). */
@ApiTags('me: follows')
@Controller('_api/me')
@NoStore('private, no-store')
@SignedIn()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Get('follows')
  async list(@Req() req: Request): Promise<FollowsResponse> {
    const [follows, frequency] = await Promise.all([this.follows.list(userId(req)), this.follows.frequency(userId(req))]);
    return { follows, frequency };
  }

  @Post('follows')
  async follow(@Req() req: Request, @Body() { companyId }: FollowDto): Promise<FollowsResponse> {
    const follows = await this.follows.follow(userId(req), companyId);
    return { follows, frequency: await this.follows.frequency(userId(req)) };
  }

  @Delete('follows/:companyId')
  async unfollow(@Req() req: Request, @Param('companyId', idParam) companyId: number): Promise<FollowsResponse> {
    const follows = await this.follows.unfollow(userId(req), companyId);
    return { follows, frequency: await this.follows.frequency(userId(req)) };
  }

  @Put('alert-settings')
  async settings(@Req() req: Request, @Body() { frequency }: AlertSettingsDto): Promise<{ frequency: AlertFrequency }> {
    return { frequency: await this.follows.setFrequency(userId(req), frequency) };
  }
}
