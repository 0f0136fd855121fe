import { getApiBaseUrl } from './client';

/** A logo or image reference: an absolute link, or a file name served from the school files area. */
export function fileUrl(reference: string): string {
  if (/^(https?:|data:|blob:)/.test(reference) || reference.startsWith('/')) return reference;
  return `${getApiBaseUrl()}/school-files/${encodeURIComponent(reference)}`;
}
