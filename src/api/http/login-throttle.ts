/**
 * Login and refresh throttling (README, "Limits"): failed attempts are counted, not requests,
 * in Redis when configured (shared by every instance) or in memory.
 *
 * A stranger must not be able to lock a player out, so failures count strictly per
 * (account, address) and only loosely per account: once an account has many failures, only
 * addresses that took part in them are refused, and an address with no recent failure for it
 * still gets its try (one failure then marks it too). Each address also has a budget across
 * all accounts. A successful login clears its (account, address) count. When an account's
 * failures reach its limit, `onAccountLimit` tells its owner (once: the count crosses it once
 * per window).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApiConfig } from '#platform/config/api.js';
import { AppError } from '#platform/errors.js';

type Limits = ApiConfig['login'];

export class LoginThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly refreshAddress: RateLimiterAbstract;

  constructor(
    private readonly limits: Limits,
    redis?: Redis,
    prefix = '',
    private readonly onAccountLimit?: (username: string, failures: number) => void,
  ) {
    const duration = limits.windowSeconds;
    const make = (keyPrefix: string, points: number) =>
      redis
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${prefix}${keyPrefix}`,
            points,
            duration,
            useRedisPackage: false,
          })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    this.pair = make('login:pair', limits.failuresPerAccountAddress);
    this.account = make('login:acct', limits.failuresPerAccount);
    this.address = make('login:addr', limits.failuresPerAddress);
    this.refreshAddress = make('refresh:addr', limits.failuresPerAddress);
  }

  get enabled() {
    return this.limits.windowSeconds > 0 && this.limits.failuresPerAccountAddress > 0;
  }

  /** Runs a login unless throttled; an INVALID_CREDENTIALS answer counts as a failure. */
  async login<T>(username: string, address: string, attempt: () => Promise<T>): Promise<T> {
    if (!this.enabled) return attempt();
    const account = username.toLowerCase(); // unknown names count the same: nothing tells who exists
    const pairKey = `${account}|${address}`;
    const [pair, acct, addr] = await Promise.all([
      this.pair.get(pairKey),
      this.account.get(account),
      this.address.get(address),
    ]);
    const used = (r: { consumedPoints: number } | null) => r?.consumedPoints ?? 0;
    if (used(pair) >= this.limits.failuresPerAccountAddress) refuse(pair!.msBeforeNext, 'account-address');
    if (this.limits.failuresPerAddress > 0 && used(addr) >= this.limits.failuresPerAddress)
      refuse(addr!.msBeforeNext, 'address');
    if (this.limits.failuresPerAccount > 0 && used(acct) >= this.limits.failuresPerAccount && used(pair) > 0)
      refuse(acct!.msBeforeNext, 'account');
    try {
      const out = await attempt();
      await this.pair.delete(pairKey).catch(() => undefined);
      return out;
    } catch (e) {
      if (e instanceof AppError && e.code === 'INVALID_CREDENTIALS') {
        const counts = await Promise.all([
          this.pair.penalty(pairKey),
          this.account.penalty(account),
          this.address.penalty(address),
        ]).catch(() => null);
        const failures = counts?.[1].consumedPoints ?? 0;
        if (this.limits.failuresPerAccount > 0 && failures === this.limits.failuresPerAccount)
          this.onAccountLimit?.(username, failures);
      }
      throw e;
    }
  }

  /** Runs a refresh unless this address has spent its failures; a refused token counts. */
  async refresh<T>(address: string, attempt: () => Promise<T>): Promise<T> {
    if (!this.enabled || this.limits.failuresPerAddress === 0) return attempt();
    const addr = await this.refreshAddress.get(address);
    if ((addr?.consumedPoints ?? 0) >= this.limits.failuresPerAddress) refuse(addr!.msBeforeNext, 'address');
    try {
      return await attempt();
    } catch (e) {
      if (e instanceof AppError && ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'REFRESH_TOKEN_REUSED'].includes(e.code)) {
        await this.refreshAddress.penalty(address).catch(() => undefined);
      }
      throw e;
    }
  }
}

function refuse(msBeforeNext: number, limitedBy: string): never {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  throw new AppError('RATE_LIMITED', `Too many failed attempts; retry in ${retryAfter} s.`, [], {
    retryAfter,
    limitedBy,
  });
}

/** Sets Retry-After when `run` is refused by the throttle (GraphQL answers it in a 200 body). */
export async function withRetryAfter<T>(
  reply: { header(name: string, value: string): unknown },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && e.code === 'RATE_LIMITED' && typeof e.extra.retryAfter === 'number')
      reply.header('retry-after', String(e.extra.retryAfter));
    throw e;
  }
}
