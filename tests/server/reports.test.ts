import fs from 'node:fs';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greek } from '../../src/renderer/src/i18n/el';
import { parseCsv } from '../../src/server/resources/csv';
import { jobDefinition } from '../../src/server/jobs/registry';
import {
  EXPORT_KEPT_MS,
  REMOVE_OLD_EXPORTS_JOB,
  REPORT_EXPORT_JOB,
} from '../../src/server/areas/reports/exports';
import { reportPdf } from '../../src/server/areas/reports/report-pdf';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { pdfPages } from './support/pdf';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// Each report's figures against the raw tables, who may read reports, and an export read
// back from its file. Expected values are computed here from the rows, not by the engine.

type Row = Record<string, string | number | null>;

describe.each(databaseKinds)('reports on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let admin: string;
  let teacher: string;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${fx.school}/admin/reports`;
  const run = async (id: string, query = '', token = admin) => {
    const response = await api.get(`${base()}/${id}${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as {
      rows: Row[];
      totals: Record<string, number | null>;
      applied: Record<string, number | string | null>;
      options: Record<string, { value: number; label: string }[]>;
    };
  };

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

  it('lists the declared reports with their filters, columns and chart', async () => {
    const response = await api.get(base(), admin);
    expect(response.status).toBe(200);
    const ids = response.body.data.map((r: { id: string }) => r.id);
    expect(ids).toEqual([
      'attendance-by-lesson-month',
      'students-over-absence-threshold',
      'grades-distribution',
      'students-at-risk',
      'enrolment-by-level-course',
      'live-sessions-by-lesson',
      'income-expense-by-month',
      'outstanding-balances',
      'fund-balances',
      'mydata-not-accepted',
    ]);
    const attendance = response.body.data[0];
    expect(attendance.filters.map((f: { kind: string }) => f.kind)).toEqual([
      'period',
      'level',
      'lesson',
      'date',
      'date',
    ]);
    expect(attendance.chart).toMatchObject({ kind: 'bar', x: 'month' });
    // The screen translates the declarations' texts: each has Greek.
    const texts = response.body.data.flatMap(
      (r: {
        title: string;
        description: string;
        filters: { label: string }[];
        columns: { label: string }[];
        chart: { count?: string } | null;
      }) => [
        r.title,
        r.description,
        ...r.filters.map((f) => f.label),
        ...r.columns.map((c) => c.label),
        ...(r.chart?.count ? [r.chart.count] : []),
      ],
    );
    expect(texts.filter((text: string) => !(text in greek))).toEqual([]);
  });

  it('counts attendance per lesson and month as the records say', async () => {
    const report = await run('attendance-by-lesson-month');
    const periodId = report.applied.period_id as number;
    const period = await db()
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', periodId)
      .executeTakeFirstOrThrow();
    const records = await db()
      .selectFrom('attendance_records as a')
      .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
      .select(['l.name', 'a.date', 'a.status', 'a.justified'])
      .where('a.school_id', '=', fx.school)
      .where('l.period_id', '=', periodId)
      .where('a.date', '>=', period.start_date)
      .where('a.date', '<=', period.end_date)
      .execute();
    expect(records.length).toBeGreaterThan(0);
    const expected = new Map<string, Row>();
    for (const r of records) {
      const key = `${r.name}|${r.date.slice(0, 7)}`;
      const row = expected.get(key) ?? {
        records: 0,
        absent: 0,
        unjustified: 0,
        late: 0,
        excused: 0,
      };
      row.records = Number(row.records) + 1;
      if (r.status === 'absent') row.absent = Number(row.absent) + 1;
      if (r.status === 'absent' && r.justified === 0) row.unjustified = Number(row.unjustified) + 1;
      if (r.status === 'late') row.late = Number(row.late) + 1;
      if (r.status === 'excused') row.excused = Number(row.excused) + 1;
      expected.set(key, row);
    }
    const actual = new Map(
      report.rows.map((r) => [
        `${r.lesson}|${r.month}`,
        {
          records: r.records,
          absent: r.absent,
          unjustified: r.unjustified,
          late: r.late,
          excused: r.excused,
        },
      ]),
    );
    expect(actual).toEqual(expected);
    const absent = records.filter((r) => r.status === 'absent').length;
    expect(report.totals.records).toBe(records.length);
    expect(report.totals.absent).toBe(absent);
    expect(report.totals.absent_rate).toBe(Math.round((absent / records.length) * 1000) / 10);

    // A lesson and a date range narrow the same counts.
    const lesson = await db()
      .selectFrom('lessons')
      .select(['id', 'name'])
      .where('id', '=', fx.shared)
      .executeTakeFirstOrThrow();
    const month = records.find((r) => r.name === lesson.name)!.date.slice(0, 7);
    const narrowed = await run(
      'attendance-by-lesson-month',
      `?period_id=${periodId}&lesson_id=${lesson.id}&from=${month}-01&to=${month}-31`,
    );
    expect(narrowed.rows).toHaveLength(1);
    expect(narrowed.rows[0]!.records).toBe(
      records.filter((r) => r.name === lesson.name && r.date.startsWith(month)).length,
    );
  });

  it('lists the students at or over the absence threshold', async () => {
    await db()
      .updateTable('settings')
      .set({ data: '2' })
      .where('school_id', '=', fx.school)
      .where('name', '=', 'absence_threshold')
      .execute();
    const report = await run('students-over-absence-threshold');
    const periodId = report.applied.period_id as number;
    const absences = await db()
      .selectFrom('attendance_records as a')
      .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
      .select(['a.student_id', 'a.lesson_id'])
      .where('a.school_id', '=', fx.school)
      .where('l.period_id', '=', periodId)
      .where('a.status', '=', 'absent')
      .where('a.justified', '=', 0)
      .execute();
    const counts = new Map<string, number>();
    for (const a of absences)
      counts.set(
        `${a.student_id}:${a.lesson_id}`,
        (counts.get(`${a.student_id}:${a.lesson_id}`) ?? 0) + 1,
      );
    const over = [...counts.values()].filter((n) => n >= 2).sort((a, b) => b - a);
    expect(over.length).toBeGreaterThan(0);
    expect(report.rows.map((r) => r.unjustified)).toEqual(over);
    expect(report.rows.every((r) => r.threshold === 2)).toBe(true);
    expect(report.totals.unjustified).toBe(over.reduce((s, n) => s + n, 0));
  });

  it("spreads a lesson's grades as the gradebook computes them, and lists those below the pass mark", async () => {
    const book = await api.get(`/schools/${fx.school}/teacher/grades/${fx.shared}`, teacher);
    expect(book.status).toBe(200);
    const subPeriodId = book.body.data.sub_period.id as number;
    const scale = book.body.data.scale.max as number;
    const grades: number[] = book.body.data.students
      .map((s: { grade: { value: number | null } }) => s.grade.value)
      .filter((v: number | null) => v !== null);
    expect(grades.length).toBeGreaterThan(0);
    const report = await run(
      'grades-distribution',
      `?sub_period_id=${subPeriodId}&lesson_id=${fx.shared}`,
    );
    expect(report.rows).toHaveLength(1);
    const row = report.rows[0]!;
    expect(row.students).toBe(book.body.data.students.length);
    expect(row.graded).toBe(grades.length);
    const mean = grades.reduce((s, v) => s + v, 0) / grades.length;
    expect(row.mean).toBeCloseTo(mean, 2);
    const share = (g: number) => g / scale;
    expect(row.band_fail).toBe(grades.filter((g) => share(g) < 0.5).length);
    expect(row.band_excellent).toBe(grades.filter((g) => share(g) >= 0.925).length);
    expect(
      ['band_fail', 'band_pass', 'band_good', 'band_very_good', 'band_excellent'].reduce(
        (s, k) => s + Number(row[k]),
        0,
      ),
    ).toBe(grades.length);

    const atRisk = await run(
      'students-at-risk',
      `?sub_period_id=${subPeriodId}&lesson_id=${fx.shared}`,
    );
    expect(atRisk.rows.map((r) => r.grade)).toEqual(
      grades.filter((g) => g < scale / 2).sort((a, b) => a - b),
    );
    expect(atRisk.totals.student).toBe(atRisk.rows.length);
  });

  it('counts enrolment per level and course from the lessons and their students', async () => {
    const report = await run('enrolment-by-level-course');
    const periodId = report.applied.period_id as number;
    const links = await db()
      .selectFrom('lesson_students as ls')
      .innerJoin('lessons as l', 'l.id', 'ls.lesson_id')
      .select(['ls.student_id', 'l.id as lesson_id'])
      .where('ls.school_id', '=', fx.school)
      .where('l.period_id', '=', periodId)
      .execute();
    const lessons = await db()
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', fx.school)
      .where('period_id', '=', periodId)
      .execute();
    expect(report.totals.enrolments).toBe(links.length);
    expect(report.totals.lessons).toBe(lessons.length);
    expect(report.rows.reduce((s, r) => s + Number(r.enrolments), 0)).toBe(links.length);
  });

  it('refuses bad filters with field errors', async () => {
    const response = await api.get(`${base()}/grades-distribution?lesson_id=abc`, admin);
    expect(response.status).toBe(400);
    expect(response.body.fields?.lesson_id).toMatch(/lesson of this school/);
    const unknown = await api.get(`${base()}/no-such-report`, admin);
    expect(unknown.status).toBe(404);
  });

  it('refuses other roles, other schools and admins without the governing resource', async () => {
    for (const email of ['teacher@demo.school', 'student@demo.school', 'parent@demo.school']) {
      const token = await api.login(email);
      const role = email.startsWith('teacher')
        ? 'teacher'
        : email.startsWith('student')
          ? 'student'
          : 'client';
      const response = await api.get(`/schools/${fx.school}/${role}/reports`, token);
      expect(response.status, email).toBe(403);
    }
    const other = await db()
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', fx.school)
      .executeTakeFirstOrThrow();
    expect((await api.get(`/schools/${other.id}/admin/reports`, admin)).status).toBe(403);

    const narrow = await insertAccount(db(), `reports-narrow-${kind}@demo.school`, [
      { school: fx.school, role: 'admin' },
    ]);
    await insertPermissionGroup(
      db(),
      fx.school,
      `Reports without absences ${kind}`,
      [
        { resource: 'reporting', read: true, write: false },
        { resource: 'lessons', read: true, write: false },
      ],
      [narrow.userId],
    );
    const token = await api.login(`reports-narrow-${kind}@demo.school`);
    const list = await api.get(base(), token);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([
      'grades-distribution',
      'students-at-risk',
      'live-sessions-by-lesson',
    ]);
    expect((await api.get(`${base()}/attendance-by-lesson-month`, token)).status).toBe(403);
    const exporting = await api.post(
      `${base()}/attendance-by-lesson-month/exports`,
      { format: 'csv' },
      token,
    );
    expect(exporting.status).toBe(403);

    const none = await insertAccount(db(), `reports-none-${kind}@demo.school`, [
      { school: fx.school, role: 'admin' },
    ]);
    await insertPermissionGroup(
      db(),
      fx.school,
      `No reporting ${kind}`,
      [{ resource: 'absences', read: true, write: true }],
      [none.userId],
    );
    const noneToken = await api.login(`reports-none-${kind}@demo.school`);
    expect((await api.get(base(), noneToken)).status).toBe(403);
  });

  it('exports a report in the background to CSV and XLSX holding the same rows', async () => {
    const shown = await run('enrolment-by-level-course');
    await insertAccount(db(), `reports-other-${kind}@demo.school`, [
      { school: fx.school, role: 'admin', fullAccess: true },
    ]);
    const otherAdmin = await api.login(`reports-other-${kind}@demo.school`);
    for (const format of ['csv', 'xlsx'] as const) {
      const started = await api.post(
        `${base()}/enrolment-by-level-course/exports`,
        { format, labels: { level: 'Τάξη', total: 'Σύνολο' } },
        admin,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.data).toMatchObject({
        status: 'pending',
        progress: 0,
        download_url: null,
      });
      const id = started.body.data.id;
      const notReady = await api.get(
        `${base()}/enrolment-by-level-course/exports/${id}/file`,
        admin,
      );
      expect(notReady.status).toBe(409);
      await server.built.jobs.runDueJobs();
      const status = await api.get(`${base()}/enrolment-by-level-course/exports/${id}`, admin);
      expect(status.body.data).toMatchObject({
        status: 'done',
        progress: 100,
        rows: shown.rows.length,
      });
      // Another admin cannot fetch this admin's file.
      expect(
        (await api.get(`${base()}/enrolment-by-level-course/exports/${id}`, otherAdmin)).status,
      ).toBe(404);

      const response = await fetch(`${server.url}/api${status.body.data.download_url}`, {
        headers: { Token: admin },
      });
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const table: (string | number | null)[][] =
        format === 'csv'
          ? parseCsv(bytes.toString('utf8'))
          : ((await readXlsxFile(bytes))[0]!.data as (string | number | null)[][]);
      expect(table[0]).toEqual(['Τάξη', 'Course', 'Lessons', 'Places taken', 'Students']);
      const body = table.slice(1, 1 + shown.rows.length);
      expect(body.map((r) => Number(r[3]))).toEqual(shown.rows.map((r) => r.enrolments));
      expect(body.map((r) => String(r[1]))).toEqual(shown.rows.map((r) => String(r.course)));
      const last = table[table.length - 1]!;
      expect(last[0]).toBe('Σύνολο');
      expect(Number(last[3])).toBe(shown.totals.enrolments);
    }
  });
  it("exports a report to PDF in the background, in the reader's language, with its progress", async () => {
    const shown = await run('enrolment-by-level-course');
    const period = await db()
      .selectFrom('periods')
      .select('name')
      .where('id', '=', shown.applied.period_id as number)
      .executeTakeFirstOrThrow();
    const started = await api.post(
      `${base()}/enrolment-by-level-course/exports`,
      {
        format: 'pdf',
        locale: 'el',
        labels: {
          title: 'Εγγραφές ανά τάξη και κύκλο',
          'filter.period_id': 'Περίοδος',
          level: 'Τάξη',
          course: 'Κύκλος',
          lessons: 'Μαθήματα',
          enrolments: 'Θέσεις',
          students: 'Μαθητές',
          total: 'Σύνολο',
        },
      },
      admin,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    const path = `${base()}/enrolment-by-level-course/exports/${id}`;
    await server.built.jobs.runDueJobs();
    const status = await api.get(path, admin);
    expect(status.body.data).toMatchObject({ status: 'done', progress: 100, format: 'pdf' });
    expect(status.body.data.file_name).toMatch(/^enrolment-by-level-course-.*\.pdf$/);
    const response = await fetch(`${server.url}/api${status.body.data.download_url}`, {
      headers: { Token: admin },
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain('Εγγραφές ανά τάξη και κύκλο');
    expect(text).toContain(`Περίοδος: ${period.name}`);
    expect(text).toContain('Θέσεις');
    for (const row of shown.rows) expect(text).toContain(String(row.level));
    // The totals row, in Greek digits grouping (1.234).
    const total = new Intl.NumberFormat('el').format(shown.totals.enrolments!);
    expect(text).toMatch(new RegExp(`Σύνολο \\d+ ${total.replace('.', '\\.')}`));
    expect(text).toContain('Σελίδα 1 από');
    if (process.env.REPORT_PDF_OUT) fs.writeFileSync(process.env.REPORT_PDF_OUT, bytes);
  });

  it('draws a long report over pages, each with its heading', async () => {
    const started = await api.post(
      `${base()}/attendance-by-lesson-month/exports`,
      { format: 'pdf', labels: {} },
      admin,
    );
    await server.built.jobs.runDueJobs();
    const status = await api.get(
      `${base()}/attendance-by-lesson-month/exports/${started.body.data.id}`,
      admin,
    );
    const shown = await run('attendance-by-lesson-month');
    const response = await fetch(`${server.url}/api${status.body.data.download_url}`, {
      headers: { Token: admin },
    });
    const pages = await pdfPages(Buffer.from(await response.arrayBuffer()));
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Unjustified absences');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    const months = new Set(shown.rows.map((r) => String(r.month)));
    for (const month of months) expect(pages.join(' ')).toContain(month);

    // The drawing reports its progress after each batch of rows, which the job notes.
    const shares: number[] = [];
    const rows = Array.from({ length: 450 }, (_, i) => ({ lesson: `L${i}`, absent: i }));
    await reportPdf({
      title: 'Progress',
      schoolName: 'School',
      filters: [],
      columns: [
        { key: 'lesson', label: 'Lesson', heading: 'Lesson', type: 'text' },
        { key: 'absent', label: 'Absences', heading: 'Absences', type: 'number' },
      ],
      rows,
      totals: null,
      totalLabel: 'Total',
      locale: 'en',
      today: '2026-01-01',
      onProgress: async (share) => {
        shares.push(share);
      },
    });
    expect(shares).toEqual([200 / 450, 400 / 450, 1]);
  });

  it('marks an export failed for good on bad filters at once, and on other errors after the last attempt', async () => {
    const job = jobDefinition(REPORT_EXPORT_JOB)!;
    const attempt = (exportId: number, attemptNo: number) =>
      job.handle({
        payload: { exportId },
        deps: server.built.deps,
        signal: new AbortController().signal,
        job: {
          id: 0,
          kind: REPORT_EXPORT_JOB,
          schoolId: fx.school,
          attempt: attemptNo,
          maxAttempts: 3,
          key: null,
        },
      });
    const start = async () => {
      const started = await api.post(
        `${base()}/grades-distribution/exports`,
        { format: 'csv', filters: { lesson_id: String(fx.shared) } },
        admin,
      );
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return started.body.data.id as number;
    };
    const status = async (id: number) =>
      (await api.get(`${base()}/grades-distribution/exports/${id}`, admin)).body.data as {
        status: string;
        error: string | null;
      };

    // Filters that stopped being valid (here: a lesson of another school) will not mend by
    // retrying: the first attempt ends the export, with the reason.
    const badFilters = await start();
    await db()
      .updateTable('report_exports')
      .set({ filters: JSON.stringify({ filters: { lesson_id: '999999' }, labels: {} }) })
      .where('id', '=', badFilters)
      .execute();
    await attempt(badFilters, 1);
    expect(await status(badFilters)).toMatchObject({
      status: 'failed',
      error: 'Some filters of the report are not valid.',
    });

    // Anything else is retried: the row stays running until the last attempt fails too.
    const broken = await start();
    await db()
      .updateTable('report_exports')
      .set({ report_id: 'no-such-report' })
      .where('id', '=', broken)
      .execute();
    await expect(attempt(broken, 1)).rejects.toThrow(/no longer exists/);
    expect(
      (
        await db()
          .selectFrom('report_exports')
          .select('status')
          .where('id', '=', broken)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('running');
    await expect(attempt(broken, 2)).rejects.toThrow();
    await attempt(broken, 3);
    const row = await db()
      .selectFrom('report_exports')
      .select(['status', 'error', 'finished_at'])
      .where('id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: 'The export could not be written.' });
    expect(row.finished_at).not.toBeNull();
    // A failed export is not made again when its job is delivered once more.
    await attempt(broken, 3);
    expect(
      (
        await db()
          .selectFrom('report_exports')
          .select('status')
          .where('id', '=', broken)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('failed');
  });

  it('removes exports older than a day', async () => {
    const mine = () =>
      db().selectFrom('report_exports').select('id').where('school_id', '=', fx.school).execute();
    expect((await mine()).length).toBeGreaterThan(0);
    const job = jobDefinition(REMOVE_OLD_EXPORTS_JOB)!;
    const run = () =>
      job.handle({
        payload: null,
        deps: server.built.deps,
        signal: new AbortController().signal,
        job: {
          id: 0,
          kind: REMOVE_OLD_EXPORTS_JOB,
          schoolId: null,
          attempt: 1,
          maxAttempts: 3,
          key: null,
        },
      });
    await run();
    expect((await mine()).length).toBeGreaterThan(0);
    server.advanceClock(EXPORT_KEPT_MS + 60_000);
    await run();
    expect(await mine()).toEqual([]);
  });
});
