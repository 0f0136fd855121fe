import crypto from 'node:crypto';
import type { ServerConfig } from '../../config';
import { signWithServerKey } from '../files/signing';

// The player's link to a package's files: the package id, an expiry and the server's signature
// of both sit in the path, so that the package's own relative links (scripts, images, the next
// page) resolve under the same permission. It opens that package's files only, for one
// sitting (SCORM_LINK_TTL_SECONDS), and names no person: tracking goes through the app page.

const signatureOf = (config: ServerConfig, packageId: number, expires: number) =>
  signWithServerKey(config, `scorm:${packageId}:${expires}`);

/** The folder link of a package: append a path inside the package. */
export function signedPackageLink(
  config: ServerConfig,
  packageId: number,
  now: Date,
): { base: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + config.scorm.linkTtlSeconds;
  return {
    base: `/api/scorm-content/${packageId}/${expires}/${signatureOf(config, packageId, expires)}/`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function checkPackageLink(
  config: ServerConfig,
  packageId: number,
  expires: number,
  signature: string,
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  const expected = Buffer.from(signatureOf(config, packageId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'valid';
}
