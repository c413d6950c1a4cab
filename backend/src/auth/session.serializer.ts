import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { PublicUser } from '../../../common/api-types.js';
import { toPublicUser, type User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** The session keeps only the user id; the user is read fresh on each request, so a role change applies at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: User, done: (err: unknown, id?: number) => void) {
    done(null, user.id);
  }

  deserializeUser(id: number, done: (err: unknown, user?: PublicUser | false) => void) {
    this.users.findFreshById(id).then(
      // A deactivated account's session is refused on its very next request, whatever its cookie says.
      (user) => done(null, user?.active ? toPublicUser(user) : false),
      (error) => done(error),
    );
  }
}
