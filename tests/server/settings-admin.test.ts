import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('editing school settings on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  it('changes name, language, colours, translations, drawer and AI switch in one write', async () => {
    const response = await api.call('PUT', '/schools/1/admin/settings', {
      token: admin,
      body: {
        name: 'Demo School Athens Centre',
        settings: {
          school_language: 'el',
          colors: { secondaryBackground: '#123456' },
          translations: { en: { Students: 'Pupils' }, el: { Students: 'Μαθητές/τριες' } },
          drawer: { admin: { tags: false } },
          ai_chatbot_enabled: 'false',
        },
      },
    });
    expect(response.status).toBe(200);
    const settings = response.body.data as { name: string; data: string; isJSON: boolean }[];
    const of = (name: string) => settings.find((s) => s.name === name)!;
    expect(of('school_language')).toEqual({ name: 'school_language', data: 'el', isJSON: false });
    expect(JSON.parse(of('colors').data)).toEqual({ secondaryBackground: '#123456' });
    expect(JSON.parse(of('translations').data).en.Students).toBe('Pupils');
    expect(of('ai_chatbot_enabled').data).toBe('false');
    const schools = await api.get('/account/schools', admin);
    expect(schools.body.data[0].name).toBe('Demo School Athens Centre');
  });

  it('validates values by setting', async () => {
    const bad = await api.call('PUT', '/schools/1/admin/settings', {
      token: admin,
      body: {
        settings: {
          colors: { primaryText: 'red' },
          school_language: 'fr',
          embed_pages: [{ title: 'X', slug: 'Not A Slug' }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'settings.colors.primaryText': 'Enter a colour as #RRGGBB',
      'settings.embed_pages.0.slug': 'Use lower-case letters, digits and dashes',
    });
    expect(bad.body.fields?.['settings.school_language']).toBeTruthy();
  });

  it('is for admins with the settings permission only', async () => {
    const secretary = await api.login('secretary@demo.school');
    expect(
      (
        await api.call('PUT', '/schools/1/admin/settings', {
          token: secretary,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    const teacher = await api.login('teacher@demo.school');
    expect(
      (
        await api.call('PUT', '/schools/1/teacher/settings', {
          token: teacher,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
  });

  it('uploads a logo that the schools list then names', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
      'logo.png',
    );
    const response = await fetch(`${server.url}/api/schools/1/admin/settings/logo`, {
      method: 'POST',
      headers: { Token: admin },
      body: form,
    });
    const body = (await response.json()) as { data: { logo: string } };
    expect(response.status).toBe(200);
    expect(body.data.logo).toMatch(/^school-1-[0-9a-f]{12}\.png$/);
    const file = await fetch(`${server.url}/api/school-files/${body.data.logo}`);
    expect(file.status).toBe(200);
    const text = new FormData();
    text.append('file', new Blob(['hello'], { type: 'text/plain' }), 'x.txt');
    expect(
      (
        await fetch(`${server.url}/api/schools/1/admin/settings/logo`, {
          method: 'POST',
          headers: { Token: admin },
          body: text,
        })
      ).status,
    ).toBe(400);
  });
});
