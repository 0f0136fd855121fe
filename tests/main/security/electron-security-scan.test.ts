import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHighSeverity, scanElectronSecurity, scanFolders } from './electron-security-scan';

describe('the static Electron security scan (Electronegativity)', () => {
  it('finds nothing of high severity in src/main and src/preload, and parses every file', async () => {
    const report = await scanElectronSecurity();
    expect(report.errors).toEqual([]);
    expect(report.issues.filter(isHighSeverity)).toEqual([]);
  }, 60_000);

  it('does flag an insecure window (so the scan above is not vacuous)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'mathema-insecure-'));
    try {
      mkdirSync(path.join(folder, 'insecure'));
      writeFileSync(
        path.join(folder, 'insecure', 'index.ts'),
        `import { BrowserWindow } from 'electron';
         const window = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });
         window.loadURL('file:///index.html');`,
      );
      const report = await scanFolders([path.join(folder, 'insecure')]);
      expect(report.issues.filter(isHighSeverity).map((issue) => issue.id)).toEqual(
        expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
