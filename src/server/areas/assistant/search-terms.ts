import { normalizeSearch } from '../../../shared/search';

// A question turned into search terms, the same way for both databases' full-text search.

/** Words that carry no subject (normalised: no accents, final sigma as sigma). */
const STOP_WORDS = new Set(
  [
    // Greek
    'και να το τα τη την τησ των τον του τουσ τισ οι σε στο στη στην στον στα στισ στουσ με',
    'για απο που πωσ τι ποιο ποια ποιοσ ποιεσ ποιοι ποιου ποτε ειναι ενα μια ενασ μιασ θα δεν',
    'μη μην αν ομωσ αλλα οτι εχει εχω μου σου μασ σασ εγω εσυ αυτο αυτη αυτοσ αυτα πεσ πεστε',
    'μπορεισ μπορω θελω ηταν ειμαι εισαι λιγο πολυ σχετικα κατι',
    // English
    'the and are was what how why who which when where for with about tell explain does can',
    'you your this that please from have has there their into some any is of to in on me my',
    'it an be at by or do we our give show know',
  ]
    .join(' ')
    .split(' ')
    .map((w) => normalizeSearch(w)),
);

const MAX_TERMS = 12;

/**
 * The question's words that say what it is about, normalised and cut to a stem (the end of a
 * Greek or English word changes with case and number: "εξισώσεις", "εξίσωση"), for prefix
 * search. Empty when the question names nothing to look for.
 */
export function searchTermsOf(question: string): string[] {
  const words = normalizeSearch(question).match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = new Set<string>();
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    if (word.length < 3 && !/^\p{N}+$/u.test(word)) continue;
    const cut = word.length >= 7 ? 2 : word.length >= 5 ? 1 : 0;
    terms.add(word.slice(0, word.length - cut));
    if (terms.size === MAX_TERMS) break;
  }
  return [...terms];
}

/** The words of a passage's normalised text that a term matches, for choosing what to quote. */
export const termMatches = (normalisedWord: string, terms: string[]) =>
  terms.some((term) => normalisedWord.startsWith(term));
