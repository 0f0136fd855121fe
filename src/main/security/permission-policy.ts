import type { PermissionDetailsLike, SessionLike } from '../electron-api';
import { originOf } from './url-policy';

export interface PermissionPolicy {
  /** Chromium permission names this session's pages may use, for example 'media'. */
  permissions: readonly string[];
  /** Origins allowed to use them; read at each request (the call's Jitsi domain changes). */
  trustedOrigins(): readonly string[];
}

/** Whether one permission request or check is allowed under the policy. */
export function isPermissionAllowed(
  policy: PermissionPolicy,
  permission: string,
  requestingUrl: string | undefined,
  details: PermissionDetailsLike = {},
): boolean {
  if (!policy.permissions.includes(permission)) return false;
  const origin = requestingUrl ? originOf(requestingUrl) : null;
  if (origin === null || !policy.trustedOrigins().includes(origin)) return false;
  // 'media' covers camera and microphone; nothing else (no unknown media types).
  if (permission === 'media' && details.mediaTypes) {
    return details.mediaTypes.every((type) => type === 'audio' || type === 'video');
  }
  return true;
}

/**
 * Installs the session's permission handlers: a request or check is granted only when the window
 * kind needs that permission and the page asking is one of the trusted origins. USB, HID and
 * serial devices are never granted.
 */
export function enforcePermissionPolicy(session: SessionLike, policy: PermissionPolicy): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    callback(isPermissionAllowed(policy, permission, details.requestingUrl, details));
  });
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) =>
    isPermissionAllowed(policy, permission, details.requestingUrl ?? requestingOrigin, details),
  );
  session.setDevicePermissionHandler(() => false);
}
