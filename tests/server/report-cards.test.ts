import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { hasPdftoppm, pdfPages, renderPage } from './support/pdf';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { reportCardsPdf } from '../../src/server/areas/reports/report-cards/pdf';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// Report cards read back from their PDFs: a student's lessons with the gradebook's grade,
// the absences of the sub-period, the teacher's remark, in the school's language; a whole
// level drawn in the background as one file; who may make them. Where poppler is installed
// a card is also drawn to a PNG and its band checked for the school's brand colour.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(databaseKinds)('report cards on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let admin: string;
  let teacher: string;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${fx.school}/admin/report-cards`;
  const pdfOf = async (url: string, token = admin) => {
    const response = await fetch(`${server.url}/api${url}`, { headers: { Token: token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await response.arrayBuffer());
  };
  const setLanguage = (language: string) =>
    db()
      .updateTable('settings')
      .set({ data: language })
      .where('school_id', '=', fx.school)
      .where('name', '=', 'school_language')
      .execute();

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    [admin, teacher] = await Promise.all([
      api.login('admin@demo.school'),
      api.login('teacher@demo.school'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers the sub-periods and the levels with their students, in the school language', async () => {
    const choices = await api.get(base(), admin);
    expect(choices.status, JSON.stringify(choices.body)).toBe(200);
    const data = choices.body.data;
    expect(data.language).toBe('en');
    const subPeriods = await db()
      .selectFrom('sub_periods')
      .select('id')
      .where('school_id', '=', fx.school)
      .execute();
    expect(data.sub_periods.map((s: { value: number }) => s.value).sort()).toEqual(
      subPeriods.map((s) => s.id).sort(),
    );
    expect(data.current_sub_period_id).not.toBeNull();
    const students = await db()
      .selectFrom('memberships')
      .select(['level_id'])
      .where('school_id', '=', fx.school)
      .where('role', '=', 'student')
      .where('active', '=', 1)
      .execute();
    for (const level of data.levels as { value: number; students: number }[])
      expect(level.students).toBe(students.filter((s) => s.level_id === level.value).length);
  });

  it("draws a student's card: every lesson's grade, absences and the teacher's remark", async () => {
    const book = await api.get(`/schools/${fx.school}/teacher/grades/${fx.shared}`, teacher);
    expect(book.status).toBe(200);
    const subPeriod = book.body.data.sub_period as {
      id: number;
      start_date: string;
      end_date: string;
    };
    const mine = (
      book.body.data.students as { student_id: number; grade: { value: number | null } }[]
    ).find((s) => s.student_id === fx.student)!;
    expect(mine.grade.value).not.toBeNull();
    const remark = 'Steady progress in algebra; more care with units.';
    const saved = await api.call(
      'PUT',
      `/schools/${fx.school}/teacher/grades/${fx.shared}/students/${fx.student}/remarks/${subPeriod.id}`,
      { body: { comment: remark }, token: teacher },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const bytes = await pdfOf(`${base()}/students/${fx.student}?sub_period_id=${subPeriod.id}`);
    const pages = await pdfPages(bytes);
    const text = pages.join(' ');
    const person = await db()
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.first_name', 'u.last_name'])
      .where('m.id', '=', fx.student)
      .executeTakeFirstOrThrow();
    expect(text).toContain('Demo School Athens');
    expect(text).toContain('Report card');
    expect(text).toContain(`${person.last_name} ${person.first_name}`);
    expect(text).toContain(remark);

    // Each lesson of the period, with the absences of the sub-period's days.
    const lessons = await db()
      .selectFrom('lesson_students as ls')
      .innerJoin('lessons as l', 'l.id', 'ls.lesson_id')
      .innerJoin('sub_periods as s', 's.period_id', 'l.period_id')
      .select(['l.id', 'l.name'])
      .where('ls.student_id', '=', fx.student)
      .where('s.id', '=', subPeriod.id)
      .execute();
    expect(lessons.length).toBeGreaterThan(1);
    const marks = await db()
      .selectFrom('attendance_records')
      .select(['lesson_id', 'justified'])
      .where('student_id', '=', fx.student)
      .where('status', '=', 'absent')
      .where('date', '>=', subPeriod.start_date)
      .where('date', '<=', subPeriod.end_date)
      .execute();
    for (const lesson of lessons) {
      const own = marks.filter((m) => m.lesson_id === lesson.id);
      const unjustified = own.filter((m) => m.justified === 0).length;
      expect(text, lesson.name).toMatch(
        new RegExp(`${escape(lesson.name)} .*?${own.length} \\(${unjustified}\\)`),
      );
    }
    const shared = lessons.find((l) => l.id === fx.shared)!;
    const grade = new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(
      mine.grade.value!,
    );
    expect(text).toMatch(new RegExp(`${escape(shared.name)} .*? ${escape(grade)} \\d+ \\(\\d+\\)`));
    const lessonIds = new Set(lessons.map((l) => l.id));
    const counted = marks.filter((m) => lessonIds.has(m.lesson_id));
    expect(text).toContain(
      `Absences in all: ${counted.length} (unjustified: ${counted.filter((m) => m.justified === 0).length})`,
    );
    expect(text).toContain('Grades out of 20.');
    expect(text).toContain('Page 1 of');

    if (hasPdftoppm()) {
      // Drawn, the band across the top is the school's brand colour, the logo on white.
      const out = process.env.REPORT_CARD_PNG ?? path.join(os.tmpdir(), `card-${kind}.png`);
      const png = renderPage(bytes, 1, out, 72);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      };
      expect(pixel(info.width - 10, 10)).toBe('#2f6fd6');
      expect(pixel(38, 20)).toBe('#ffffff');
      if (!process.env.REPORT_CARD_PNG) fs.rmSync(png);
    }
  });

  it("writes the card in Greek when that is the school's language", async () => {
    await setLanguage('el');
    try {
      const choices = await api.get(base(), admin);
      expect(choices.body.data.language).toBe('el');
      const subPeriod = choices.body.data.current_sub_period_id as number;
      const bytes = await pdfOf(`${base()}/students/${fx.student}?sub_period_id=${subPeriod}`);
      if (process.env.REPORT_CARD_PDF) fs.writeFileSync(process.env.REPORT_CARD_PDF, bytes);
      const text = (await pdfPages(bytes)).join(' ');
      expect(text).toContain('Έλεγχος προόδου');
      expect(text).toContain('Σχόλιο εκπαιδευτικού');
      expect(text).toContain('Βαθμοί με άριστα το 20.');
      expect(text).toMatch(/Σύνολο απουσιών: \d+ \(αδικαιολόγητες: \d+\)/);
      expect(text).toContain('Σελίδα 1 από');
      expect(text).not.toContain('Report card');
    } finally {
      await setLanguage('en');
    }
  });

  it("draws a whole level's cards in the background as one file, with its progress", async () => {
    const choices = (await api.get(base(), admin)).body.data;
    const level = (choices.levels as { value: number; label: string; students: number }[]).find(
      (l) => l.students > 0,
    )!;
    const started = await api.post(
      base(),
      { sub_period_id: choices.current_sub_period_id, level_id: level.value },
      admin,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'pending', progress: 0, download_url: null });
    const id = started.body.data.id;
    expect((await api.get(`${base()}/${id}/file`, admin)).status).toBe(409);
    await server.built.jobs.runDueJobs();
    const status = await api.get(`${base()}/${id}`, admin);
    expect(status.body.data).toMatchObject({
      status: 'done',
      progress: 100,
      students: level.students,
    });
    const listed = (await api.get(base(), admin)).body.data.batches;
    expect(listed[0]).toMatchObject({ id, status: 'done' });

    const pages = await pdfPages(await pdfOf(status.body.data.download_url));
    expect(pages.length).toBeGreaterThanOrEqual(level.students);
    const students = await db()
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.first_name', 'u.last_name'])
      .where('m.school_id', '=', fx.school)
      .where('m.role', '=', 'student')
      .where('m.level_id', '=', level.value)
      .where('m.active', '=', 1)
      .execute();
    const firsts = pages.filter((p) => p.includes('Page 1 of'));
    expect(firsts).toHaveLength(students.length);
    for (const s of students)
      expect(
        firsts.some((p) => p.includes(`${s.last_name} ${s.first_name}`)),
        `${s.last_name} ${s.first_name}`,
      ).toBe(true);
    for (const page of firsts) expect(page).toContain(level.label);

    // Another admin does not see this admin's batch.
    await insertAccount(db(), `cards-other-${kind}@demo.school`, [
      { school: fx.school, role: 'admin', fullAccess: true },
    ]);
    const other = await api.login(`cards-other-${kind}@demo.school`);
    expect((await api.get(`${base()}/${id}`, other)).status).toBe(404);
    expect((await api.get(`${base()}/${id}/file`, other)).status).toBe(404);
    // Nor does an admin of another school, asking through their own school.
    const elsewhere = await db()
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', fx.school)
      .executeTakeFirstOrThrow();
    await insertAccount(db(), `cards-elsewhere-${kind}@demo.school`, [
      { school: elsewhere.id, role: 'admin', fullAccess: true },
    ]);
    const foreign = await api.login(`cards-elsewhere-${kind}@demo.school`);
    const path = `/schools/${elsewhere.id}/admin/report-cards/${id}`;
    expect((await api.get(path, foreign)).status).toBe(404);
    expect((await api.get(`${path}/file`, foreign)).status).toBe(404);
  });

  it('refuses other roles, other schools and admins who may not read absences', async () => {
    const choices = (await api.get(base(), admin)).body.data;
    const subPeriod = choices.current_sub_period_id as number;
    expect((await api.get(`/schools/${fx.school}/teacher/report-cards`, teacher)).status).toBe(403);
    const narrow = await insertAccount(db(), `cards-narrow-${kind}@demo.school`, [
      { school: fx.school, role: 'admin' },
    ]);
    await insertPermissionGroup(
      db(),
      fx.school,
      `Cards without absences ${kind}`,
      [
        { resource: 'reporting', read: true, write: false },
        { resource: 'students', read: true, write: false },
        { resource: 'lessons', read: true, write: false },
      ],
      [narrow.userId],
    );
    const token = await api.login(`cards-narrow-${kind}@demo.school`);
    expect((await api.get(base(), token)).status).toBe(403);
    expect(
      (await api.get(`${base()}/students/${fx.student}?sub_period_id=${subPeriod}`, token)).status,
    ).toBe(403);

    // Another school's records are not this school's to print.
    const other = await db()
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', fx.school)
      .executeTakeFirstOrThrow();
    const foreignStudent = await db()
      .selectFrom('memberships')
      .select('id')
      .where('school_id', '=', other.id)
      .where('role', '=', 'student')
      .executeTakeFirstOrThrow();
    const foreignLevel = await db()
      .selectFrom('levels')
      .select('id')
      .where('school_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(
      (await api.get(`${base()}/students/${foreignStudent.id}?sub_period_id=${subPeriod}`, admin))
        .status,
    ).toBe(404);
    const refused = await api.post(
      base(),
      { sub_period_id: subPeriod, level_id: foreignLevel.id },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.level_id).toMatch(/level of this school/);
    expect((await api.get(`/schools/${other.id}/admin/report-cards`, admin)).status).toBe(403);
  });
});

describe('a long report card', () => {
  it('breaks over pages with the heading again, numbered per student', async () => {
    const comment =
      'Works with care and asks good questions; the next step is to check each answer against the problem before handing it in.';
    const lessons = Array.from({ length: 30 }, (_, i) => ({
      lesson: `Lesson ${String(i + 1).padStart(2, '0')}`,
      teachers: 'Παπαδάκης Νίκος, Ζαχαρίου Βασιλική',
      grade: 10 + (i % 10),
      absences: i % 4,
      unjustified: i % 2,
      comment: i % 3 === 0 ? comment : null,
    }));
    const bytes = await reportCardsPdf({
      frame: {
        school: {
          name: 'Σχολή Δοκιμής',
          logo: null,
          brand: '#00695c',
          accent: '#2e7d32',
          locale: 'el',
        },
        period: '2026–2027',
        subPeriod: { name: 'Α΄ Τετράμηνο', start_date: '2026-09-01', end_date: '2026-12-23' },
        scale: { max: 20, rounding: 'tenth' },
      },
      students: [
        { studentId: 1, name: 'Αλεξίου Ελένη', level: 'Β2', lessons },
        { studentId: 2, name: 'Βλάχος Ειρήνη', level: 'Β2', lessons: [] },
      ],
      today: '2026-12-24',
    });
    if (process.env.LONG_CARD_PDF) fs.writeFileSync(process.env.LONG_CARD_PDF, bytes);
    const pages = await pdfPages(bytes);
    const first = pages.filter((p) => p.includes('Αλεξίου Ελένη'));
    expect(first.length).toBeGreaterThan(1);
    for (const [i, page] of first.entries()) {
      // Every page with rows of lessons has the table's heading.
      if (page.includes('Lesson ')) expect(page).toContain('Σχόλιο εκπαιδευτικού');
      expect(page).toContain(`Σελίδα ${i + 1} από ${first.length}`);
    }
    expect(first.filter((p) => p.includes('Lesson ')).length).toBeGreaterThan(1);
    expect(first[first.length - 1]).toContain('Μέσος όρος: 14,5');
    for (const lesson of lessons) expect(first.join(' ')).toContain(lesson.lesson);
    // A student in no lesson gets a card that says so, numbered on its own.
    const last = pages[pages.length - 1]!;
    expect(last).toContain('Βλάχος Ειρήνη');
    expect(last).toContain('Ο μαθητής δεν είχε μαθήματα σε αυτή την υποπερίοδο.');
    expect(last).toContain('Σελίδα 1 από 1');
  });
});
