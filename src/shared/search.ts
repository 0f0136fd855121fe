/**
 * Normalises text for search: lower case, accents removed, spaces collapsed, so that
 * "papadopoulos", "Παπαδοπουλος" and "ΠΑΠΑΔΌΠΟΥΛΟΣ" find "Παπαδόπουλος" on both databases.
 * Final sigma becomes sigma so that a word typed in the middle of a search still matches.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('el')
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search text stored beside a record: its searchable values, normalised. */
export const searchTextOf = (values: (string | number | null | undefined)[]): string =>
  normalizeSearch(values.filter((v) => v !== null && v !== undefined && v !== '').join(' '));

/** The key people are sorted by: "last first", normalised like search text. */
export const sortNameOf = (lastName: string, firstName: string): string =>
  normalizeSearch(`${lastName} ${firstName}`);
