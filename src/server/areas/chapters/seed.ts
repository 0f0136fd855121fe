import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import { plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import type { Database } from '../../db/schema';

// Demo chapters: Greek reading material with equations and tables, for the first lessons
// of a school (one per course), so that the chapters, study guide and task book screens
// have real content.

type Node = Record<string, unknown>;
const text = (value: string, format = 0): Node => ({
  type: 'text',
  version: 1,
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
});
const equation = (tex: string, inline: boolean): Node => ({
  type: 'equation',
  version: 1,
  equation: tex,
  inline,
});
const block = (type: string, children: Node[], extra: Node = {}): Node => ({
  type,
  version: 1,
  direction: 'ltr',
  format: '',
  indent: 0,
  children,
  ...extra,
});
const paragraph = (...children: (Node | string)[]) =>
  block(
    'paragraph',
    children.map((c) => (typeof c === 'string' ? text(c) : c)),
  );
const heading = (value: string) => block('heading', [text(value)], { tag: 'h2' });
const table = (rows: string[][]): Node =>
  block(
    'table',
    rows.map((cells, r) =>
      block(
        'tablerow',
        cells.map((cell) =>
          block('tablecell', [paragraph(cell)], { headerState: r === 0 ? 1 : 0, colSpan: 1 }),
        ),
      ),
    ),
  );
const doc = (...children: Node[]): RichText => ({ root: block('root', children) });

/** Per course (the demo's lesson order): chapters as [title, content]. */
export const DEMO_CHAPTERS: [string, RichText][][] = [
  [
    [
      'Δευτεροβάθμιες εξισώσεις',
      doc(
        heading('Η γενική μορφή'),
        paragraph(
          'Κάθε εξίσωση της μορφής ',
          equation('ax^2+bx+c=0', true),
          ' με ',
          equation('a\\neq 0', true),
          ' λέγεται δευτεροβάθμια.',
        ),
        paragraph(
          'Η διακρίνουσα είναι ',
          equation('\\Delta = b^2-4ac', true),
          ' και οι λύσεις δίνονται από τον τύπο:',
        ),
        paragraph(equation('x_{1,2}=\\frac{-b\\pm\\sqrt{\\Delta}}{2a}', false)),
        table([
          ['Διακρίνουσα', 'Πλήθος λύσεων'],
          ['Δ > 0', 'Δύο άνισες πραγματικές'],
          ['Δ = 0', 'Μία διπλή'],
          ['Δ < 0', 'Καμία πραγματική'],
        ]),
      ),
    ],
    [
      'Τριγωνομετρικοί αριθμοί',
      doc(
        paragraph(
          'Σε ορθογώνιο τρίγωνο ισχύει ',
          equation('\\sin^2\\theta+\\cos^2\\theta=1', true),
          '.',
        ),
        table([
          ['Γωνία', 'ημ', 'συν'],
          ['30°', '1/2', '√3/2'],
          ['45°', '√2/2', '√2/2'],
          ['60°', '√3/2', '1/2'],
        ]),
      ),
    ],
  ],
  [
    [
      'Ευθύγραμμη ομαλά επιταχυνόμενη κίνηση',
      doc(
        paragraph(
          'Η ταχύτητα μεταβάλλεται γραμμικά με τον χρόνο: ',
          equation('v = v_0 + a t', true),
          '.',
        ),
        paragraph(equation('x = v_0 t + \\tfrac{1}{2} a t^2', false)),
        table([
          ['Μέγεθος', 'Σύμβολο', 'Μονάδα SI'],
          ['Ταχύτητα', 'v', 'm/s'],
          ['Επιτάχυνση', 'a', 'm/s²'],
        ]),
      ),
    ],
    [
      'Οι νόμοι του Νεύτωνα',
      doc(
        paragraph(
          'Ο θεμελιώδης νόμος της μηχανικής: ',
          equation('\\Sigma \\vec F = m\\vec a', true),
          '.',
        ),
      ),
    ],
  ],
  [
    [
      'Στοιχειομετρία',
      doc(
        paragraph(
          'Ένα mol περιέχει ',
          equation('N_A = 6{,}022\\cdot 10^{23}', true),
          ' σωματίδια.',
        ),
        paragraph(equation('n = \\frac{m}{M_r}', false)),
        table([
          ['Ουσία', 'Mr'],
          ['H₂O', '18'],
          ['CO₂', '44'],
        ]),
      ),
    ],
    [
      'Ο περιοδικός πίνακας',
      doc(paragraph('Τα στοιχεία διατάσσονται κατά αύξοντα ατομικό αριθμό Z.')),
    ],
  ],
  [
    [
      'Present Perfect: χρήση και σχηματισμός',
      doc(
        paragraph('Σχηματίζεται με το have/has και τη μετοχή αορίστου.'),
        table([
          ['Πρόσωπο', 'Κατάφαση', 'Ερώτηση'],
          ['I/you/we/they', 'have worked', 'Have … worked?'],
          ['he/she/it', 'has worked', 'Has … worked?'],
        ]),
      ),
    ],
    [
      'Phrasal verbs με το get',
      doc(paragraph('get up, get over, get along with: λεξιλόγιο με παραδείγματα.')),
    ],
  ],
  [
    [
      'Le passé composé',
      doc(
        paragraph('Σχηματίζεται με το avoir ή το être και τη μετοχή.'),
        table([
          ['Ρήμα', 'Βοηθητικό', 'Μετοχή'],
          ['parler', 'avoir', 'parlé'],
          ['aller', 'être', 'allé(e)'],
        ]),
      ),
    ],
    ['Les articles partitifs', doc(paragraph('du, de la, des: πότε τα χρησιμοποιούμε.'))],
  ],
  [
    [
      'Πολυπλοκότητα αλγορίθμων',
      doc(
        paragraph('Η δυαδική αναζήτηση κάνει ', equation('O(\\log n)', true), ' συγκρίσεις.'),
        table([
          ['Αλγόριθμος', 'Χειρότερη περίπτωση'],
          ['Γραμμική αναζήτηση', 'O(n)'],
          ['Ταξινόμηση φυσαλίδας', 'O(n²)'],
          ['Ταξινόμηση συγχώνευσης', 'O(n log n)'],
        ]),
      ),
    ],
    [
      'Αναδρομή',
      doc(
        paragraph(
          'Το παραγοντικό: ',
          equation('n! = n\\cdot (n-1)!', true),
          ', με ',
          equation('0! = 1', true),
          '.',
        ),
      ),
    ],
  ],
];

/**
 * Two published chapters and a draft for each of the first lessons; returns the chapters'
 * ids per lesson, in order.
 */
export async function seedChapters(
  db: Kysely<Database>,
  input: { schoolId: number; lessons: number[]; authorUserId: number; now: Date },
): Promise<Map<number, number[]>> {
  const at = (days: number) => new Date(input.now.getTime() + days * 86_400_000).toISOString();
  const rows = input.lessons.slice(0, DEMO_CHAPTERS.length).flatMap((lessonId, l) => {
    const chapters: [string, RichText, boolean][] = [
      ...DEMO_CHAPTERS[l]!.map(
        ([title, content]) => [title, content, true] as [string, RichText, boolean],
      ),
      [
        'Επανάληψη (πρόχειρο)',
        doc(paragraph('Σημειώσεις για την επανάληψη του κεφαλαίου.')),
        false,
      ],
    ];
    return chapters.map(([title, content, published], i) => {
      const plain = plainTextOf(content);
      return {
        school_id: input.schoolId,
        lesson_id: lessonId,
        title,
        content: JSON.stringify(content),
        content_text: plain,
        search_text: searchTextOf([title, plain]),
        published: published ? 1 : 0,
        published_at: published ? at(i * 3 - 10) : null,
        sort_order: i + 1,
        author_user_id: input.authorUserId,
        created_at: at(-20),
        updated_at: at(i * 3 - 10),
      };
    });
  });
  const inserted = await db
    .insertInto('chapters')
    .values(rows)
    .returning(['id', 'lesson_id'])
    .execute();
  const byLesson = new Map<number, number[]>();
  for (const row of inserted)
    byLesson.set(row.lesson_id, [...(byLesson.get(row.lesson_id) ?? []), row.id]);
  return byLesson;
}
