import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (19 MiB, 2 iterations, 1 lane). Hashing runs on libuv's
 * thread pool, so sign-in storms never block the event loop.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id; a const enum cannot be imported here */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

// Verifying against this when the account does not exist keeps the timing the same.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
