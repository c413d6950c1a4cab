import { Injectable } from '@nestjs/common';
import { LOGIN_LIMITS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { ApiError } from '../common/api-error.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/**
 * Failed sign-ins are counted per address and per email; past either limit every
 * attempt is refused with 429 until the window ends, even with the right password.
 */
@Injectable()
export class LoginLimiter {
  constructor(private readonly limits: RateLimitService) {}

  async assertAllowed(ip: string, email: string): Promise<void> {
    const [byIp, byEmail] = await Promise.all([this.limits.peek(ipKey(ip)), this.limits.peek(emailKey(email))]);
    const blocked = [
      byIp && byIp.hits >= LOGIN_LIMITS.perIp ? byIp : null,
      byEmail && byEmail.hits >= LOGIN_LIMITS.perEmail ? byEmail : null,
    ].filter((s) => s !== null);
    if (!blocked.length) return;
    const resetAt = Math.max(...blocked.map((s) => s.resetAt.getTime()));
    const minutes = Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000));
    throw new ApiError(429, MSG.tooManyLoginAttempts(minutes));
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await this.limits.hit(ipKey(ip), LOGIN_LIMITS.windowSeconds);
    await this.limits.hit(emailKey(email), LOGIN_LIMITS.windowSeconds);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.limits.reset(emailKey(email));
  }
}

const ipKey = (ip: string) => `login:ip:${ip}`;
const emailKey = (email: string) => `login:email:${email.trim().toLowerCase()}`;
