/**
 * Marks an English text as a translation key where it is not passed to t() directly (tables of
 * menu titles, paragraphs); the i18n test finds keys through t('…') and msg('…').
 */
export const msg = <T extends string>(text: T): T => text;
