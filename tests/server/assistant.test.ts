import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { lexical, teachingFixture, type TeachingFixture } from './support/teaching';

/** An OpenAI-compatible stand-in: streams its answer as server-sent events, a piece at a time. */
async function startModelStandIn() {
  const requests: { authorization?: string; body: any }[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      const body = JSON.parse(raw);
      requests.push({ authorization: request.headers.authorization, body });
      if (request.url !== '/v1/chat/completions' || !body.stream) {
        response.writeHead(404).end();
        return;
      }
      // A question with "fail" in it finds the model down: the assistant quotes instead.
      if (JSON.stringify(body.messages).includes('fail')) {
        response.writeHead(503).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const piece of ['Κατά τον ', 'Πυθαγόρα ', 'ισχύει α²+β²=γ² ', '[1].']) {
        const chunk = { choices: [{ index: 0, delta: { content: piece } }] };
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds)('the assistant on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let model: Awaited<ReturnType<typeof startModelStandIn>>;
  let teacher: string;
  let student: string;
  let admin: string;
  let thessaloniki: number;
  const base = () => `/schools/${fx.school}/ai/chat`;

  beforeAll(async () => {
    model = await startModelStandIn();
    server = await startServer(kind, { env: { AI_QUESTIONS_PER_HOUR: '12' } });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [teacher, student, admin] = await Promise.all([
      api.login('teacher@demo.school'),
      api.login('student@demo.school'),
      api.login('admin@demo.school'),
    ]);
    thessaloniki = (
      await server.built.deps.db
        .selectFrom('schools')
        .select('id')
        .where('name', '=', 'Demo School Thessaloniki')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  async function openChat(token: string, role?: string, school = fx.school) {
    const opened = await api.post(`/schools/${school}/ai/chat`, role ? { role } : {}, token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return opened.body.data.key as string;
  }

  /** Asks and reads the streamed answer piece by piece, as the app does. */
  async function ask(token: string, key: string, question: string, school = fx.school) {
    const response = await fetch(`${server.url}/api/schools/${school}/ai/chat/${key}/stream`, {
      method: 'POST',
      headers: { Token: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    const pieces: string[] = [];
    const decoder = new TextDecoder();
    for await (const bytes of response.body!) pieces.push(decoder.decode(bytes, { stream: true }));
    return { status: response.status, type: response.headers.get('content-type'), pieces };
  }

  async function answerTo(token: string, key: string, question: string) {
    const answer = await ask(token, key, question);
    expect(answer.status, answer.pieces.join('')).toBe(200);
    return answer.pieces.join('');
  }

  async function chapter(lessonId: number, title: string, text: string, published = true) {
    const created = await api.post(
      `/schools/${fx.school}/teacher/chapters`,
      { lesson_id: lessonId, title, content: lexical(text), published },
      teacher,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as number;
  }

  it('opens a session, streams an answer quoted from the material, and keeps the history', async () => {
    const id = await chapter(
      fx.shared,
      'Το Πυθαγόρειο θεώρημα',
      'ΜΑΘΗΜΑΤΙΚΆ Β΄ ΓΥΜΝΑΣΊΟΥ. Σε κάθε ορθογώνιο τρίγωνο το τετράγωνο της υποτείνουσας ισούται με το άθροισμα των τετραγώνων των κάθετων πλευρών.',
    );
    const key = await openChat(student, 'student');
    expect((await api.get(`${base()}/${key}`, student)).body.data).toEqual({ key, messages: [] });

    const answer = await ask(student, key, 'Τι λένε τα μαθηματικά για την υποτείνουσα;');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain/);
    // Streamed: the answer arrives in several pieces, not at once.
    expect(answer.pieces.length).toBeGreaterThan(2);
    const text = answer.pieces.join('');
    expect(text).toContain('Το Πυθαγόρειο θεώρημα');
    expect(text).toContain('υποτείνουσας');

    const history = (await api.get(`${base()}/${key}`, student)).body.data.messages;
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual({
      message: 'Τι λένε τα μαθηματικά για την υποτείνουσα;',
      byUser: true,
    });
    expect(history[1].byUser).toBe(false);
    expect(history[1].message).toBe(text);
    expect(history[1].contents[0]).toEqual({
      id,
      name: 'Το Πυθαγόρειο θεώρημα',
      kind: 'chapter',
      url: `/student/${fx.school}/chapters/${id}`,
    });
  });

  it('searches Greek without accents, case or final sigma getting in the way', async () => {
    await chapter(
      fx.shared,
      'Οπτική',
      'Η ταχύτητα του ΦΩΣ στο κενό. Ο νόμος του Σνελ για τη διάθλαση.',
    );
    const key = await openChat(student, 'student');
    // Capitals with accents in the text, small letters in the question.
    expect(await answerTo(student, key, 'μαθηματικά')).toContain('Πυθαγόρειο');
    // A sigma typed at the end of a word is the final sigma of the text, and back.
    expect(await answerTo(student, key, 'φωσ')).toContain('Οπτική');
    expect(await answerTo(student, key, 'ΦΩΣ')).toContain('Οπτική');
  });

  it('answers only from what the asker may read, and says so plainly when nothing is there', async () => {
    await chapter(fx.shared, 'Πρόχειρο', 'Η λέξη ζαφειρόπετρα εμφανίζεται μόνο εδώ.', false);
    const foreignLesson = fx.foreign;
    const now = new Date().toISOString();
    const db = server.built.deps.db;
    // Written straight to the database: the index follows every writer, not only the API.
    await db
      .insertInto('chapters')
      .values({
        school_id: fx.school,
        lesson_id: foreignLesson,
        title: 'Άλλο τμήμα',
        content: JSON.stringify(lexical('Η λέξη κυανόλιθος ανήκει σε άλλο τμήμα.')),
        content_text: 'Η λέξη κυανόλιθος ανήκει σε άλλο τμήμα.',
        published: 1,
        published_at: now,
        sort_order: 99,
        author_user_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const otherLesson = await db
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', thessaloniki)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('announcements')
      .values({
        school_id: thessaloniki,
        title: 'Θεσσαλονίκη',
        body: 'Η λέξη χρυσόλιθος είναι μόνο της Θεσσαλονίκης.',
        audience: 'all',
        lesson_id: otherLesson.id,
        category_id: null,
        author_user_id: null,
        created_at: now,
        search_text: '',
      })
      .execute();

    const nothing = /found nothing|Δεν βρήκα κάτι σχετικό/;
    const studentKey = await openChat(student, 'student');
    expect(await answerTo(student, studentKey, 'ζαφειρόπετρα')).toMatch(nothing);
    expect(await answerTo(student, studentKey, 'κυανόλιθος')).toMatch(nothing);
    expect(await answerTo(student, studentKey, 'χρυσόλιθος')).toMatch(nothing);
    const nothingStored = (await api.get(`${base()}/${studentKey}`, student)).body.data.messages;
    expect(nothingStored.at(-1).contents).toBeUndefined();

    // Their teacher reads the draft; the office reads every lesson; nobody reads Thessaloniki.
    const teacherKey = await openChat(teacher, 'teacher');
    expect(await answerTo(teacher, teacherKey, 'ζαφειρόπετρα')).toContain('Πρόχειρο');
    expect(await answerTo(teacher, teacherKey, 'κυανόλιθος')).toMatch(nothing);
    const adminKey = await openChat(admin, 'admin');
    expect(await answerTo(admin, adminKey, 'κυανόλιθος')).toContain('Άλλο τμήμα');
    expect(await answerTo(admin, adminKey, 'χρυσόλιθος')).toMatch(nothing);
  });

  it('follows the material as it changes: published, edited, deleted', async () => {
    const id = await chapter(fx.shared, 'Αστρονομία', 'Ο πλανήτης Κρόνος έχει δακτυλίους.', false);
    const key = await openChat(teacher, 'teacher');
    const studentKey = await openChat(student, 'student');
    expect(await answerTo(student, studentKey, 'δακτυλίους')).not.toContain('Αστρονομία');
    const put = (body: object) =>
      api.call('PUT', `/schools/${fx.school}/teacher/chapters/${id}`, { token: teacher, body });
    expect((await put({ published: true })).status).toBe(200);
    expect(await answerTo(student, studentKey, 'δακτυλίους')).toContain('Αστρονομία');
    expect((await put({ content: lexical('Ο Άρης είναι ο κόκκινος πλανήτης.') })).status).toBe(200);
    expect(await answerTo(teacher, key, 'δακτυλίους')).not.toContain('Αστρονομία');
    expect(await answerTo(teacher, key, 'κόκκινος')).toContain('Αστρονομία');
    const removed = await api.call('DELETE', `/schools/${fx.school}/teacher/chapters/${id}`, {
      token: teacher,
    });
    expect(removed.status).toBe(200);
    expect(await answerTo(teacher, key, 'κόκκινος')).not.toContain('Αστρονομία');
  });

  it('keeps sessions to their user, refuses other schools and empty questions', async () => {
    const key = await openChat(student, 'student');
    const classmate = await api.login(fx.classmate.email);
    expect((await api.get(`${base()}/${key}`, classmate)).status).toBe(404);
    expect((await ask(classmate, key, 'μαθηματικά')).status).toBe(404);
    expect((await api.get(`${base()}/not-a-key`, student)).status).toBe(404);
    // A role the caller does not hold, another school, no sign-in.
    expect((await api.post(base(), { role: 'teacher' }, student)).status).toBe(403);
    expect((await api.post(`/schools/${thessaloniki}/ai/chat`, {}, student)).status).toBe(403);
    expect((await api.get(`/schools/${thessaloniki}/ai/chat/${key}`, student)).status).toBe(403);
    expect((await api.post(base(), {}, null)).status).toBe(401);
    // Thessaloniki's member cannot reach an Athens session by its key either.
    const outsider = `outsider-${kind}@example.org`;
    await insertAccount(server.built.deps.db, outsider, [
      { school: thessaloniki, role: 'student' },
    ]);
    const outsiderToken = await api.login(outsider);
    expect((await api.get(`/schools/${thessaloniki}/ai/chat/${key}`, outsiderToken)).status).toBe(
      404,
    );
    const empty = await api.post(`${base()}/${key}/stream`, { question: '   ' }, student);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation');
  });

  it('limits how many questions a user asks in an hour', async () => {
    const parent = await api.login('parent@demo.school');
    const key = await openChat(parent, 'client');
    for (let i = 0; i < 12; i++) expect((await ask(parent, key, `ερώτηση ${i}`)).status).toBe(200);
    const refused = await api.post(`${base()}/${key}/stream`, { question: 'πάλι' }, parent);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  describe('with an OpenAI-compatible model', () => {
    let withModel: TestServer;
    beforeAll(async () => {
      withModel = await startServer(kind, {
        env: { AI_BASE_URL: model.url, AI_API_KEY: 'test-key', AI_MODEL: 'test-model' },
      });
      // The same demo (seeded alike), so the fixture's lessons are this server's too.
      const local = apiClient(withModel.url);
      const created = await local.post(
        `/schools/${fx.school}/teacher/chapters`,
        {
          lesson_id: fx.shared,
          title: 'Δευτεροβάθμιες εξισώσεις',
          content: lexical('Η διακρίνουσα Δ = β² − 4αγ λέει πόσες ρίζες έχει η εξίσωση.'),
          published: true,
        },
        await local.login('teacher@demo.school'),
      );
      expect(created.status).toBe(200);
    });
    afterAll(() => withModel?.close());

    it('streams the model answer written from the readable passages, and no names', async () => {
      const local = apiClient(withModel.url);
      const token = await local.login('student@demo.school');
      const opened = await local.post(`/schools/${fx.school}/ai/chat`, { role: 'student' }, token);
      const key = opened.body.data.key;
      const response = await fetch(
        `${withModel.url}/api/schools/${fx.school}/ai/chat/${key}/stream`,
        {
          method: 'POST',
          headers: { Token: token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ question: 'Δευτεροβάθμιες εξισώσεις και διακρίνουσα;' }),
        },
      );
      const pieces: string[] = [];
      for await (const bytes of response.body!) pieces.push(Buffer.from(bytes).toString());
      expect(response.status).toBe(200);
      expect(pieces.join('')).toBe('Κατά τον Πυθαγόρα ισχύει α²+β²=γ² [1].');
      expect(pieces.length).toBeGreaterThan(1);

      const sent = model.requests.at(-1)!;
      expect(sent.authorization).toBe('Bearer test-key');
      expect(sent.body.model).toBe('test-model');
      const words = JSON.stringify(sent.body.messages);
      expect(words).toContain('Δευτεροβάθμιες εξισώσεις και διακρίνουσα;');
      expect(words).toContain('διακρίνουσα');
      // Nothing of the asker: the demo student's name is not in what the model was sent.
      const me = await withModel.built.deps.db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('email', '=', 'student@demo.school')
        .executeTakeFirstOrThrow();
      expect(words).not.toContain(me.last_name);

      const history = (await local.get(`/schools/${fx.school}/ai/chat/${key}`, token)).body.data;
      expect(history.messages[1].message).toBe('Κατά τον Πυθαγόρα ισχύει α²+β²=γ² [1].');
      expect(history.messages[1].contents.length).toBeGreaterThan(0);
    });

    it('quotes the material when the model is down', async () => {
      const local = apiClient(withModel.url);
      const token = await local.login('teacher@demo.school');
      const opened = await local.post(`/schools/${fx.school}/ai/chat`, {}, token);
      const response = await fetch(
        `${withModel.url}/api/schools/${fx.school}/ai/chat/${opened.body.data.key}/stream`,
        {
          method: 'POST',
          headers: { Token: token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ question: 'fail διακρίνουσα' }),
        },
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Δευτεροβάθμιες εξισώσεις');
    });
  });
});
