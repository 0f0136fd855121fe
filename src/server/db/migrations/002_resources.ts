import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Tables of the resource engine: structure (levels, tags, sites, rooms, courses, lessons,
// timetables, templates), announcements, and what a school keeps about its people.
// Every table has school_id first in its indexes and a normalised search_text.
export const resources: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const schoolTable = (name: string) =>
      withId(kind, db.schema.createTable(name))
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''));
    const index = (table: string, columns: string[]) =>
      db.schema
        .createIndex(`${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns)
        .execute();

    // What the school keeps about a person in a role.
    for (const [column, type] of [
      ['search_text', "text not null default ''"],
      // Normalised "last first" of the account, so that people lists sort on an index.
      ['sort_name', "text not null default ''"],
      ['code', 'text'],
      ['phone', 'text'],
      ['mobile', 'text'],
      ['birth_date', 'text'],
      ['address', 'text'],
      ['city', 'text'],
      ['postal_code', 'text'],
      ['vat_number', 'text'],
      ['tax_office', 'text'],
      ['subjects', 'text'],
      ['notes', 'text'],
      ['active', 'integer not null default 1'],
    ] as const) {
      await sql.raw(`alter table memberships add column ${column} ${type}`).execute(db);
    }

    await schoolTable('levels')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addUniqueConstraint('levels_unique_name', ['school_id', 'name'])
      .execute();
    await sql
      .raw(
        'alter table memberships add column level_id integer references levels(id) on delete set null',
      )
      .execute(db);
    await index('memberships', ['school_id', 'role', 'user_id']);
    await index('memberships', ['school_id', 'role', 'sort_name', 'id']);
    await index('memberships', ['school_id', 'role', 'level_id']);

    await schoolTable('tags')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text')
      .addUniqueConstraint('tags_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('sites')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('city', 'text')
      .addColumn('phone', 'text')
      .addUniqueConstraint('sites_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('rooms')
      .addColumn('site_id', 'integer', (c) =>
        c.notNull().references('sites.id').onDelete('restrict'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer')
      .execute();
    await index('rooms', ['school_id', 'site_id']);

    await schoolTable('courses')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('level_id', 'integer', (c) => c.references('levels.id').onDelete('set null'))
      .addColumn('category_id', 'integer', (c) =>
        c.references('categories.id').onDelete('set null'),
      )
      .addColumn('color', 'text')
      .addColumn('description', 'text')
      .addUniqueConstraint('courses_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('lessons')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('restrict'))
      .addColumn('period_id', 'integer', (c) => c.references('periods.id').onDelete('restrict'))
      .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
      .addColumn('level_id', 'integer', (c) => c.references('levels.id').onDelete('set null'))
      .addColumn('color', 'text')
      .addColumn('description', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await index('lessons', ['school_id', 'name']);
    await index('lessons', ['school_id', 'period_id']);

    const link = async (table: string, from: [string, string], to: [string, string]) => {
      await withId(kind, db.schema.createTable(table))
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn(from[0], 'integer', (c) => c.notNull().references(from[1]).onDelete('cascade'))
        .addColumn(to[0], 'integer', (c) => c.notNull().references(to[1]).onDelete('cascade'))
        .addUniqueConstraint(`${table}_unique`, ['school_id', from[0], to[0]])
        .execute();
      await index(table, ['school_id', to[0]]);
    };
    await link('lesson_teachers', ['lesson_id', 'lessons.id'], ['teacher_id', 'memberships.id']);
    await link('lesson_students', ['lesson_id', 'lessons.id'], ['student_id', 'memberships.id']);
    await link(
      'student_guardians',
      ['student_id', 'memberships.id'],
      ['client_id', 'memberships.id'],
    );
    await link('member_tags', ['membership_id', 'memberships.id'], ['tag_id', 'tags.id']);

    await schoolTable('lesson_schedules')
      .addColumn('lesson_id', 'integer', (c) =>
        c.notNull().references('lessons.id').onDelete('cascade'),
      )
      .addColumn('weekday', 'integer', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('set null'))
      .execute();
    await index('lesson_schedules', ['school_id', 'lesson_id']);
    await index('lesson_schedules', ['school_id', 'weekday', 'start_time']);

    await schoolTable('lesson_templates')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('duration_minutes', 'integer')
      .addColumn('description', 'text')
      .addUniqueConstraint('lesson_templates_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('announcements')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) =>
        c.references('categories.id').onDelete('set null'),
      )
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('announcements', ['school_id', 'created_at']);

    // Tables of the foundation that the engine now edits get their search text too.
    for (const table of [
      'categories',
      'periods',
      'sub_periods',
      'permission_groups',
      'permission_rules',
    ]) {
      await sql
        .raw(`alter table ${table} add column search_text text not null default ''`)
        .execute(db);
    }
  },
};
