// Which URLs a window may show itself and which go to the system browser.

/** The origin of a URL, or null when it has none worth trusting (opaque, unparsable). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // Custom standard schemes such as app://mathema have an origin in Electron but Node's URL
    // reports "null" for them, so build it from the parts.
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function isSameOriginAsAny(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Links the app hands to the OS: web pages and mail addresses only, never file: or custom schemes. */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    return EXTERNAL_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
