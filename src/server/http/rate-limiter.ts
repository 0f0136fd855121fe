import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Fixed-window counters shared by every API node when Redis is configured. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'mathema:rate:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const fullKey = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(fullKey).pttl(fullKey).exec()) as [
      [null, number],
      [null, number],
    ];
    let remaining = ttl;
    if (ttl < 0) {
      await this.redis.pexpire(fullKey, windowMs);
      remaining = windowMs;
    }
    return { allowed: count <= limit, retryAfter: Math.ceil(remaining / 1000) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
