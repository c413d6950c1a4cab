import { Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { Public } from '../access/route-labels.js';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { PublicUser, SessionResponse } from '../../../common/api-types.js';
import { toPublicUser, type User } from '../users/user.entity.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { LoginGuard } from './login.guard.js';

@ApiTags('auth')
@Controller('_api/auth')
@Public()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('session')
  @Header('Cache-Control', 'no-store')
  session(@Req() req: Request): SessionResponse {
    return this.auth.session(req);
  }

  @Post('login_with_password')
  @HttpCode(200)
  // LoginGuard checks the body (it must, before passport reads it); the DTO is named here for the API docs.
  @ApiBody({ type: LoginDto })
  @UseGuards(LoginGuard)
  login(@Req() req: Request): PublicUser {
    return toPublicUser(req.user as User);
  }

  @Post('logout')
  @HttpCode(200)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: true }> {
    return this.auth.logout(req, res);
  }
}
