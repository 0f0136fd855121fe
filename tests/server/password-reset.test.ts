import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MS } from '../../src/shared/constants';
import { sendPasswordLink } from '../../src/server/areas/account/service';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { startSmtpServer } from './support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const linkIn = (text: string, route: string) => {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+/${route}/([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no /${route}/ link in mail:\n${text}`);
  return { url: match[0], token: match[1]! };
};

describe.each(databaseKinds)('password reset through real mail on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(kind, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://school.example' },
    });
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails a working reset link; the new password signs in and old sessions end', async () => {
    const oldSession = await api.login('teacher@demo.school');
    const request = await api.post('/account/request-reset', { email: 'teacher@demo.school' });
    expect(request.status).toBe(200);
    expect(request.body.status).toBe('ok');

    const mail = await smtp.waitForMail('teacher@demo.school');
    expect(mail.subject).toBe('Reset your Mathema password');
    const link = linkIn(mail.text, 'reset-password');
    expect(link.url.startsWith('https://school.example/reset-password/')).toBe(true);

    const reset = await api.post('/account/reset-password', {
      token: link.token,
      password: 'a-new-password',
      privacyChecked: true,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.status).toBe('ok');

    expect((await api.get('/account', oldSession)).status).toBe(401);
    expect(
      (
        await api.post('/account/login', {
          username: 'teacher@demo.school',
          password: 'demo-password',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api.post('/account/login', {
          username: 'teacher@demo.school',
          password: 'a-new-password',
        })
      ).status,
    ).toBe(200);

    const again = await api.post('/account/reset-password', {
      token: link.token,
      password: 'another-password',
      privacyChecked: true,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  it('writes the mail in the account language', async () => {
    await api.post('/account/request-reset', { email: 'parent@demo.school' });
    const mail = await smtp.waitForMail('parent@demo.school');
    expect(mail.subject).toBe('Επαναφορά κωδικού Mathema');
    expect(mail.html).toContain('Ορισμός νέου κωδικού');
    expect(mail.text).toMatch(/reset-password\/[A-Za-z0-9_-]+/);
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const unknown = await api.post('/account/request-reset', { email: 'nobody@nowhere.example' });
    const known = await api.post('/account/request-reset', { email: 'student@demo.school' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await smtp.waitForMail('student@demo.school');
    expect(smtp.received.slice(before).some((m) => m.to.includes('nobody@nowhere.example'))).toBe(
      false,
    );
  });

  it('validates the reset request and the new password with the spec messages', async () => {
    const empty = await api.post('/account/request-reset', { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ email: 'Email is required!' });
    const long = await api.post('/account/request-reset', { email: `${'b'.repeat(320)}@x.gr` });
    expect(long.body.fields).toEqual({ email: 'Email must be max 320 characters' });

    const noPrivacy = await api.post('/account/reset-password', {
      token: 'x',
      password: 'long-enough',
      privacyChecked: false,
    });
    expect(noPrivacy.status).toBe(400);
    expect(noPrivacy.body.fields).toEqual({ privacyChecked: 'Please accept privacy policy' });
    const short = await api.post('/account/reset-password', {
      token: 'x',
      password: 'short',
      privacyChecked: true,
    });
    expect(short.body.fields).toEqual({ password: 'The password must be at least 8 characters' });
  });

  it('refuses an expired link', async () => {
    await api.post('/account/request-reset', { email: 'admin@demo.school' });
    const mail = await smtp.waitForMail('admin@demo.school');
    const { token } = linkIn(mail.text, 'reset-password');
    server.advanceClock(RESET_TOKEN_TTL_MS + 1000);
    const response = await api.post('/account/reset-password', {
      token,
      password: 'a-new-password',
      privacyChecked: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.fields?.token).toMatch(/expired/);
  });

  it('sends new users a create-password link through the same mechanism', async () => {
    const { deps } = server.built;
    const user = await deps.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'language'])
      .where('username', 'like', '%.athc1')
      .executeTakeFirstOrThrow();
    const email = user.email!;
    await sendPasswordLink(deps, { ...user, email }, 'create');
    const mail = await smtp.waitForMail(email);
    const { token } = linkIn(mail.text, 'create-user-password');
    const created = await api.post('/account/reset-password', {
      token,
      password: 'my-first-password',
      privacyChecked: true,
    });
    expect(created.status).toBe(200);
    expect(
      (await api.post('/account/login', { username: email, password: 'my-first-password' })).status,
    ).toBe(200);
  });
});
