import type { ReportLocale } from '../../../shared/api/reports';

// The words the reports' PDFs print around the data, in the app's two languages. An export
// speaks its reader's language (the screen sends the declaration's texts translated); a
// report card speaks the school's (setting `school_language`), which no reader chooses, so
// its words live here too.

const WORDS = {
  en: {
    total: 'Total',
    printed: 'Printed {date}',
    page: 'Page {page} of {pages}',
    noRows: 'Nothing to show for these filters.',
    reportCard: 'Report card',
    student: 'Student',
    level: 'Level',
    period: 'Period',
    subPeriod: 'Sub-period',
    lesson: 'Lesson',
    teacher: 'Teacher',
    grade: 'Grade',
    absences: 'Absences',
    absencesHeading: 'Absences (unjustified)',
    comment: "Teacher's comment",
    average: 'Average',
    totalAbsences: 'Absences in all: {all} (unjustified: {unjustified})',
    noLessons: 'The student was in no lesson in this sub-period.',
    notGraded: 'Not graded',
    scale: 'Grades out of {max}.',
    signature: 'The head of school',
  },
  el: {
    total: 'Σύνολο',
    printed: 'Εκτύπωση {date}',
    page: 'Σελίδα {page} από {pages}',
    noRows: 'Δεν υπάρχουν στοιχεία για αυτά τα φίλτρα.',
    reportCard: 'Έλεγχος προόδου',
    student: 'Μαθητής/τρια',
    level: 'Τάξη',
    period: 'Περίοδος',
    subPeriod: 'Υποπερίοδος',
    lesson: 'Μάθημα',
    teacher: 'Εκπαιδευτικός',
    grade: 'Βαθμός',
    absences: 'Απουσίες',
    absencesHeading: 'Απουσίες (αδικ.)',
    comment: 'Σχόλιο εκπαιδευτικού',
    average: 'Μέσος όρος',
    totalAbsences: 'Σύνολο απουσιών: {all} (αδικαιολόγητες: {unjustified})',
    noLessons: 'Ο μαθητής δεν είχε μαθήματα σε αυτή την υποπερίοδο.',
    notGraded: 'Χωρίς βαθμό',
    scale: 'Βαθμοί με άριστα το {max}.',
    signature: 'Ο/Η Διευθυντής/τρια',
  },
} as const satisfies Record<ReportLocale, Record<string, string>>;

export type ReportWord = keyof (typeof WORDS)['en'];

/** A word of the PDFs in a language, with `{name}` places filled. */
export function wordOf(
  locale: ReportLocale,
  key: ReportWord,
  values: Record<string, string | number> = {},
): string {
  return WORDS[locale][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? `{${name}}`),
  );
}

/** The school's language as the PDFs know it: Greek or English (anything else is English). */
export const pdfLocaleOf = (language: string | null | undefined): ReportLocale =>
  language?.toLowerCase().startsWith('el') ? 'el' : 'en';
