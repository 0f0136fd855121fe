import crypto from 'node:crypto';

/** A random secret for a session or a password link; only its hash is stored. */
export const newSecretToken = (): string => crypto.randomBytes(32).toString('base64url');

export const hashToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');
