import { describe, expect, it } from 'vitest';
import { guardForeignWebContents } from '../../../src/main/security/navigation-guard';
import { FakeShell, FakeWebContents } from '../fakes/electron-fakes';
import { createWindowHarness, JITSI_ORIGIN, SERVER_ORIGIN } from '../fakes/window-harness';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('navigation of the main window', () => {
  it('stays within the app', () => {
    const window = createWindowHarness().open('main');
    expect(window.webContents.navigate('app://mathema/student/7')).toBe(false);
  });

  it('may go to the configured server', () => {
    const window = createWindowHarness().open('main');
    expect(window.webContents.navigate(`${SERVER_ORIGIN}/scorm/3/index.html`)).toBe(false);
  });

  it('opens other web pages in the system browser instead', async () => {
    const harness = createWindowHarness();
    const window = harness.open('main');
    expect(window.webContents.navigate('https://evil.example.com/login')).toBe(true);
    await flush();
    expect(harness.shell.opened).toEqual(['https://evil.example.com/login']);
  });

  it('checks redirects like navigations', () => {
    const window = createWindowHarness().open('main');
    expect(window.webContents.navigate('https://evil.example.com/', 'will-redirect')).toBe(true);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'ms-settings:privacy'])(
    'drops %s without handing it to the OS',
    async (url) => {
      const harness = createWindowHarness();
      const window = harness.open('main');
      expect(window.webContents.navigate(url)).toBe(true);
      await flush();
      expect(harness.shell.opened).toEqual([]);
    },
  );

  it('hands mailto links to the mail program', async () => {
    const harness = createWindowHarness();
    const window = harness.open('main');
    expect(window.webContents.navigate('mailto:office@school.example.org')).toBe(true);
    await flush();
    expect(harness.shell.opened).toEqual(['mailto:office@school.example.org']);
  });

  it('never attaches a <webview>', () => {
    expect(createWindowHarness().open('main').webContents.attachWebview()).toBe(true);
  });
});

describe('new windows from the main window', () => {
  it('opens server pages as hardened windows without the preload', () => {
    const window = createWindowHarness().open('main');
    const response = window.webContents.openWindow(`${SERVER_ORIGIN}/files/invoice-7.pdf`);
    expect(response.action).toBe('allow');
    if (response.action !== 'allow') return;
    const web = response.overrideBrowserWindowOptions?.webPreferences;
    expect(web).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(web?.preload).toBeUndefined();
  });

  it('sends other web pages to the system browser', async () => {
    const harness = createWindowHarness();
    const window = harness.open('main');
    expect(window.webContents.openWindow('https://www.example.com/')).toEqual({ action: 'deny' });
    await flush();
    expect(harness.shell.opened).toEqual(['https://www.example.com/']);
  });

  it('refuses other schemes outright', async () => {
    const harness = createWindowHarness();
    const window = harness.open('main');
    expect(window.webContents.openWindow('file:///C:/Windows/system32/calc.exe')).toEqual({
      action: 'deny',
    });
    await flush();
    expect(harness.shell.opened).toEqual([]);
  });
});

describe('navigation of the call window', () => {
  it('keeps its top frame on the call page: not even the Jitsi domain', () => {
    const window = createWindowHarness().open('call');
    expect(window.webContents.navigate('app://mathema/call.html')).toBe(false);
    expect(window.webContents.navigate(`${JITSI_ORIGIN}/room`)).toBe(true);
    expect(window.webContents.navigate(`${SERVER_ORIGIN}/`)).toBe(true);
  });

  it('opens links from the meeting in the system browser', async () => {
    const harness = createWindowHarness();
    const window = harness.open('call');
    expect(window.webContents.openWindow('https://jitsi.org/help')).toEqual({ action: 'deny' });
    await flush();
    expect(harness.shell.opened).toEqual(['https://jitsi.org/help']);
  });
});

describe('web contents the app did not create', () => {
  it('may not navigate or open windows', async () => {
    const shell = new FakeShell();
    const contents = new FakeWebContents();
    guardForeignWebContents(contents, shell, () => false);
    expect(contents.navigate('https://example.com/')).toBe(true);
    expect(contents.navigate('app://mathema/index.html')).toBe(true);
    expect(contents.openWindow('app://mathema/index.html')).toEqual({ action: 'deny' });
    expect(contents.attachWebview()).toBe(true);
    await flush();
    expect(shell.opened).toEqual(['https://example.com/']);
  });

  it('leave the app’s own windows to their own guard', () => {
    const contents = new FakeWebContents();
    guardForeignWebContents(contents, new FakeShell(), (id) => id === contents.id);
    expect(contents.navigate('app://mathema/index.html')).toBe(false);
  });
});
