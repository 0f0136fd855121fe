import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, SERVER_EVENTS } from '../../src/shared/realtime';
import { notifyLessonFamilies } from '../../src/server/areas/lessons/notify';
import { createPushClient, vapidKeys } from '../../src/server/integrations/push';
import { apiClient, type ApiClient } from './support/client';
import {
  decryptAes128gcm,
  startPushService,
  subscriptionKeys,
  type PushServiceStandIn,
} from './support/push-service';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

type Recipient = { user_id: number; role: string };
const byUserRole = (a: Recipient, b: Recipient) =>
  a.user_id - b.user_id || a.role.localeCompare(b.role);

describe.each(databaseKinds)('notifications end to end on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let push: PushServiceStandIn;
  let teacher: string;
  let student: string;
  let parent: string;
  let admin: string;
  let thessaloniki: number;
  const base = () => `/schools/${fx.school}`;
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const db = () => server.built.deps.db;
  const startedAt = new Date().toISOString();

  beforeAll(async () => {
    push = await startPushService();
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    // The production client, trusting the stand-in's certificate made for this run.
    server.built.deps.push = createPushClient({
      keys: vapidKeys(server.built.deps.config),
      subject: server.built.deps.config.push.subject,
      agent: new https.Agent({ ca: push.certificate }),
    });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    [teacher, student, parent, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
    thessaloniki = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', fx.school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  /** The lesson's students and their guardians, from the enrolment tables themselves. */
  async function lessonFamilies(lessonId: number): Promise<Recipient[]> {
    const students = await db()
      .selectFrom('lesson_students as ls')
      .innerJoin('memberships as m', 'm.id', 'ls.student_id')
      .select(['m.user_id', 'm.role'])
      .where('ls.lesson_id', '=', lessonId)
      .execute();
    const guardians = await db()
      .selectFrom('lesson_students as ls')
      .innerJoin('student_guardians as g', 'g.student_id', 'ls.student_id')
      .innerJoin('memberships as m', 'm.id', 'g.client_id')
      .select(['m.user_id', 'm.role'])
      .where('ls.lesson_id', '=', lessonId)
      .execute();
    const unique = new Map([...students, ...guardians].map((r) => [`${r.user_id}:${r.role}`, r]));
    return [...unique.values()].sort(byUserRole);
  }

  async function told(entity: string, entityId: number) {
    const rows = await db()
      .selectFrom('notifications')
      .select(['user_id', 'role', 'school_id', 'lesson_id'])
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      // The demo's own notifications (hours old) may name the same ids.
      .where('created_at', '>=', startedAt)
      .execute();
    return rows;
  }

  async function expectLessonAudience(entity: string, entityId: number, lessonId = fx.shared) {
    const rows = await told(entity, entityId);
    expect(rows.every((r) => r.school_id === fx.school)).toBe(true);
    expect(rows.map(({ user_id, role }) => ({ user_id, role })).sort(byUserRole)).toEqual(
      await lessonFamilies(lessonId),
    );
    expect(rows.some((r) => r.role === 'teacher' || r.role === 'admin')).toBe(false);
  }

  const listed = async (token: string, role: string, school = fx.school) =>
    (await api.get(`/schools/${school}/${role}/notifications?per_page=100`, token)).body.data as {
      entity: string;
      entity_id: number;
      lesson_id: number | null;
      seen: boolean;
    }[];

  async function publishTask(title = 'Ασκήσεις κεφαλαίου 3') {
    const created = await api.post(
      `${base()}/teacher/tasks`,
      { lesson_id: fx.shared, title, due_at: at(3), points: 10, published: true },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as number;
  }

  it('seeds the demo users notifications of every kind, about records that exist', async () => {
    const seeded = await db()
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['u.email', 'n.role', 'n.entity', 'n.entity_id', 'n.lesson_id'])
      .where('n.created_at', '<', startedAt)
      .where('n.entity', 'is not', null)
      .execute();
    const kinds = (email: string) =>
      [...new Set(seeded.filter((n) => n.email === email).map((n) => n.entity))].sort();
    expect(kinds('student@demo.school')).toEqual([
      'announcements',
      'event',
      'quiz',
      'task',
      'taskbook',
    ]);
    expect(kinds('parent@demo.school')).toEqual(expect.arrayContaining(['quiz', 'task']));
    expect(kinds('teacher@demo.school')).toEqual(
      expect.arrayContaining(['announcements', 'event', 'task']),
    );
    const table = {
      task: 'tasks',
      quiz: 'quizzes',
      taskbook: 'task_books',
      announcements: 'announcements',
    } as const;
    for (const n of seeded) {
      const name = table[n.entity as keyof typeof table];
      if (!name) continue;
      const found = await db()
        .selectFrom(name)
        .select('id')
        .where('id', '=', n.entity_id!)
        .where('school_id', '=', fx.school)
        .executeTakeFirst();
      expect(found, `${n.entity} ${n.entity_id}`).toBeDefined();
    }
  });

  it('tells a task, a task book and a quiz to exactly the lesson’s students and guardians', async () => {
    const task = await publishTask();
    await expectLessonAudience('task', task);

    const book = await api.post(
      `${base()}/teacher/taskbooks`,
      { lesson_id: fx.shared, title: 'Ενότητα Β', published: true, items: [] },
      teacher,
    );
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    await expectLessonAudience('taskbook', book.body.data.id);

    const quiz = await api.post(
      `${base()}/teacher/quizzes`,
      {
        lesson_id: fx.shared,
        title: 'Σύντομο τεστ',
        opens_at: at(-0.01),
        closes_at: at(2),
        time_limit_minutes: 10,
        attempts_allowed: 1,
        shuffle: false,
        show_results: 'after_submit',
        published: true,
        questions: [{ kind: 'simple', text: '2 + 2 = ;', points: 1, accepted_answers: ['4'] }],
      },
      teacher,
    );
    expect(quiz.status, JSON.stringify(quiz.body)).toBe(200);
    await expectLessonAudience('quiz', quiz.body.data.id);
    // The quiz opens under its lesson: the list names the lesson.
    const mine = (await listed(student, 'student')).find(
      (n) => n.entity === 'quiz' && n.entity_id === quiz.body.data.id,
    );
    expect(mine?.lesson_id).toBe(fx.shared);

    // The parent sees it in their own role's list; another school's list never holds it.
    expect(
      (await listed(parent, 'client')).some((n) => n.entity === 'task' && n.entity_id === task),
    ).toBe(true);
    const elsewhere = await listed(admin, 'teacher', thessaloniki);
    expect(elsewhere.some((n) => n.entity === 'task' && n.entity_id === task)).toBe(false);
    // Someone of another school (or without the role) may not read this school's list.
    expect((await api.get(`${base()}/student/notifications`, teacher)).status).toBe(403);
  });

  it('tells an announcement to its audience: a lesson’s families, or a role, never the office or another school', async () => {
    const lessonNews = await api.post(
      `${base()}/teacher/announcements`,
      { title: 'Εκδρομή', body: 'Την Παρασκευή', audience: 'lesson', lesson_id: fx.shared },
      teacher,
    );
    expect(lessonNews.status, JSON.stringify(lessonNews.body)).toBe(200);
    await expectLessonAudience('announcements', lessonNews.body.data.id);

    const forTeachers = await api.post(
      `${base()}/admin/announcements`,
      { title: 'Σύλλογος διδασκόντων', body: 'Πέμπτη 14:00', audience: 'teachers' },
      admin,
    );
    expect(forTeachers.status).toBe(200);
    const rows = await told('announcements', forTeachers.body.data.id);
    const teachers = await db()
      .selectFrom('memberships')
      .select(['user_id', 'role'])
      .where('school_id', '=', fx.school)
      .where('role', '=', 'teacher')
      .execute();
    expect(rows.map(({ user_id, role }) => ({ user_id, role })).sort(byUserRole)).toEqual(
      teachers.sort(byUserRole),
    );
    expect(rows.every((r) => r.school_id === fx.school)).toBe(true);
  });

  it("tells a session (entity 'event') to the lesson's families, live on their sockets", async () => {
    const socket: Socket = connect(server.url, {
      path: REALTIME_PATH,
      auth: { token: student, school_id: fx.school, role: 'student' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const received = new Promise((resolve) => socket.once(SERVER_EVENTS.notification, resolve));
    const sessionId = 90_001;
    const tell = await db()
      .transaction()
      .execute((trx) =>
        notifyLessonFamilies(trx, server.built.deps.realtime, fx.school, fx.shared, {
          title: 'Ζωντανό μάθημα τώρα',
          entity: 'event',
          entityId: sessionId,
          nowIso: new Date().toISOString(),
        }),
      );
    tell();
    expect(await received).toEqual({
      school_id: fx.school,
      role: 'student',
      title: 'Ζωντανό μάθημα τώρα',
      entity: 'event',
      entity_id: sessionId,
      lesson_id: fx.shared,
    });
    socket.close();
    await expectLessonAudience('event', sessionId);
    expect(
      (await listed(student, 'student')).some(
        (n) => n.entity === 'event' && n.entity_id === sessionId,
      ),
    ).toBe(true);
  });

  it('marks the list seen and tells the other open apps the new count', async () => {
    await publishTask('Νέα εργασία');
    const unseen = async () =>
      (await api.get(`${base()}/student/notifications/unseen`, student)).body.data.count as number;
    expect(await unseen()).toBeGreaterThan(0);
    const socket: Socket = connect(server.url, {
      path: REALTIME_PATH,
      auth: { token: student, school_id: fx.school, role: 'student' },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const counts = new Promise((resolve) => socket.once(SERVER_EVENTS.unseenCounts, resolve));
    expect((await api.post(`${base()}/student/notifications/seen`, {}, student)).status).toBe(200);
    expect(await counts).toMatchObject({ school_id: fx.school, role: 'student', notifications: 0 });
    expect(await unseen()).toBe(0);
    socket.close();
  });

  it('keeps each person’s choice per kind; off in the app means already seen, e-mail goes by a job', async () => {
    const defaults = await api.get('/account/notification-preferences', student);
    expect(defaults.status).toBe(200);
    expect(defaults.body.data).toContainEqual({
      kind: 'task',
      in_app: true,
      email: false,
      push: true,
    });
    expect(defaults.body.data).toContainEqual({
      kind: 'announcements',
      in_app: true,
      email: true,
      push: true,
    });
    const wrong = await api.call('PUT', '/account/notification-preferences', {
      token: student,
      body: { preferences: [{ kind: 'gossip', in_app: true, email: true, push: true }] },
    });
    expect(wrong.status).toBe(400);
    expect((await api.get('/account/notification-preferences')).status).toBe(401);

    const saved = await api.call('PUT', '/account/notification-preferences', {
      token: student,
      body: { preferences: [{ kind: 'task', in_app: false, email: true, push: false }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toContainEqual({
      kind: 'task',
      in_app: false,
      email: true,
      push: false,
    });
    // Another person's choices are their own.
    expect((await api.get('/account/notification-preferences', parent)).body.data).toContainEqual({
      kind: 'task',
      in_app: true,
      email: false,
      push: true,
    });

    await api.post(`${base()}/student/notifications/seen`, {}, student);
    const outbox = path.join(server.dataDir, 'outbox');
    const mailsBefore = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const task = await publishTask('Εργασία με e-mail');
    const row = (await listed(student, 'student')).find(
      (n) => n.entity === 'task' && n.entity_id === task,
    );
    expect(row?.seen).toBe(true);
    expect((await api.get(`${base()}/student/notifications/unseen`, student)).body.data.count).toBe(
      0,
    );
    // Nothing is mailed within the request: the job sends it.
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(mailsBefore);
    await server.built.jobs.runDueJobs();
    const mails = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes('To: student@demo.school') && m.includes(`/task/${task}`));
    expect(mails.length).toBe(1);
    expect(mails[0]).toContain(`/student/${fx.school}/task/${task}`);

    await api.call('PUT', '/account/notification-preferences', {
      token: student,
      body: { preferences: [{ kind: 'task', in_app: true, email: false, push: true }] },
    });
  });

  it('pushes to a subscribed device, encrypted for it alone, and forgets gone devices and logged-out sessions', async () => {
    const device = subscriptionKeys();
    const endpointPath = `/push/${Date.now()}-student`;
    const endpoint = `${push.origin}${endpointPath}`;
    expect(
      (
        await api.post(
          '/account/push/subscriptions',
          { endpoint: 'http://insecure.example/x', keys: device.json },
          student,
        )
      ).status,
    ).toBe(400);
    const key = await api.get('/account/push/key', student);
    expect(key.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const subscribed = await api.post(
      '/account/push/subscriptions',
      { endpoint, keys: device.json },
      student,
    );
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);

    const task = await publishTask('Εργασία για το κινητό');
    await server.built.jobs.runDueJobs();
    const delivered = push.received.filter((r) => r.path === endpointPath);
    expect(delivered).toHaveLength(1);
    const message = delivered[0]!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    // Only the device's keys open it.
    const payload = JSON.parse(decryptAes128gcm(message.body, device.ecdh, device.auth));
    expect(payload).toMatchObject({
      title: 'Εργασία για το κινητό',
      url: `/student/${fx.school}/task/${task}`,
      school_id: fx.school,
      role: 'student',
      entity: 'task',
      entity_id: task,
    });
    const stranger = subscriptionKeys();
    expect(() => decryptAes128gcm(message.body, stranger.ecdh, stranger.auth)).toThrow();

    // VAPID (RFC 8292): a JWT for the push service's origin, signed with the server's key.
    const authorization = String(message.headers.authorization);
    const [, jwt, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
    expect(publicKey).toBe(key.body.data.public_key);
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const raw = Buffer.from(publicKey!, 'base64url');
    const spki = Buffer.concat([
      Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex'),
      raw,
    ]);
    const verified = await jwtVerify(
      jwt!,
      await importSPKI(
        `-----BEGIN PUBLIC KEY-----\n${spki.toString('base64')}\n-----END PUBLIC KEY-----`,
        'ES256',
      ),
      { audience: push.origin },
    );
    expect(verified.payload.sub).toBe(server.built.deps.config.push.subject);
    expect(verified.payload.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);

    // Someone else cannot take this device off the student's account.
    expect(
      (await api.post('/account/push/subscriptions/remove', { endpoint }, parent)).body.data,
    ).toEqual({ removed: 0 });

    // A subscription the push service no longer knows (410) is deleted at the next delivery.
    const goneDevice = subscriptionKeys();
    const gonePath = `/push/${Date.now()}-gone`;
    push.gone.add(gonePath);
    await api.post(
      '/account/push/subscriptions',
      { endpoint: `${push.origin}${gonePath}`, keys: goneDevice.json },
      parent,
    );
    await publishTask('Εργασία που δεν φτάνει');
    await server.built.jobs.runDueJobs();
    const endpoints = async () =>
      (await db().selectFrom('push_subscriptions').select('endpoint').execute()).map(
        (r) => r.endpoint,
      );
    expect(await endpoints()).not.toContain(`${push.origin}${gonePath}`);
    expect(await endpoints()).toContain(endpoint);
    expect(push.received.filter((r) => r.path === endpointPath)).toHaveLength(2);

    // Turning push off for a kind stops it; logging out removes the device.
    await api.call('PUT', '/account/notification-preferences', {
      token: student,
      body: { preferences: [{ kind: 'task', in_app: true, email: false, push: false }] },
    });
    await publishTask('Χωρίς push');
    await server.built.jobs.runDueJobs();
    expect(push.received.filter((r) => r.path === endpointPath)).toHaveLength(2);
    await api.call('PUT', '/account/notification-preferences', {
      token: student,
      body: { preferences: [{ kind: 'task', in_app: true, email: false, push: true }] },
    });
    expect((await api.post('/account/logout', {}, student)).status).toBe(200);
    expect(await endpoints()).not.toContain(endpoint);
    student = await api.login('student@demo.school');
  });

  it('moves a device to whoever subscribes on it last', async () => {
    const device = subscriptionKeys();
    const endpoint = `${push.origin}/push/${Date.now()}-shared`;
    await api.post('/account/push/subscriptions', { endpoint, keys: device.json }, student);
    await api.post('/account/push/subscriptions', { endpoint, keys: device.json }, parent);
    const owners = await db()
      .selectFrom('push_subscriptions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('u.email')
      .where('p.endpoint', '=', endpoint)
      .execute();
    expect(owners).toEqual([{ email: 'parent@demo.school' }]);
  });
});
