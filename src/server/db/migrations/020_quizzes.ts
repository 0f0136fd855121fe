import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Quizzes (issue 13): a lesson's quizzes, their questions (each kind's own fields as JSON),
// the students' attempts and their answers, saved one by one as they are given. Every table is
// school-owned: school_id first in each index, rows removed with their school.
export const quizzes: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const schoolTable = (name: string) =>
      withId(kind, db.schema.createTable(name)).addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      );
    const index = (table: string, columns: string[], unique = false) => {
      const builder = db.schema
        .createIndex(`${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns);
      return (unique ? builder.unique() : builder).execute();
    };
    // Earned points have two decimals (a third of 2 points is 0.67): a double on PostgreSQL.
    const real = kind === 'postgres' ? 'double precision' : 'real';

    await schoolTable('quizzes')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('opens_at', 'text', (c) => c.notNull())
      .addColumn('closes_at', 'text', (c) => c.notNull())
      .addColumn('time_limit_minutes', 'integer')
      .addColumn('attempts_allowed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('shuffle', 'integer', (c) => c.notNull().defaultTo(0))
      // after_submit, after_close or never.
      .addColumn('show_results', 'text', (c) => c.notNull())
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text')
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('quizzes', ['school_id', 'lesson_id', 'opens_at']);
    await index('quizzes', ['school_id', 'opens_at']);

    await schoolTable('quiz_questions')
      .addColumn('quiz_id', 'integer', (c) =>
        c.notNull().references('quizzes.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      // The kind's own fields (options, pairs, gaps, accepted answers) as JSON text.
      .addColumn('spec', 'text', (c) => c.notNull())
      .execute();
    await index('quiz_questions', ['school_id', 'quiz_id', 'position']);

    await schoolTable('quiz_attempts')
      .addColumn('quiz_id', 'integer', (c) =>
        c.notNull().references('quizzes.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      // min(start + time limit, closes_at), held by the server.
      .addColumn('deadline_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('score', real)
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('quiz_attempts', ['school_id', 'quiz_id', 'student_id', 'number'], true);
    await index('quiz_attempts', ['school_id', 'student_id', 'quiz_id']);

    await schoolTable('quiz_answers')
      .addColumn('attempt_id', 'integer', (c) =>
        c.notNull().references('quiz_attempts.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('quiz_questions.id').onDelete('cascade'),
      )
      .addColumn('answer', 'text', (c) => c.notNull())
      // Earned once submitted; null while waiting for hand-grading.
      .addColumn('points', real)
      .addColumn('graded_by_hand', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('graded_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('quiz_answers', ['school_id', 'attempt_id', 'question_id'], true);
  },
};
