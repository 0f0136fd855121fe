import { msg } from '../../i18n/msg';

// MET Norway symbol codes are "<weather>[_day|_night|_polartwilight]"; the widget shows days.
const SYMBOLS: { match: RegExp; emoji: string; label: string }[] = [
  { match: /thunder/, emoji: '⛈️', label: msg('Thunder') },
  { match: /snow|sleet/, emoji: '🌨️', label: msg('Snow') },
  { match: /rain/, emoji: '🌧️', label: msg('Rain') },
  { match: /fog/, emoji: '🌫️', label: msg('Fog') },
  { match: /^cloudy/, emoji: '☁️', label: msg('Cloudy') },
  { match: /partlycloudy|fair/, emoji: '⛅', label: msg('Partly cloudy') },
  { match: /clearsky/, emoji: '☀️', label: msg('Clear sky') },
];

/** An emoji and a translatable label for a MET Norway symbol code. */
export function weatherSymbol(code: string | null): { emoji: string; label: string } {
  const found = code ? SYMBOLS.find((symbol) => symbol.match.test(code)) : undefined;
  return found ?? { emoji: '🌡️', label: msg('Forecast') };
}
