import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters, shared by every API node when Redis is configured. `hit` counts
 * an event; `check` tells whether a key is already over its limit without counting.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  check(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

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
    return { allowed: window.count <= limit, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
  }

  async check(key: string, limit: number): Promise<RateDecision> {
    const now = this.now();
    const window = this.live(key, now);
    if (!window) return { allowed: true, retryAfter: 0 };
    return { allowed: window.count < limit, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
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

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const fullKey = `${this.prefix}rate:${key}`;
    const results = await this.redis.multi().incr(fullKey).pttl(fullKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    let remaining = Number(results?.[1]?.[1] ?? -1);
    if (remaining < 0) {
      await this.redis.pexpire(fullKey, windowMs);
      remaining = windowMs;
    }
    return { allowed: count <= limit, retryAfter: Math.ceil(remaining / 1000) };
  }

  async check(key: string, limit: number): Promise<RateDecision> {
    const fullKey = `${this.prefix}rate:${key}`;
    const results = await this.redis.multi().get(fullKey).pttl(fullKey).exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const remaining = Number(results?.[1]?.[1] ?? 0);
    return { allowed: count < limit, retryAfter: Math.max(0, Math.ceil(remaining / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}rate:${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
