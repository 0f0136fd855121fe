import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/server/areas/calendar/school-time';
import { loadConfig } from '../../src/server/config';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

const MINUTE = 60_000;
const SECRET = 'a-test-secret-of-jitsi-that-is-long-enough';
const DOMAIN = 'meet.test.example';

describe.each(databaseKinds)('live sessions on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let teacher: string;
  let admin: string;
  let student: string;
  let parent: string;
  let classmate: string;
  /** A student of the school outside the lesson, a teacher who does not teach it, another school's. */
  let outsiders: { student: string; teacher: string; otherSchool: string };
  let sessionId: number;
  let room: string;
  const base = () => `/schools/${fx.school}`;
  const db = () => server.built.deps.db;
  const join = (role: string, token: string, id = sessionId) =>
    api.post(`${base()}/${role}/session/${id}/join`, {}, token);
  const presence = (role: string, token: string, event: 'joined' | 'left', id = sessionId) =>
    api.post(`${base()}/${role}/session/${id}/presence`, { event }, token);
  const verify = (token: string) =>
    jwtVerify(token, new TextEncoder().encode(SECRET), {
      issuer: 'mathema-test',
      audience: 'jitsi',
      subject: DOMAIN,
      currentDate: server.built.deps.now(),
    });
  const emailOfRole = async (role: string, schoolCondition: 'same' | 'other', notIn: number[]) =>
    (
      await db()
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select('users.email')
        .where('memberships.role', '=', role)
        .where('memberships.school_id', schoolCondition === 'same' ? '=' : '!=', fx.school)
        .where('memberships.id', 'not in', notIn.length ? notIn : [0])
        .orderBy('memberships.id', 'desc')
        .executeTakeFirstOrThrow()
    ).email!;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: {
        JOBS_ENABLED: 'false',
        JITSI_DOMAIN: DOMAIN,
        JITSI_APP_ID: 'mathema-test',
        JITSI_APP_SECRET: SECRET,
      },
    });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    const roster = (
      await db()
        .selectFrom('lesson_students')
        .select('student_id')
        .where('lesson_id', '=', fx.shared)
        .execute()
    ).map((r) => r.student_id);
    const teachers = (
      await db()
        .selectFrom('lesson_teachers')
        .select('teacher_id')
        .where('lesson_id', '=', fx.shared)
        .execute()
    ).map((r) => r.teacher_id);
    const emails = {
      student: await emailOfRole('student', 'same', roster),
      teacher: await emailOfRole('teacher', 'same', teachers),
      otherSchool: await emailOfRole('student', 'other', []),
    };
    [teacher, admin, student, parent, classmate] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('admin@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login(fx.classmate.email),
    ]);
    outsiders = {
      student: await api.login(emails.student),
      teacher: await api.login(emails.teacher),
      otherSchool: await api.login(emails.otherSchool),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  it('starts a session now and tells the lesson’s students and guardians', async () => {
    const created = await api.post(
      `${base()}/teacher/meetings`,
      { lesson_id: fx.shared, when: 'now' },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.state).toBe('live');
    expect(created.body.data.abilities).toMatchObject({ join: true, host: true, end: true });
    expect(JSON.stringify(created.body)).not.toContain('room');
    sessionId = created.body.data.id;
    room = (
      await db()
        .selectFrom('live_sessions')
        .select('room_name')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).room_name;

    const notified = await db()
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.email', 'notifications.title', 'notifications.role'])
      .where('notifications.entity', '=', 'event')
      .where('notifications.entity_id', '=', sessionId)
      .execute();
    const emails = notified.map((n) => n.email);
    expect(emails).toContain('student@demo.school');
    expect(emails).toContain('parent@demo.school');
    expect(emails).not.toContain('teacher@demo.school');
    expect(notified[0]!.title).toMatch(/^Live session starting now: /);
  });

  it('gives the teacher a signed token for the room, as moderator with recording', async () => {
    const answer = await join('teacher', teacher);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data.room).toBe(room);
    expect(data.domain).toBe(DOMAIN);
    expect(data.can_record).toBe(true);
    expect(data.config_overwrite).toEqual({
      startWithAudioMuted: false,
      startWithVideoMuted: false,
    });
    const { payload, protectedHeader } = await verify(data.token);
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.iss).toBe('mathema-test');
    expect(payload.aud).toBe('jitsi');
    expect(payload.sub).toBe(DOMAIN);
    expect(payload.room).toBe(room);
    expect(payload.moderator).toBe(true);
    const now = Math.floor(server.built.deps.now().getTime() / 1000);
    expect(payload.exp! - now).toBeGreaterThan(60 * 60);
    expect(payload.exp! - now).toBeLessThanOrEqual(3 * 60 * 60);
    expect(payload.nbf!).toBeLessThanOrEqual(now);
    const context = payload.context as {
      user: Record<string, string>;
      features: Record<string, string>;
    };
    expect(context.user.name).toBe('Νίκος Παπαδάκης');
    expect(context.user.email).toBe('teacher@demo.school');
    expect(typeof context.user.avatar).toBe('string');
    expect(context.user.id).toMatch(/^\d+$/);
    expect(context.features.recording).toBe('true');
    expect(context.features.livestreaming).toBe('false');
    // Signed with another secret, the token would not verify.
    await expect(
      jwtVerify(data.token, new TextEncoder().encode(`${SECRET}-other`)),
    ).rejects.toThrow();
  });

  it('gives a student a token without moderator or recording, with the student settings', async () => {
    const answer = await join('student', student);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.can_record).toBe(false);
    expect(answer.body.data.config_overwrite).toEqual({
      startWithAudioMuted: true,
      startWithVideoMuted: true,
    });
    const { payload } = await verify(answer.body.data.token);
    expect(payload.room).toBe(room);
    expect(payload.moderator).toBe(false);
    const context = payload.context as {
      user: Record<string, string>;
      features: Record<string, string>;
    };
    expect(context.user.name).toBe('Σοφία Γεωργίου');
    expect(context.features.recording).toBe('false');
    // The school's admins join too, not as moderators.
    const office = await join('admin', admin);
    expect(office.status).toBe(200);
    expect((await verify(office.body.data.token)).payload.moderator).toBe(false);
  });

  it('refuses everybody else without telling them the room', async () => {
    const refusals = [
      await join('student', outsiders.student),
      await join('teacher', outsiders.teacher),
      await join('student', outsiders.otherSchool),
      // A teacher of the lesson asking as a student they are not.
      await join('student', teacher),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(room);
    }
    expect(
      (await api.get(`${base()}/student/session/${sessionId}`, outsiders.student)).status,
    ).toBe(403);
    expect((await presence('student', outsiders.student, 'joined')).status).toBe(403);
  });

  it('lets parents join only when the school allows it', async () => {
    const before = await join('client', parent);
    expect(before.status).toBe(403);
    expect(JSON.stringify(before.body)).not.toContain(room);
    // They still see the session exists (their child's), without being able to join.
    const seen = await api.get(`${base()}/client/session/${sessionId}`, parent);
    expect(seen.status).toBe(200);
    expect(seen.body.data.abilities.join).toBe(false);

    const allowed = await api.call('PUT', `${base()}/admin/settings`, {
      token: admin,
      body: { settings: { sessions_parents_join: 'true' } },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const after = await join('client', parent);
    expect(after.status).toBe(200);
    expect((await verify(after.body.data.token)).payload.moderator).toBe(false);
    // A parent whose children are not in the lesson stays out.
    const otherFamily = await db()
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.email')
      .where('memberships.school_id', '=', fx.school)
      .where('memberships.role', '=', 'client')
      .where('memberships.id', 'not in', (eb) =>
        eb
          .selectFrom('student_guardians')
          .innerJoin(
            'lesson_students',
            'lesson_students.student_id',
            'student_guardians.student_id',
          )
          .select('student_guardians.client_id')
          .where('lesson_students.lesson_id', '=', fx.shared),
      )
      .orderBy('memberships.id')
      .executeTakeFirstOrThrow();
    const otherParent = await api.login(otherFamily.email!);
    expect((await join('client', otherParent)).status).toBe(403);
    await api.call('PUT', `${base()}/admin/settings`, {
      token: admin,
      body: { settings: { sessions_parents_join: 'false' } },
    });
    expect((await join('client', parent)).status).toBe(403);
  });

  it('records joins and leaves and shows them on the office’s dashboard', async () => {
    expect((await presence('teacher', teacher, 'joined')).status).toBe(200);
    expect((await presence('student', student, 'joined')).status).toBe(200);
    server.advanceClock(12 * MINUTE);
    expect((await presence('student', classmate, 'joined')).status).toBe(200);

    const dashboard = await api.get(`${base()}/admin/session-dashboard/${sessionId}`, admin);
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const present = dashboard.body.data.present as { first_name: string; since: string }[];
    expect(present.map((p) => p.first_name).sort()).toEqual(
      expect.arrayContaining(['Νίκος', 'Σοφία']),
    );
    expect(present).toHaveLength(3);
    expect(dashboard.body.data.session.in_now).toBe(3);
    expect(dashboard.body.data.session.state).toBe('live');

    server.advanceClock(10 * MINUTE);
    expect((await presence('student', student, 'left')).status).toBe(200);
    const later = await api.get(`${base()}/admin/session-dashboard/${sessionId}`, admin);
    expect(later.body.data.present).toHaveLength(2);
    const events = later.body.data.events as { event: string; first_name: string }[];
    expect(events[0]).toMatchObject({ event: 'left', first_name: 'Σοφία' });
    expect(events.filter((e) => e.event === 'joined')).toHaveLength(3);

    // Nobody but the office sees the dashboard.
    expect(
      (await api.get(`${base()}/teacher/session-dashboard/${sessionId}`, teacher)).status,
    ).toBe(403);
    expect(
      (await api.get(`${base()}/student/session-dashboard/${sessionId}`, student)).status,
    ).toBe(403);

    const meeting = await api.get(`${base()}/teacher/meetings/${sessionId}`, teacher);
    expect(meeting.status).toBe(200);
    const sofia = meeting.body.data.attendance.find(
      (a: { first_name: string }) => a.first_name === 'Σοφία',
    );
    expect(sofia.total_seconds).toBeGreaterThanOrEqual(22 * 60 - 5);
    expect(sofia.total_seconds).toBeLessThanOrEqual(22 * 60 + 5);
    expect(sofia.in_now).toBe(false);
  });

  it('records only for the session’s teacher, and shows the link to students once over', async () => {
    const path = `${base()}/teacher/sessions/record?room=${encodeURIComponent(room)}`;
    expect((await api.post(path, {}, outsiders.teacher)).status).toBe(403);
    expect(
      (await api.post(`${base()}/student/sessions/record?room=${room}`, {}, student)).status,
    ).toBe(403);
    expect((await api.post(`${base()}/admin/sessions/record?room=${room}`, {}, admin)).status).toBe(
      403,
    );
    const started = await api.post(path, {}, teacher);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.recording_state).toBe('starting');

    const link = 'https://meet.test.example/recordings/lesson.mp4';
    const report = `${base()}/teacher/session/${sessionId}/recording`;
    expect(
      (await api.post(`${base()}/student/session/${sessionId}/recording`, { link }, student))
        .status,
    ).toBe(403);
    expect((await api.post(report, { state: 'on' }, teacher)).body.data.recording_state).toBe('on');
    expect((await api.post(report, { link }, teacher)).status).toBe(200);
    expect((await api.post(report, { link: 'javascript:alert(1)' }, teacher)).status).toBe(400);

    // Students see the recording once the session is over.
    const during = await api.get(`${base()}/student/session/${sessionId}`, student);
    expect(during.body.data.recordings).toEqual([]);
    const ended = await api.post(`${base()}/teacher/meetings/${sessionId}/end`, {}, teacher);
    expect(ended.status).toBe(200);
    expect(ended.body.data.state).toBe('ended');
    expect(ended.body.data.recording_state).toBe('stopped');
    const after = await api.get(`${base()}/student/lessons/${fx.shared}/sessions`, student);
    const mine = after.body.data.find((s: { id: number }) => s.id === sessionId);
    expect(mine.recordings.map((r: { link: string }) => r.link)).toEqual([link]);
    const ready = await db()
      .selectFrom('notifications')
      .select('title')
      .where('entity', '=', 'event')
      .where('entity_id', '=', sessionId)
      .where('title', 'like', 'Recording ready%')
      .execute();
    expect(ready.length).toBeGreaterThan(0);
    // Over: nobody gets a token any more.
    expect((await join('student', student)).status).toBe(409);
  });

  it('suggests the register from the joins and saves what the teacher confirms', async () => {
    const path = `${base()}/teacher/meetings/${sessionId}/attendance`;
    const outsider = await api.get(path, outsiders.teacher);
    expect(outsider.status, JSON.stringify(outsider.body)).toBe(403);
    expect(
      (await api.get(`${base()}/student/meetings/${sessionId}/attendance`, student)).status,
    ).toBe(403);
    const suggestion = await api.get(path, teacher);
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(200);
    const entries = suggestion.body.data.entries as {
      student_id: number;
      suggested: string;
      recorded: string | null;
    }[];
    const of = (id: number) => entries.find((e) => e.student_id === id)!;
    expect(of(fx.student).suggested).toBe('present');
    expect(of(fx.classmate.id).suggested).toBe('late');
    expect(entries.filter((e) => e.suggested === 'absent')).toHaveLength(entries.length - 2);
    expect(suggestion.body.data.register_taken).toBe(false);

    const confirmed = await api.call('PUT', path, {
      token: teacher,
      body: {
        entries: entries.map((e) => ({
          student_id: e.student_id,
          // The teacher corrects one: the classmate's connection failed, they were on time.
          status: e.student_id === fx.classmate.id ? 'present' : e.suggested,
        })),
      },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // The register is the one of the day the session was held (the clock has moved on since,
    // past midnight when this runs late in the evening).
    const { started_at: startedAt } = await db()
      .selectFrom('live_sessions')
      .select('started_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const date = localDate(new Date(startedAt!), server.built.deps.config.timeZone);
    const register = await api.get(
      `${base()}/teacher/lessons/${fx.shared}/attendance/${suggestion.body.data.date}`,
      teacher,
    );
    expect(suggestion.body.data.date).toBe(date);
    expect(register.body.data.taken).toBe(true);
    const row = (id: number) =>
      register.body.data.students.find((s: { student_id: number }) => s.student_id === id);
    expect(row(fx.student).status).toBe('present');
    expect(row(fx.classmate.id).status).toBe('present');
    expect(
      register.body.data.students.filter((s: { status: string }) => s.status === 'absent'),
    ).toHaveLength(entries.length - 2);
    const again = await api.get(path, teacher);
    expect(again.body.data.register_taken).toBe(true);
    expect(of(fx.student).recorded).toBe(null);
    expect(
      again.body.data.entries.find((e: { student_id: number }) => e.student_id === fx.student)
        .recorded,
    ).toBe('present');
  });

  it('lists the teacher’s meetings by upcoming, live and past, and plans from the timetable', async () => {
    const past = await api.get(`${base()}/teacher/meetings?list=past`, teacher);
    expect(past.status).toBe(200);
    expect(past.body.data.map((s: { id: number }) => s.id)).toContain(sessionId);
    expect(past.body.totalCount).toBeGreaterThanOrEqual(4);
    const live = await api.get(`${base()}/teacher/meetings?list=live`, teacher);
    expect(live.body.data.every((s: { state: string }) => s.state === 'live')).toBe(true);
    expect(live.body.data.length).toBeGreaterThanOrEqual(1);
    expect((await api.get(`${base()}/student/meetings`, student)).status).toBe(403);
    // Another school's admin sees none of Athens's sessions.
    const foreign = await api.get(`${base()}/teacher/meetings/${sessionId}`, outsiders.teacher);
    expect(foreign.status).toBe(403);

    const slot = await db()
      .selectFrom('lesson_schedules')
      .select('weekday')
      .where('lesson_id', '=', fx.shared)
      .orderBy('weekday')
      .executeTakeFirstOrThrow();
    const today = localDate(server.built.deps.now(), server.built.deps.config.timeZone);
    let day = today;
    for (let i = 1; i <= 7; i += 1) {
      const candidate = new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000);
      if (((candidate.getUTCDay() + 6) % 7) + 1 === slot.weekday) {
        day = candidate.toISOString().slice(0, 10);
        break;
      }
    }
    const planned = await api.post(
      `${base()}/teacher/meetings`,
      { lesson_id: fx.shared, when: 'timetable', date: day },
      teacher,
    );
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body.data.state).toBe('upcoming');
    expect(planned.body.data.abilities.join).toBe(true);
    const upcoming = await api.get(`${base()}/teacher/meetings?list=upcoming`, teacher);
    expect(upcoming.body.data.map((s: { id: number }) => s.id)).toContain(planned.body.data.id);
    // Students wait for the start (or the teacher) before entering.
    expect((await join('student', student, planned.body.data.id)).status).toBe(403);
    const scheduled = await db()
      .selectFrom('notifications')
      .select('title')
      .where('entity', '=', 'event')
      .where('entity_id', '=', planned.body.data.id)
      .execute();
    expect(scheduled[0]?.title).toMatch(/^Live session scheduled: /);
    // Not for a lesson they do not teach.
    expect(
      (
        await api.post(
          `${base()}/teacher/meetings`,
          { lesson_id: fx.foreign, when: 'now' },
          teacher,
        )
      ).status,
    ).toBe(403);
  });
});

describe('live sessions configuration', () => {
  const defaults = { webDir: null, version: '0.0.0' };
  it('reads the Jitsi app id and secret, and refuses a short secret', () => {
    const config = loadConfig(
      {
        JITSI_DOMAIN: 'Meet.Example.org',
        JITSI_APP_SECRET: 'x'.repeat(32),
        JITSI_APP_ID: 'school',
      },
      defaults,
    );
    expect(config).toMatchObject({
      jitsiDomain: 'meet.example.org',
      jitsiAppId: 'school',
      jitsiAppSecret: 'x'.repeat(32),
    });
    expect(loadConfig({}, defaults)).toMatchObject({ jitsiAppId: 'mathema', jitsiAppSecret: null });
    expect(() => loadConfig({ JITSI_APP_SECRET: 'too-short' }, defaults)).toThrow(
      /JITSI_APP_SECRET/,
    );
  });
});
