/**
 * Limits on the mails account actions send (README, "Accounts"): password-reset requests per mail
 * address and per client address, and address changes per account. Requests are counted, not
 * failures, and an unknown address counts like a known one, so a refusal tells nothing about who
 * has an account. In Redis when configured (shared by every instance), otherwise in memory.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApiConfig } from '#platform/config/api.js';
import { AppError } from '#platform/errors.js';

type Limits = ApiConfig['accountLinks'];

export class AccountThrottle {
  private readonly address: RateLimiterAbstract | null;
  private readonly ip: RateLimiterAbstract | null;
  private readonly account: RateLimiterAbstract | null;

  constructor(limits: Limits, redis?: Redis, prefix = '') {
    const make = (keyPrefix: string, points: number) =>
      points <= 0
        ? null
        : redis
          ? new RateLimiterRedis({
              storeClient: redis,
              keyPrefix: `${prefix}${keyPrefix}`,
              points,
              duration: limits.windowSeconds,
              useRedisPackage: false,
            })
          : new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
    this.address = make('account:reset:mail', limits.perAddress);
    this.ip = make('account:reset:ip', limits.perIp);
    this.account = make('account:email-change', limits.perAddress);
  }

  /** Counts one password-reset request for `email` from `ip`; refuses past either limit. */
  async passwordReset(email: string, ip: string) {
    await take(this.ip, ip, 'address');
    // Keyed by a hash: the counters' store never holds the addresses themselves.
    await take(this.address, createHash('sha256').update(email.trim().toLowerCase()).digest('base64url'), 'email');
  }

  /** Counts one address change (a confirmation mail) for an account. */
  async emailChange(userId: string) {
    await take(this.account, userId, 'account');
  }
}

async function take(limiter: RateLimiterAbstract | null, key: string, limitedBy: string) {
  if (!limiter) return;
  try {
    await limiter.consume(key);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) return; // the store is unreachable: do not refuse for that
    const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', `Too many requests of this kind; retry in ${retryAfter} s.`, [], {
      retryAfter,
      limitedBy,
    });
  }
}
