import fs from 'node:fs';
import path from 'node:path';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, packageEntries, scormPackage } from '../fixtures/scormPackages';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, uploadForm, type TeachingFixture } from './support/teaching';

// Commits are made the way the player makes them: scorm-again's runtime loads what launch
// answers, the package's calls go through it, and its commit object is what is posted.
type Runtime = Scorm12API | Scorm2004API;
function runtime(version: '1.2' | '2004', cmi: Record<string, unknown>) {
  const commits: Record<string, unknown>[] = [];
  const httpService = {
    processHttpRequest(_url: string, params: { cmi: Record<string, unknown> }) {
      commits.push(params.cmi);
      return { result: true, errorCode: 0 };
    },
    updateSettings() {},
  };
  const settings = {
    lmsCommitUrl: '/commit',
    autocommit: false,
    httpService,
    logLevel: 5,
  } as never;
  const api: Runtime = version === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
  api.loadFromJSON(cmi);
  // The package calls either version's names; the test knows which it plays.
  return { api: api as any, commits };
}

describe.each(databaseKinds)('SCORM packages on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  const base = () => `/schools/${fx.school}`;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: {
        SCORM_MAX_UNPACKED_BYTES: '200000',
        SCORM_MAX_FILE_BYTES: '150000',
        JOBS_POLL_MS: '50',
      },
    });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, parent, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
  });
  afterAll(() => server.close());

  async function upload(
    token: string,
    role: string,
    lessonId: number,
    bytes: Buffer,
    title?: string,
  ) {
    const response = await fetch(`${server.url}/api${base()}/${role}/scorm`, {
      method: 'POST',
      headers: { Token: token },
      body: uploadForm(
        { lesson_id: String(lessonId), ...(title ? { title } : {}) },
        { name: 'package.zip', bytes, type: 'application/zip' },
      ),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const launch = async (token: string, role: string, id: number) =>
    api.post(`${base()}/${role}/scorm/${id}/launch`, {}, token);

  it('takes a SCORM 1.2 package, plays it tracked, resumes it and starts a new attempt when it is over', async () => {
    const created = await upload(teacher, 'teacher', fx.shared, await scormPackage('1.2'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pkg = created.body.data;
    expect(pkg).toMatchObject({ version: '1.2', title: 'Κλάσματα (SCORM 1.2)', file_count: 3 });
    expect(pkg.abilities).toMatchObject({ preview: true, report: true, delete: true, play: false });

    const first = await launch(student, 'student', pkg.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ version: '1.2', attempt_number: 1 });
    const { api: run1, commits } = runtime('1.2', first.body.data.cmi);
    expect(run1.lmsInitialize()).toBe('true');
    expect(run1.lmsGetValue('cmi.core.entry')).toBe('');
    run1.lmsSetValue('cmi.core.lesson_location', '3');
    run1.lmsSetValue('cmi.suspend_data', 'seen:1,2,3');
    run1.lmsSetValue('cmi.core.lesson_status', 'incomplete');
    run1.lmsSetValue('cmi.core.exit', 'suspend');
    run1.lmsSetValue('cmi.core.session_time', '00:01:30');
    run1.lmsCommit();
    const commitUrl = `${base()}/student/scorm/${pkg.id}/scorm-attempts/${first.body.data.attempt_id}/commit`;
    const stored = await api.post(commitUrl, { cmi: commits.at(-1) }, student);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toMatchObject({
      status: 'incomplete',
      attempts: 1,
      total_seconds: 90,
    });

    // Reopening resumes the same attempt where the learner left it.
    const again = await launch(student, 'student', pkg.id);
    expect(again.body.data.attempt_id).toBe(first.body.data.attempt_id);
    const { api: run2, commits: commits2 } = runtime('1.2', again.body.data.cmi);
    run2.lmsInitialize();
    expect(run2.lmsGetValue('cmi.core.entry')).toBe('resume');
    expect(run2.lmsGetValue('cmi.core.lesson_location')).toBe('3');
    expect(run2.lmsGetValue('cmi.suspend_data')).toBe('seen:1,2,3');
    expect(run2.lmsGetValue('cmi.core.total_time')).toBe('00:01:30');
    run2.lmsSetValue('cmi.core.score.raw', '85');
    run2.lmsSetValue('cmi.core.lesson_status', 'passed');
    run2.lmsSetValue('cmi.core.session_time', '00:02:00');
    run2.lmsCommit();
    const passed = await api.post(commitUrl, { cmi: commits2.at(-1) }, student);
    expect(passed.body.data).toMatchObject({
      status: 'passed',
      score_percent: 85,
      total_seconds: 210,
    });

    // Passed and not suspended: the next launch is attempt 2; attempt 1 takes no more commits.
    const second = await launch(student, 'student', pkg.id);
    expect(second.body.data.attempt_number).toBe(2);
    expect((second.body.data.cmi as any).core.lesson_location ?? '').toBe('');
    const late = await api.post(commitUrl, { cmi: commits2.at(-1) }, student);
    expect(late.status).toBe(409);

    // The teacher's report: the best of the attempts, the time of all, how many.
    const report = await api.get(`${base()}/teacher/scorm/${pkg.id}/learners`, teacher);
    expect(report.status).toBe(200);
    const row = report.body.data.find((r: any) => r.student_id === fx.student);
    expect(row).toMatchObject({
      status: 'passed',
      score_percent: 85,
      attempts: 2,
      total_seconds: 210,
    });
    const others = report.body.data.filter((r: any) => r.student_id !== fx.student);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r: any) => r.status === 'not_attempted')).toBe(true);

    // The student's list shows their own standing; a parent sees the child's.
    const mine = await api.get(`${base()}/student/scorm?lesson_id=${fx.shared}`, student);
    expect(mine.body.data.find((p: any) => p.id === pkg.id).standing.status).toBe('passed');
    const child = await api.get(`${base()}/client/scorm?student_id=${fx.student}`, parent);
    expect(child.status, JSON.stringify(child.body)).toBe(200);
    expect(child.body.data.find((p: any) => p.id === pkg.id).standing).toMatchObject({
      status: 'passed',
      score_percent: 85,
    });

    // Counted in the gradebook: an item of 100 points with the best score.
    const counted = await api.call('PUT', `${base()}/teacher/scorm/${pkg.id}`, {
      token: teacher,
      body: { in_gradebook: true },
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.data.in_gradebook).toBe(true);
    const book = await api.get(`${base()}/teacher/grades/${fx.shared}`, teacher);
    const item = book.body.data.items.find((i: any) => i.source?.kind === 'scorm');
    expect(item).toMatchObject({ kind: 'scorm', max_points: 100, editable: false });
    const mineInBook = book.body.data.students.find((s: any) => s.student_id === fx.student);
    // A row's values follow the gradebook's items.
    expect(mineInBook.values[book.body.data.items.indexOf(item)]).toBe(85);
  });

  it('tracks a SCORM 2004 package: scaled score, completion and success', async () => {
    const created = await upload(teacher, 'teacher', fx.shared, await scormPackage('2004'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pkg = created.body.data;
    expect(pkg.version).toBe('2004');
    const started = await launch(student, 'student', pkg.id);
    expect(started.body.data.content_url).toMatch(/\/content\/start\.html$/);
    const { api: run, commits } = runtime('2004', started.body.data.cmi);
    expect(run.Initialize('')).toBe('true');
    expect(run.GetValue('cmi.entry')).toBe('ab-initio');
    run.SetValue('cmi.location', 'q2');
    run.SetValue('cmi.suspend_data', 'answers=ab');
    run.SetValue('cmi.exit', 'suspend');
    run.SetValue('cmi.session_time', 'PT45S');
    run.Commit('');
    const url = `${base()}/student/scorm/${pkg.id}/scorm-attempts/${started.body.data.attempt_id}/commit`;
    expect((await api.post(url, { cmi: commits.at(-1) }, student)).body.data.status).toBe(
      'incomplete',
    );
    const resumed = await launch(student, 'student', pkg.id);
    const { api: run2, commits: commits2 } = runtime('2004', resumed.body.data.cmi);
    run2.Initialize('');
    expect(run2.GetValue('cmi.entry')).toBe('resume');
    expect(run2.GetValue('cmi.location')).toBe('q2');
    expect(run2.GetValue('cmi.suspend_data')).toBe('answers=ab');
    run2.SetValue('cmi.score.scaled', '0.85');
    run2.SetValue('cmi.completion_status', 'completed');
    run2.SetValue('cmi.success_status', 'failed');
    run2.SetValue('cmi.session_time', 'PT1M');
    run2.Commit('');
    const done = await api.post(url, { cmi: commits2.at(-1) }, student);
    expect(done.body.data).toMatchObject({
      status: 'failed',
      score_percent: 85,
      total_seconds: 105,
    });
  });

  it('serves package files only through a valid link, sandboxed, with the bridge in its pages', async () => {
    const pkg = (await upload(teacher, 'teacher', fx.shared, await scormPackage('1.2'))).body.data;
    const preview = await launch(teacher, 'teacher', pkg.id);
    expect(preview.status).toBe(200);
    expect(preview.body.data.attempt_id).toBeNull();
    const url = `${server.url}${preview.body.data.content_url}`;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(csp).not.toContain('allow-same-origin');
    const html = await page.text();
    expect(html.indexOf('window.API =')).toBeGreaterThan(-1);
    expect(html.indexOf('window.API =')).toBeLessThan(html.indexOf('player.js'));
    const script = await fetch(url.replace(/index\.html$/, 'player.js'));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).not.toContain('window.API =');
    // A changed signature, another package's id, a path out of the package: refused.
    expect(
      (await fetch(url.replace(/\/([A-Za-z0-9_-]{43})\//, '/' + 'A'.repeat(43) + '/'))).status,
    ).toBe(403);
    expect(
      (await fetch(url.replace(`/scorm-content/${pkg.id}/`, `/scorm-content/${pkg.id + 1}/`)))
        .status,
    ).toBe(403);
    // (The edge's input guard may answer first: either way, nothing is served.)
    expect([400, 404]).toContain(
      (await fetch(url.replace(/index\.html$/, '..%2f..%2fimsmanifest.xml'))).status,
    );
    expect((await fetch(url.replace(/index\.html$/, 'sub/../../index.html'))).status).not.toBe(200);
    expect((await fetch(url.replace(/index\.html$/, 'missing.html'))).status).toBe(404);

    // Deleted: the link opens nothing, and the files go.
    const dir = path.join(server.dataDir, 'scorm', String(fx.school));
    const before = fs.readdirSync(dir).length;
    expect(
      (await api.call('DELETE', `${base()}/teacher/scorm/${pkg.id}`, { token: teacher })).status,
    ).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    await expect.poll(() => fs.readdirSync(dir).length, { timeout: 5000 }).toBe(before - 1);
  });

  it('refuses bad packages with the reason', async () => {
    const refused = async (bytes: Buffer, code: string) => {
      const answer = await upload(teacher, 'teacher', fx.shared, bytes);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toBe('validation');
      expect(answer.body.issues?.[0]?.code).toBe(code);
      expect(answer.body.fields?.file).toBeTruthy();
    };
    const good = packageEntries('1.2');
    await refused(Buffer.from('not a zip at all'), 'scorm_not_zip');
    await refused(await buildZip(good.slice(1)), 'scorm_no_manifest');
    await refused(
      await buildZip(good.filter((e) => e.name !== 'index.html')),
      'scorm_no_launch_file',
    );
    await refused(
      await buildZip([...good, { name: 'aa/evil.html', content: 'x' }], {
        'aa/evil.html': '../evil.html',
      }),
      'scorm_unsafe_path',
    );
    await refused(
      await buildZip([...good, { name: 'Zetc/passwd', content: 'x' }], {
        'Zetc/passwd': '/etc/passwd',
      }),
      'scorm_unsafe_path',
    );
    await refused(
      await buildZip([...good, { name: 'dirQx.js', content: 'x' }], { 'dirQx.js': 'dir\\x.js' }),
      'scorm_unsafe_path',
    );
    await refused(
      await buildZip([...good, { name: 'link', content: '/etc/passwd', mode: 0o120777 }]),
      'scorm_symlink',
    );
    // 300 KB of zeros compresses to almost nothing: refused from the directory, unread.
    await refused(
      await buildZip([
        ...good,
        { name: 'media/big.bin', content: Buffer.alloc(140_000) },
        { name: 'media/big2.bin', content: Buffer.alloc(140_000) },
      ]),
      'scorm_too_large',
    );
    await refused(
      await buildZip([...good, { name: 'media/one.bin', content: Buffer.alloc(160_000) }]),
      'scorm_too_large',
    );
    // Nothing of the refused packages was kept.
    const list = await api.get(
      `${base()}/teacher/scorm?lesson_id=${fx.shared}&per_page=100`,
      teacher,
    );
    expect(list.body.data.every((p: any) => p.title !== 'evil')).toBe(true);
  });

  it('lets only the right people upload, play, report and read standings', async () => {
    const bytes = await scormPackage('1.2', 'Δικαιώματα');
    expect((await upload(student, 'student', fx.shared, bytes)).status).toBe(403);
    const foreign = await upload(teacher, 'teacher', fx.foreign, bytes);
    expect(foreign.status).toBe(403);
    expect(foreign.body.issues?.[0]?.code).toBe('not_your_lesson');
    const pkg = (await upload(teacher, 'teacher', fx.shared, bytes)).body.data;
    const other = (await upload(admin, 'admin', fx.foreign, bytes)).body.data;
    expect(other.id).toBeGreaterThan(0);

    // A student of another lesson never sees it; a student does not preview or report.
    expect((await api.get(`${base()}/student/scorm/${other.id}`, student)).status).toBe(404);
    expect((await launch(student, 'student', other.id)).status).toBe(404);
    expect((await api.get(`${base()}/student/scorm/${pkg.id}/learners`, student)).status).toBe(403);
    const listed = await api.get(`${base()}/student/scorm?per_page=100`, student);
    expect(listed.body.data.map((p: any) => p.id)).not.toContain(other.id);
    // A teacher previews (nothing stored) and does not commit as a learner.
    const preview = await launch(teacher, 'teacher', pkg.id);
    expect(preview.body.data.attempt_id).toBeNull();
    expect(
      (
        await api.post(
          `${base()}/teacher/scorm/${pkg.id}/scorm-attempts/1/commit`,
          { cmi: {} },
          teacher,
        )
      ).status,
    ).toBe(403);
    // Another student's attempt is not the caller's.
    const mine = await launch(student, 'student', pkg.id);
    const classmate = await api.login(fx.classmate.email);
    expect(
      (
        await api.post(
          `${base()}/student/scorm/${pkg.id}/scorm-attempts/${mine.body.data.attempt_id}/commit`,
          { cmi: { core: { lesson_status: 'passed' } } },
          classmate,
        )
      ).status,
    ).not.toBe(200);
    // Parents: only their own child, and they do not play.
    expect((await api.get(`${base()}/client/scorm`, parent)).status).toBe(403);
    const otherParent = await api.login(fx.otherParent.email);
    expect(
      (await api.get(`${base()}/client/scorm?student_id=${fx.student}`, otherParent)).status,
    ).toBe(403);
    expect((await launch(parent, 'client', pkg.id)).status).toBe(403);
    // Students and parents change nothing.
    expect(
      (
        await api.call('PUT', `${base()}/student/scorm/${pkg.id}`, {
          token: student,
          body: { title: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api.call('DELETE', `${base()}/client/scorm/${pkg.id}`, { token: parent })).status,
    ).toBe(403);

    // Another school: the demo admin teaches in Thessaloniki and reaches no Athens package.
    const thessaloniki = await server.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('name', '=', 'Demo School Thessaloniki')
      .executeTakeFirstOrThrow();
    expect(
      (await api.get(`/schools/${thessaloniki.id}/teacher/scorm/${pkg.id}`, admin)).status,
    ).toBe(404);
    expect(
      (await api.post(`/schools/${thessaloniki.id}/teacher/scorm/${pkg.id}/launch`, {}, admin))
        .status,
    ).toBe(404);
    expect(
      (await api.get(`/schools/${thessaloniki.id}/teacher/scorm/${pkg.id}/learners`, admin)).status,
    ).toBe(404);
    const across = await api.get(`/schools/${thessaloniki.id}/teacher/scorm?per_page=100`, admin);
    expect(across.body.data.map((p: any) => p.id)).not.toContain(pkg.id);
    expect((await api.get(`/schools/${thessaloniki.id}/teacher/scorm`, teacher)).status).toBe(403);
  });
});
