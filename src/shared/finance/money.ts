// Money is integer cents everywhere (DESIGN.md); amounts never pass through floats. Prices are
// shown as spec §9 asks: two decimals, a decimal comma, dots between thousands, the euro sign
// after a space: `1.234,50 €`.

/** The largest amount one record may hold: ten million euros. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/** `123450` → `1.234,50 €`; negatives get a leading minus sign. */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.trunc(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${rest} €`;
}

/** The amount as an input shows it for editing: `1234,50` (no grouping, no sign of currency). */
export function moneyInputText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * What a person typed, in cents, or null when it is not an amount. Accepts `1234`, `1234,5`,
 * `1.234,50`, `1234.50`, `1,234.50` and a trailing `€`. With both separators the last one is
 * the decimal one; a lone dot followed by exactly three digits groups thousands (`1.234`), as
 * a Greek reader means it. Works on the digits as text: no floats.
 */
export function parseMoney(input: string): number | null {
  let text = input.replace(/[\s\u00a0€]/g, '');
  let negative = false;
  if (text.startsWith('-') || text.startsWith('−')) {
    negative = true;
    text = text.slice(1);
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalAt = -1;
  if (lastComma >= 0 && lastDot >= 0) decimalAt = Math.max(lastComma, lastDot);
  else if (lastComma >= 0) decimalAt = text.indexOf(',') === lastComma ? lastComma : -2;
  else if (lastDot >= 0) {
    const groupsOnly = /^\d{1,3}(\.\d{3})+$/.test(text);
    decimalAt = groupsOnly ? -1 : text.indexOf('.') === lastDot ? lastDot : -2;
  }
  if (decimalAt === -2) return null;
  const integerText = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  const fractionText = decimalAt >= 0 ? text.slice(decimalAt + 1) : '';
  const separator = decimalAt >= 0 ? text[decimalAt] : null;
  // No decimal part: a lone dot grouped thousands (`1.234`), as decided above.
  const grouping = separator === ',' ? '.' : separator === '.' ? ',' : '.';
  // Grouping separators must group by threes: `1.2.3,00` is a typo, not an amount.
  if (integerText.includes(grouping) && !/^\d{1,3}([.,]\d{3})+$/.test(integerText)) return null;
  const digits = integerText.split(grouping).join('');
  if (!/^\d*$/.test(digits) || !/^\d{0,2}$/.test(fractionText)) return null;
  if (digits === '' && fractionText === '') return null;
  const cents = Number(digits || '0') * 100 + Number(fractionText.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT_CENTS) return null;
  return negative ? -cents : cents;
}

/** `percent` of an amount, rounded half up to the cent, in integers. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * An amount split into `parts` near-equal parts whose sum is exactly the amount; the first
 * parts carry the spare cents, so a plan never loses or invents a cent.
 */
export function splitAmount(cents: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be at least 1');
  const base = Math.floor(cents / parts);
  const spare = cents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < spare ? 1 : 0));
}
