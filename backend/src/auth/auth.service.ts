import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { PublicUser, SessionResponse } from '../../../common/api-types.js';
import { MSG } from '../../../common/messages.js';
import { SESSION_COOKIE } from './session.middleware.js';

@Injectable()
export class AuthService {
  session(req: Request): SessionResponse {
    const user = req.user as PublicUser | undefined;
    return user ? { user } : { error: MSG.notAuthenticated };
  }

  /** Ends the passport login and destroys the stored session, so the old cookie is worthless. */
  async logout(req: Request, res: Response): Promise<{ success: true }> {
    if (req.session) {
      await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
      await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    }
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  }
}
