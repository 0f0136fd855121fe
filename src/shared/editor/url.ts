import { EDITOR_LINK_MAX_CHARS } from './limits';

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);
// Browsers drop ASCII tab and newlines anywhere in a URL and trim controls and spaces around
// it, so `java\tscript:` is still a javascript: link.
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => fromCodePoint(parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');
}

function fromCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The forms a URL may take on its way to a browser: as stored, and after the HTML-entity and
 * percent decoding that an HTML renderer or a careless consumer might apply. Each is checked,
 * so `&#106;avascript:` or `%6aavascript:` is refused like `javascript:`.
 */
function readings(url: string): string[] {
  const forms = [url];
  let current = url;
  for (let round = 0; round < 3; round++) {
    const next = decodePercent(decodeEntities(current));
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms.map((form) => form.replace(IGNORED_BY_BROWSERS, ''));
}

function isAcceptable(form: string): boolean {
  const scheme = SCHEME.exec(form);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase());
  // Relative means on this site: a path, a query or a fragment. `//host` and `\\host` leave it,
  // and a colon before the first `/`, `?` or `#` is a scheme in disguise.
  if (/^[/\\]{2}/.test(form)) return false;
  const head = form.split(/[/?#]/, 1)[0] ?? '';
  return !head.includes(':');
}

/**
 * A link target the editor may keep: http(s), mailto or relative; anything else (javascript:,
 * data:, vbscript:, file:, …) in any encoding gives null.
 */
export function safeLinkUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > EDITOR_LINK_MAX_CHARS) return null;
  return readings(trimmed).every(isAcceptable) ? trimmed : null;
}
