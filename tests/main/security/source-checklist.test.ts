import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Rules of the desktop shell that are about where code lives, checked on the source itself.

const root = path.resolve(import.meta.dirname, '../../..');

function sourcesUnder(folder: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return {
        file: path.relative(root, absolute).split(path.sep).join('/'),
        text: readFileSync(absolute, 'utf8'),
      };
    });
}

const main = sourcesUnder('src/main');
const preload = sourcesUnder('src/preload');
const filesMatching = (sources: typeof main, pattern: RegExp) =>
  sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('the desktop source', () => {
  it('imports electron, and libraries that import it, only in src/main/index.ts', () => {
    const electronImports =
      /from ['"](electron|electron-store|electron-updater|@jitsi\/electron-sdk\/main)['"]/;
    expect(filesMatching(main, electronImports)).toEqual(['src/main/index.ts']);
  });

  it('creates browser windows only in the window factory', () => {
    expect(filesMatching(main, /new [\w.]*BrowserWindow\(/)).toEqual([
      'src/main/windows/window-factory.ts',
    ]);
  });

  it('registers IPC handlers only through the sender-checking router', () => {
    expect(filesMatching(main, /ipcMain\.handle\(/)).toEqual(['src/main/ipc/ipc-router.ts']);
  });

  it('opens external links only behind the URL policy', () => {
    expect(filesMatching(main, /\.openExternal\(/)).toEqual([
      'src/main/security/navigation-guard.ts',
    ]);
  });

  it('never loads a page from file://', () => {
    expect(filesMatching(main, /loadFile\(|['"`]file:\/\//)).toEqual([]);
  });

  it.each([
    /nodeIntegration(InWorker|InSubFrames)?:\s*true/,
    /contextIsolation:\s*false/,
    /sandbox:\s*false/,
    /webSecurity:\s*false/,
    /allowRunningInsecureContent:\s*true/,
    /webviewTag:\s*true/,
  ])('never weakens a window with %s', (pattern) => {
    expect(filesMatching([...main, ...preload], pattern)).toEqual([]);
  });

  it('exposes named APIs from the preloads, never ipcRenderer itself', () => {
    for (const { file, text } of preload) {
      const exposed = [...text.matchAll(/exposeInMainWorld\(\s*'(\w+)',\s*([^)]*\))?/g)].map(
        (match) => match[2] ?? '',
      );
      expect(exposed.length, file).toBeGreaterThan(0);
      for (const value of exposed) expect(value, file).toMatch(/^(api|bind\w+Api\(transport)/);
      expect(text, file).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/);
    }
  });
});
