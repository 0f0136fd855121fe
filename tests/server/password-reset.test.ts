import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MS } from '../../src/shared/constants';
import { voidPasswordLinks } from '../../src/server/areas/account/password-links';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { startSmtpServer } from './support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const linkIn = (text: string, route: string) => {
  const match = text.match(new RegExp(`https?://[^\\s"<>]+/${route}/([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no /${route}/ link in mail:\n${text}`);
  return { url: match[0], token: match[1]! };
};

const USED = 'This link was already used. Please ask for a new one.';
const EXPIRED = 'This link has expired. Please ask for a new one.';
const VOID =
  "This link no longer works: the account's password or email changed after it was sent. Please ask for a new one.";

describe.each(databaseKinds)('password reset through real mail on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let smtp: Smtp;

  /** Waits for the n-th mail to an address (counting from 1) and returns it. */
  async function nthMailTo(address: string, n: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = smtp.received.filter((m) => m.to.includes(address));
      if (mails.length >= n) return mails[n - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${n} to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const setPassword = (token: string, password: string) =>
    api.post('/account/reset-password', { token, password, privacyChecked: true });

  /** A new account of Athens (only there), invited by the admin, with its password set. */
  async function newAccount(admin: string, email: string) {
    const created = await api.post(
      '/schools/1/admin/users',
      { first_name: 'Άννα', last_name: 'Δοκιμή', email, roles: ['teacher'], language: 'en' },
      admin,
    );
    expect(created.status).toBe(200);
    const { token } = linkIn((await nthMailTo(email, 1)).text, 'create-user-password');
    expect((await setPassword(token, 'first-password')).status).toBe(200);
    return created.body.data.id as number;
  }

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

    const again = await setPassword(link.token, 'another-password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: 'validation',
      message: USED,
      fields: { token: USED },
    });
  });

  it('writes the mail in the account language', async () => {
    await api.post('/account/request-reset', { email: 'parent@demo.school' });
    // The demo parent is behind with a payment, so the overdue reminder may arrive first.
    const mail = await smtp.waitForMail('parent@demo.school', 10_000, (m) =>
      /reset-password\//.test(m.text),
    );
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
    expect(response.body).toMatchObject({ message: EXPIRED, fields: { token: EXPIRED } });
    const unknown = await setPassword('not-a-link-we-sent', 'a-new-password');
    expect(unknown.body.fields).toEqual({
      token: 'This link is not valid. Please ask for a new one.',
    });
  });

  it('voids the other links of an account once one of them sets the password', async () => {
    const admin = await api.login('admin@demo.school');
    const email = 'two.links@demo.school';
    await newAccount(admin, email);
    await api.post('/account/request-reset', { email });
    await api.post('/account/request-reset', { email });
    const first = linkIn((await nthMailTo(email, 2)).text, 'reset-password');
    const second = linkIn((await nthMailTo(email, 3)).text, 'reset-password');
    expect(first.token).not.toBe(second.token);

    expect((await setPassword(first.token, 'second-password')).status).toBe(200);
    const late = await setPassword(second.token, 'attacker-password');
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      error: 'validation',
      message: VOID,
      fields: { token: VOID },
    });
    expect(
      (await api.post('/account/login', { username: email, password: 'second-password' })).status,
    ).toBe(200);
  });

  it("refuses a link sent to the account's former email after an admin changed it", async () => {
    const admin = await api.login('admin@demo.school');
    const email = 'old.address@demo.school';
    const id = await newAccount(admin, email);
    await api.post('/account/request-reset', { email });
    const { token } = linkIn((await nthMailTo(email, 2)).text, 'reset-password');

    const changed = await api.call('PUT', `/schools/1/admin/users/${id}`, {
      token: admin,
      body: { email: 'new.address@demo.school' },
    });
    expect(changed.status).toBe(200);
    const stale = await setPassword(token, 'attacker-password');
    expect(stale.status).toBe(400);
    expect(stale.body.fields).toEqual({ token: VOID });
    expect(
      (
        await api.post('/account/login', {
          username: 'new.address@demo.school',
          password: 'first-password',
        })
      ).status,
    ).toBe(200);
  });

  it('voids the links of an account whose email changed, even when it is changed back', async () => {
    const admin = await api.login('admin@demo.school');
    const email = 'there.and.back@demo.school';
    const id = await newAccount(admin, email);
    await api.post('/account/request-reset', { email });
    const { token } = linkIn((await nthMailTo(email, 2)).text, 'reset-password');
    // The owner of accounts voids every link when the address changes, so changing it back
    // does not bring an old link to life.
    for (const address of ['elsewhere@demo.school', email]) {
      const changed = await api.call('PUT', `/schools/1/admin/users/${id}`, {
        token: admin,
        body: { email: address },
      });
      expect(changed.status).toBe(200);
    }
    const stale = await setPassword(token, 'attacker-password');
    expect(stale.status).toBe(400);
    expect(stale.body.fields).toEqual({ token: VOID });
  });

  it('voidPasswordLinks ends every outstanding link of the account', async () => {
    const admin = await api.login('admin@demo.school');
    const email = 'voided@demo.school';
    const id = await newAccount(admin, email);
    await api.post('/account/request-reset', { email });
    const { token } = linkIn((await nthMailTo(email, 2)).text, 'reset-password');
    await server.built.deps.db.transaction().execute((trx) => voidPasswordLinks(trx, id));
    expect((await setPassword(token, 'attacker-password')).body.fields).toEqual({ token: VOID });
  });

  it('invites an account that already has a password with a reset link, not a create link', async () => {
    const admin = await api.login('admin@demo.school');
    const email = 'has.password@demo.school';
    const id = await newAccount(admin, email);
    const invited = await api.post(`/schools/1/admin/users/${id}/invite`, {}, admin);
    expect(invited.status).toBe(200);
    const mail = await nthMailTo(email, 2);
    expect(mail.subject).toBe('Reset your Mathema password');
    expect(mail.text).toContain('expires in one hour');
    expect(mail.text).not.toContain('create-user-password');
    const { token } = linkIn(mail.text, 'reset-password');

    // It lives as long as a reset link, not the seven days of an invitation.
    server.advanceClock(RESET_TOKEN_TTL_MS + 1000);
    expect((await setPassword(token, 'a-new-password')).body.fields).toEqual({ token: EXPIRED });
  });
});
