import type { Kysely } from 'kysely';
import type { Answer, QuestionInput } from '../../../shared/api/quizzes';
import { pointsFor, totalOf } from '../../../shared/quizzes/grading';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';

// Demo quizzes: for each of the first lessons (one per course), a quiz of all five kinds that
// closed last week with every student's graded attempt, one open now, and a draft for next
// week, so that the quiz list, taking a quiz and the review all have something to show.

/** One question of each kind per course, in the order of the demo's courses. */
const BANKS: QuestionInput[][] = [
  [
    {
      kind: 'simple',
      text: 'Πόσο κάνει 7 · 8;',
      points: 2,
      accepted_answers: ['56', 'πενήντα έξι'],
    },
    {
      kind: 'multiple_choice',
      text: 'Ποιοι από τους παρακάτω αριθμούς είναι πρώτοι;',
      points: 3,
      options: [
        { text: '2', correct: true },
        { text: '9', correct: false },
        { text: '11', correct: true },
        { text: '15', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε σχήμα με το εμβαδόν του.',
      points: 3,
      pairs: [
        { prompt: 'Τετράγωνο πλευράς α', match: 'α²' },
        { prompt: 'Ορθογώνιο α × β', match: 'α · β' },
        { prompt: 'Κύκλος ακτίνας ρ', match: 'π · ρ²' },
      ],
    },
    {
      kind: 'true_false',
      text: 'Το άθροισμα των γωνιών τριγώνου είναι 180°.',
      points: 1,
      correct: true,
    },
    {
      kind: 'fill_blanks',
      text: 'Η λύση της εξίσωσης 2x + 4 = 10 είναι x = ___ και της x − 3 = 2 είναι x = ___.',
      points: 2,
      blanks: [{ accepted: ['3'] }, { accepted: ['5'] }],
    },
  ],
  [
    {
      kind: 'simple',
      text: 'Ποια είναι η μονάδα μέτρησης της δύναμης στο SI;',
      points: 2,
      accepted_answers: ['Νιούτον', 'Newton', 'N'],
    },
    {
      kind: 'multiple_choice',
      text: 'Ποιο από τα παρακάτω είναι μονόμετρο μέγεθος;',
      points: 2,
      options: [
        { text: 'Ταχύτητα', correct: false },
        { text: 'Μάζα', correct: true },
        { text: 'Δύναμη', correct: false },
        { text: 'Επιτάχυνση', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε μέγεθος με τη μονάδα του.',
      points: 3,
      pairs: [
        { prompt: 'Ενέργεια', match: 'Τζάουλ (J)' },
        { prompt: 'Ισχύς', match: 'Βατ (W)' },
        { prompt: 'Πίεση', match: 'Πασκάλ (Pa)' },
      ],
    },
    {
      kind: 'true_false',
      text: 'Στο κενό όλα τα σώματα πέφτουν με την ίδια επιτάχυνση.',
      points: 1,
      correct: true,
    },
    {
      kind: 'fill_blanks',
      text: 'Ο δεύτερος νόμος του Νεύτωνα γράφεται F = ___ · ___.',
      points: 2,
      blanks: [{ accepted: ['m'] }, { accepted: ['a'] }],
    },
  ],
  [
    {
      kind: 'simple',
      text: 'Ποιο είναι το χημικό σύμβολο του νατρίου;',
      points: 2,
      accepted_answers: ['Na'],
    },
    {
      kind: 'multiple_choice',
      text: 'Ποια από τα παρακάτω είναι ευγενή αέρια;',
      points: 3,
      options: [
        { text: 'Ήλιο', correct: true },
        { text: 'Οξυγόνο', correct: false },
        { text: 'Νέο', correct: true },
        { text: 'Άζωτο', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε ουσία με τον χημικό τύπο της.',
      points: 3,
      pairs: [
        { prompt: 'Νερό', match: 'H₂O' },
        { prompt: 'Διοξείδιο του άνθρακα', match: 'CO₂' },
        { prompt: 'Χλωριούχο νάτριο', match: 'NaCl' },
      ],
    },
    { kind: 'true_false', text: 'Ένα διάλυμα με pH 3 είναι βασικό.', points: 1, correct: false },
    {
      kind: 'fill_blanks',
      text: 'Το άτομο αποτελείται από πυρήνα με πρωτόνια και ___, γύρω από τον οποίο κινούνται τα ___.',
      points: 2,
      blanks: [{ accepted: ['νετρόνια'] }, { accepted: ['ηλεκτρόνια'] }],
    },
  ],
  [
    {
      kind: 'simple',
      text: 'Γράψτε στα αγγλικά τη λέξη «βιβλίο».',
      points: 2,
      accepted_answers: ['book'],
    },
    {
      kind: 'multiple_choice',
      text: 'Επιλέξτε τη σωστή φράση.',
      points: 2,
      options: [
        { text: 'She go to school every day.', correct: false },
        { text: 'She goes to school every day.', correct: true },
        { text: 'She going to school every day.', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε ρήμα με τον αόριστό του.',
      points: 3,
      pairs: [
        { prompt: 'go', match: 'went' },
        { prompt: 'see', match: 'saw' },
        { prompt: 'write', match: 'wrote' },
      ],
    },
    {
      kind: 'true_false',
      text: '«Children» είναι ο πληθυντικός του «child».',
      points: 1,
      correct: true,
    },
    {
      kind: 'fill_blanks',
      text: 'I ___ a student and they ___ my friends.',
      points: 2,
      blanks: [{ accepted: ['am'] }, { accepted: ['are'] }],
    },
  ],
  [
    {
      kind: 'simple',
      text: 'Πώς λέγεται στα γαλλικά το «ευχαριστώ»;',
      points: 2,
      accepted_answers: ['merci'],
    },
    {
      kind: 'multiple_choice',
      text: 'Ποιο άρθρο συνοδεύει τη λέξη «maison»;',
      points: 2,
      options: [
        { text: 'le', correct: false },
        { text: 'la', correct: true },
        { text: 'les', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε αριθμό με τη λέξη του.',
      points: 3,
      pairs: [
        { prompt: '1', match: 'un' },
        { prompt: '2', match: 'deux' },
        { prompt: '3', match: 'trois' },
      ],
    },
    { kind: 'true_false', text: 'Το «bonjour» σημαίνει «καληνύχτα».', points: 1, correct: false },
    {
      kind: 'fill_blanks',
      text: 'Je ___ français et tu ___ grec.',
      points: 2,
      blanks: [{ accepted: ['suis'] }, { accepted: ['es'] }],
    },
  ],
  [
    {
      kind: 'simple',
      text: 'Πόσα bit έχει ένα byte;',
      points: 2,
      accepted_answers: ['8', 'οκτώ'],
    },
    {
      kind: 'multiple_choice',
      text: 'Ποιες από τις παρακάτω είναι γλώσσες προγραμματισμού;',
      points: 3,
      options: [
        { text: 'Python', correct: true },
        { text: 'HTML', correct: false },
        { text: 'Java', correct: true },
        { text: 'JPEG', correct: false },
      ],
    },
    {
      kind: 'matching',
      text: 'Αντιστοιχίστε κάθε συσκευή με τον ρόλο της.',
      points: 3,
      pairs: [
        { prompt: 'Πληκτρολόγιο', match: 'Είσοδος' },
        { prompt: 'Οθόνη', match: 'Έξοδος' },
        { prompt: 'Σκληρός δίσκος', match: 'Αποθήκευση' },
      ],
    },
    {
      kind: 'true_false',
      text: 'Ο δυαδικός αριθμός 101 ισούται με 5 στο δεκαδικό.',
      points: 1,
      correct: true,
    },
    {
      kind: 'fill_blanks',
      text: 'Η εντολή ___ επαναλαμβάνει, ενώ η ___ ελέγχει μια συνθήκη.',
      points: 2,
      blanks: [{ accepted: ['for', 'while'] }, { accepted: ['if'] }],
    },
  ],
];

/** A student's answer: right, or a believable mistake of that kind. */
function answerOf(question: QuestionInput, right: boolean): Answer {
  switch (question.kind) {
    case 'simple':
      return { kind: 'simple', text: right ? question.accepted_answers[0]! : 'δεν θυμάμαι' };
    case 'multiple_choice': {
      const correct = question.options.flatMap((o, i) => (o.correct ? [i] : []));
      const wrong = question.options.findIndex((o) => !o.correct);
      return { kind: 'multiple_choice', options: right ? correct : [correct[0]!, wrong] };
    }
    case 'matching': {
      const matches = question.pairs.map((_, i) => ({ prompt: i, match: i }));
      if (!right) [matches[0]!.match, matches[1]!.match] = [1, 0];
      return { kind: 'matching', matches };
    }
    case 'true_false':
      return { kind: 'true_false', value: right ? question.correct : !question.correct };
    case 'fill_blanks':
      return {
        kind: 'fill_blanks',
        blanks: question.blanks.map((b, i) => (right || i === 0 ? b.accepted[0]! : '')),
      };
  }
}

/** Quizzes for the first lessons (one per course) with their students' attempts. */
export async function seedQuizzes(
  db: Kysely<Database>,
  input: { schoolId: number; lessons: number[]; authorUserId: number; now: Date },
): Promise<void> {
  const at = (days: number, hour = 9) => {
    const day = new Date(input.now.getTime() + days * 86_400_000);
    day.setUTCHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const lessons = input.lessons.slice(0, BANKS.length);
  const plans = [
    { title: 'Διαγώνισμα επανάληψης', opens: -9, closes: -7, published: true, limit: 30 },
    { title: 'Σύντομο τεστ εβδομάδας', opens: -1, closes: 5, published: true, limit: 20 },
    { title: 'Τεστ επόμενου κεφαλαίου', opens: 7, closes: 9, published: false, limit: 15 },
  ];
  for (const [l, lessonId] of lessons.entries()) {
    const bank = BANKS[l]!;
    const students = (
      await db
        .selectFrom('lesson_students')
        .select('student_id')
        .where('school_id', '=', input.schoolId)
        .where('lesson_id', '=', lessonId)
        .orderBy('student_id')
        .execute()
    ).map((r) => r.student_id);
    for (const [p, plan] of plans.entries()) {
      const { id: quizId } = await db
        .insertInto('quizzes')
        .values({
          school_id: input.schoolId,
          lesson_id: lessonId,
          title: plan.title,
          search_text: searchTextOf([plan.title]),
          opens_at: at(plan.opens),
          closes_at: at(plan.closes, 20),
          time_limit_minutes: plan.limit,
          attempts_allowed: p === 1 ? 2 : 1,
          shuffle: p === 1 ? 1 : 0,
          show_results: p === 0 ? 'after_close' : 'after_submit',
          published: plan.published ? 1 : 0,
          published_at: plan.published ? at(plan.opens - 1) : null,
          author_user_id: input.authorUserId,
          created_at: at(plan.opens - 2),
          updated_at: at(plan.opens - 1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const questions = await db
        .insertInto('quiz_questions')
        .values(
          bank.map(({ kind, text, points, ...own }, position) => ({
            school_id: input.schoolId,
            quiz_id: quizId,
            position,
            kind,
            text,
            points,
            spec: JSON.stringify(own),
          })),
        )
        .returning('id')
        .execute();
      // The closed quiz: everyone took it. The open one: every third student so far (the demo
      // student's first lesson keeps it untaken, for them to try).
      const takers = p === 0 ? students : p === 1 ? students.filter((_, s) => s % 3 === 1) : [];
      for (const [s, studentId] of takers.entries()) {
        const started = new Date(at(plan.opens + (s % 2), 10 + (s % 6))).getTime();
        const minutes = 8 + ((s * 7) % (plan.limit - 6));
        const given = bank.map((q, j) => answerOf(q, (s * 7 + j * 3 + l) % 5 !== 0));
        const points = bank.map((q, j) => pointsFor(q, given[j]!));
        const { score, pending } = totalOf(points);
        const submittedAt = new Date(started + minutes * 60_000).toISOString();
        const { id: attemptId } = await db
          .insertInto('quiz_attempts')
          .values({
            school_id: input.schoolId,
            quiz_id: quizId,
            student_id: studentId,
            number: 1,
            started_at: new Date(started).toISOString(),
            deadline_at: new Date(started + plan.limit * 60_000).toISOString(),
            submitted_at: submittedAt,
            score,
            pending,
            updated_at: submittedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('quiz_answers')
          .values(
            questions.map((q, j) => ({
              school_id: input.schoolId,
              attempt_id: attemptId,
              question_id: q.id,
              answer: JSON.stringify(given[j]),
              points: points[j] ?? null,
              graded_by_hand: 0,
              graded_by_user_id: null,
              updated_at: submittedAt,
            })),
          )
          .execute();
      }
    }
  }
}
