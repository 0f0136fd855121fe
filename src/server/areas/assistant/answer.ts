import { normalizeSearch } from '../../../shared/search';
import type { ChatMessage } from '../../integrations/ai';
import type { FoundPassage } from './search';
import { termMatches } from './search-terms';

// What the assistant says: the best passages quoted with their sources (no outside service),
// or the words an OpenAI-compatible model is given to write its own answer from the same
// passages. The model is sent the question and the passages only: never the asker's name or
// any other record, so it learns of no child beyond what the school's material says.

export type AnswerLanguage = 'en' | 'el';

const QUOTE_CHARS = 360;
/** How many passages an answer quotes, at most, and how many the model reads. */
export const QUOTED_PASSAGES = 3;
export const MODEL_PASSAGES = 6;

const KIND_LABEL: Record<AnswerLanguage, Record<FoundPassage['source'], string>> = {
  en: { chapter: 'Chapter', lesson: 'Lesson', announcement: 'Announcement', task: 'Task' },
  el: { chapter: 'Κεφάλαιο', lesson: 'Μάθημα', announcement: 'Ανακοίνωση', task: 'Εργασία' },
};

const TEXT = {
  en: {
    found: 'Here is what I found in the material you can read:',
    nothing:
      'I found nothing about this in the material you can read. Try other words, or ask your teacher.',
    empty: 'Tell me what you are looking for: a subject, a chapter or a word from your lessons.',
    sources: 'Sources are listed below.',
  },
  el: {
    found: 'Να τι βρήκα στο υλικό που έχεις στη διάθεσή σου:',
    nothing:
      'Δεν βρήκα κάτι σχετικό στο υλικό που έχεις στη διάθεσή σου. Δοκίμασε με άλλες λέξεις ή ρώτησε τον καθηγητή σου.',
    empty: 'Πες μου τι ψάχνεις: ένα θέμα, ένα κεφάλαιο ή μια λέξη από τα μαθήματά σου.',
    sources: 'Οι πηγές φαίνονται από κάτω.',
  },
} as const;

/** Greek when the question is written in Greek, else the asker's language. */
export function answerLanguageOf(question: string, userLanguage: string): AnswerLanguage {
  if (/\p{Script=Greek}/u.test(question)) return 'el';
  if (/\p{Script=Latin}/u.test(question)) return 'en';
  return userLanguage === 'el' ? 'el' : 'en';
}

export const nothingFound = (language: AnswerLanguage, noTerms: boolean) =>
  noTerms ? TEXT[language].empty : TEXT[language].nothing;

/** The sentences of a passage around its best match, at most QUOTE_CHARS long. */
export function quoteOf(body: string, terms: string[]): string {
  const sentences =
    body
      .match(/[^.;!?\n]+[.;!?]*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  if (sentences.length === 0) return body.slice(0, QUOTE_CHARS);
  const score = (sentence: string) =>
    (normalizeSearch(sentence).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => termMatches(w, terms))
      .length;
  let best = 0;
  sentences.forEach((sentence, index) => {
    if (score(sentence) > score(sentences[best]!)) best = index;
  });
  let quote = sentences[best]!;
  for (let next = best + 1; next < sentences.length; next++) {
    if (quote.length + sentences[next]!.length + 1 > QUOTE_CHARS) break;
    quote = `${quote} ${sentences[next]}`;
  }
  return quote.length > QUOTE_CHARS ? `${quote.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : quote;
}

/** The quoted answer: an opening line, then each passage's source and its best sentences. */
export function quotedAnswer(
  passages: FoundPassage[],
  terms: string[],
  language: AnswerLanguage,
): string {
  const open = language === 'el' ? '«' : '“';
  const close = language === 'el' ? '»' : '”';
  const parts = passages
    .slice(0, QUOTED_PASSAGES)
    .map(
      (p, index) =>
        `${index + 1}. ${KIND_LABEL[language][p.source]}: ${p.title}\n${open}${quoteOf(p.body, terms)}${close}`,
    );
  return `${TEXT[language].found}\n\n${parts.join('\n\n')}`;
}

/** The conversation a model is given: its instructions, the passages, the question. */
export function modelMessages(
  question: string,
  passages: FoundPassage[],
  language: AnswerLanguage,
): ChatMessage[] {
  const numbered = passages
    .slice(0, MODEL_PASSAGES)
    .map((p, index) => `[${index + 1}] ${KIND_LABEL.en[p.source]} "${p.title}":\n${p.body}`)
    .join('\n\n');
  return [
    {
      role: 'system',
      content: [
        "You are a school's study assistant. Answer the student's or teacher's question using only",
        'the numbered passages from the school material below; cite them as [1], [2].',
        'If the passages do not answer the question, say so plainly and do not guess.',
        `Answer in ${language === 'el' ? 'Greek' : 'English'}, briefly and clearly.`,
      ].join(' '),
    },
    { role: 'user', content: `Passages:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/** A text cut into the pieces it is streamed in: a few words at a time. */
export function piecesOf(text: string): string[] {
  return (
    text.match(/\S+\s*/g)?.reduce<string[]>((pieces, word, index) => {
      if (index % 3 === 0) pieces.push(word);
      else pieces[pieces.length - 1] += word;
      return pieces;
    }, []) ?? [text]
  );
}
