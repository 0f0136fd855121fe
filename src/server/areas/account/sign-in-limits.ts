import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
} from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import { ApiError } from '../../http/errors';

export const tooManyAttempts = (retryAfter: number) =>
  new ApiError(
    'rate_limited',
    'Too many attempts. Please wait and try again.',
    undefined,
    retryAfter,
  );

/**
 * How many sign-ins of one address may hold a reservation at once on this node. An attempt's
 * outcome is unknown until its hash is checked, so a reservation counts against the address's
 * failure budget while it runs; without this bound a school signing in together at 8:00 (one
 * address, hundreds waiting on the hashing threads) would use the budget up without a single
 * failure. Four times libuv's default thread pool, so hashing never waits for this queue.
 */
const LANES_PER_ADDRESS = 16;

/** The attempts of one address on this node: running, and waiting for a lane. */
const addressQueues = new Map<string, { running: number; waiting: (() => void)[] }>();

async function inAddressQueue<T>(address: string, work: () => Promise<T>): Promise<T> {
  let queue = addressQueues.get(address);
  if (!queue) {
    queue = { running: 0, waiting: [] };
    addressQueues.set(address, queue);
  }
  if (queue.running < LANES_PER_ADDRESS) queue.running += 1;
  else await new Promise<void>((resolve) => queue.waiting.push(resolve));
  try {
    return await work();
  } finally {
    // A finished attempt hands its lane straight to the next one waiting.
    const next = queue.waiting.shift();
    if (next) next();
    else if (--queue.running === 0) addressQueues.delete(address);
  }
}

/**
 * Runs one password check under both sign-in limits and returns its result. The attempt is
 * reserved on the address and on the account BEFORE the check, atomically (see RateLimiter),
 * so that N parallel guesses cost at most the limit's checks, and the rest are refused with
 * 429 without hashing. A good password gives the address its reservation back and clears the
 * account's count; a wrong one keeps both.
 *
 * `accountKey` names the account whatever was typed to reach it (its id), so that an account
 * locked through its email is locked through its username too; an unknown login is keyed on
 * the normalised text instead, and is limited and answered just like a known one.
 */
export async function checkWithinSignInLimits(
  deps: ServerDeps,
  address: string,
  accountKey: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const addressKey = `login:address:${address}`;
  return inAddressQueue(address, async () => {
    const byAddress = await deps.limiter.hit(
      addressKey,
      LOGIN_MAX_FAILURES_PER_ADDRESS,
      LOGIN_RATE_WINDOW_MS,
    );
    if (!byAddress.allowed) throw tooManyAttempts(byAddress.retryAfter);
    const byAccount = await deps.limiter.hit(
      accountKey,
      LOGIN_MAX_FAILURES_PER_ACCOUNT,
      LOGIN_RATE_WINDOW_MS,
    );
    if (!byAccount.allowed) {
      // Refused before any check: nothing was tried, so the address (a whole school, maybe)
      // does not pay for someone hammering a locked account.
      await deps.limiter.release(addressKey);
      throw tooManyAttempts(byAccount.retryAfter);
    }
    const good = await check();
    if (good) await Promise.all([deps.limiter.release(addressKey), deps.limiter.reset(accountKey)]);
    return good;
  });
}
