import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { USERS_TEXT } from '../../../common/invitations.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly users: UsersService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<User> {
    const user = await this.users.verifyCredentials(email, password);
    if (!user) throw new ApiError(401, MSG.invalidCredentials);
    // Said only to whoever knows the password: a deactivated account is told why it cannot come in.
    if (!user.active) throw new ApiError(401, USERS_TEXT.accountInactive);
    return user;
  }
}
