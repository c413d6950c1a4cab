import { Injectable } from '@nestjs/common';
import { LOGIN_LIMITS } from '../../../common/constants.js';
import { MSG } from '../../../common/messages.js';
import { TooManyRequestsError } from '../common/too-many-requests.js';
import { RateLimitService, type RateLimitState } from '../rate-limit/rate-limit.service.js';

/**
 * Failed sign-ins are limited per address, and per email from that address, so the attacker's own address
 * is what gets refused (429). The email alone never walls the account off: its failures from everywhere make
 * only addresses with failures of their own wait, with growing delays; a clean address signs in at once.
 */
@Injectable()
export class LoginLimiter {
  constructor(private readonly limits: RateLimitService) {}

  async assertAllowed(ip: string, email: string): Promise<void> {
    const [byIp, pairWait, emailWait] = await Promise.all([
      this.limits.peek(ipKey(ip)),
      this.limits.peek(waitKey(pairKey(ip, email))),
      this.limits.peek(waitKey(emailKey(email))),
    ]);
    const blocked = [
      byIp && byIp.hits >= LOGIN_LIMITS.perIp ? byIp : null,
      pairWait,
      // The email's own wait applies to addresses that have failed recently, never to a clean one.
      byIp ? emailWait : null,
    ].filter((s): s is RateLimitState => s !== null);
    if (!blocked.length) return;
    const until = Math.max(...blocked.map((s) => s.resetAt.getTime()));
    throw TooManyRequestsError.until(new Date(until), MSG.tooManyLoginAttempts);
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await this.limits.hit(ipKey(ip), LOGIN_LIMITS.windowSeconds);
    await this.count(pairKey(ip, email), LOGIN_LIMITS.perEmailAndIp);
    await this.count(emailKey(email), LOGIN_LIMITS.perEmail);
  }

  /** The right password from this address: its own record for this email starts over. */
  async recordSuccess(ip: string, email: string): Promise<void> {
    await this.limits.reset(pairKey(ip, email));
    await this.limits.reset(waitKey(pairKey(ip, email)));
  }

  private async count(key: string, free: number): Promise<void> {
    const { hits } = await this.limits.hit(key, LOGIN_LIMITS.windowSeconds);
    if (hits >= free) await this.limits.hold(waitKey(key), waitSeconds(hits - free));
  }
}

/** 1, 2, 4, 8 … minutes after the free failures, at most the window's length. */
export function waitSeconds(beyondFree: number): number {
  return Math.min(LOGIN_LIMITS.firstWaitSeconds * 2 ** Math.min(beyondFree, 20), LOGIN_LIMITS.maxWaitSeconds);
}

const normal = (email: string) => email.trim().toLowerCase();
const ipKey = (ip: string) => `login:ip:${ip}`;
const pairKey = (ip: string, email: string) => `login:pair:${ip}:${normal(email)}`;
const emailKey = (email: string) => `login:email:${normal(email)}`;
const waitKey = (key: string) => `${key}:wait`;
