import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters. `hit` counts an attempt and answers from the new count in one atomic
 * step, so it is a reservation: call it before the work it guards, never after (a count read
 * first and added after lets every request that arrives in between through). The window
 * starts at a key's first hit and is measured on the app's clock, which tests move.
 *
 * buildApp uses RedisRateLimiter with REDIS_URL, else on PostgreSQL DatabaseRateLimiter
 * (database-rate-limiter.ts), both shared by every API node, else (embedded SQLite, one
 * process) MemoryRateLimiter. See docs/security.md.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Gives one hit back, e.g. when the attempt it reserved turned out to be a good one. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export const decisionOf = (
  count: number,
  limit: number,
  resetAtMs: number,
  nowMs: number,
): RateDecision => ({
  allowed: count <= limit,
  retryAfter: Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
});

/**
 * Counters in this process only: for the embedded SQLite server, which is one process by
 * construction (several nodes need PostgreSQL), and for the seed command. JavaScript runs a
 * hit to its end before the next, so each hit is atomic here too.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    let window = this.live(key, now);
    if (!window) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return decisionOf(window.count, limit, window.resetAt, now);
  }

  async release(key: string): Promise<void> {
    const window = this.live(key, this.now());
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private live(key: string, now: number) {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// A key is a hash {count, reset (ms on the app's clock)}. Scripts run atomically in Redis, so
// concurrent hits from any number of nodes each see their own count. PEXPIRE only clears
// finished windows away; whether a window is over is decided by `reset`, on the app's clock.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset <= now then
  reset = now + window
  redis.call('HSET', KEYS[1], 'count', 1, 'reset', reset)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, reset}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), reset}
`;
const RELEASE_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'reset') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'count')) > 0 then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    const [count, resetAt] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.fullKey(key),
      now,
      windowMs,
    )) as [number, number];
    return decisionOf(Number(count), limit, Number(resetAt), now);
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.fullKey(key), this.now());
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.fullKey(key));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }

  // A name of its own: keys of the former plain-counter format would break HGET.
  private fullKey(key: string) {
    return `${this.prefix}limit:${key}`;
  }
}
