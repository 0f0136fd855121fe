import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { safeFileName, saveFileWithDialog } from '../../src/main/files/save-file';

describe('saving a file', () => {
  it.each([
    ['invoice-7.pdf', 'invoice-7.pdf'],
    ['../../.bashrc', 'bashrc'],
    ['C:\\Windows\\system32\\evil.dll', 'evil.dll'],
    ['report<1>:"q".csv', 'report_1___q_.csv'],
    ['', 'download'],
    ['..', 'download'],
  ])('suggests a plain file name for %j', (suggested, expected) => {
    expect(safeFileName(suggested)).toBe(expected);
  });

  it('writes where the user chose in the dialog, starting in Downloads', async () => {
    const writeFile = vi.fn(async () => undefined);
    const showSaveDialog = vi.fn(async () => ({
      canceled: false,
      filePath: '/home/maria/grades.csv',
    }));
    await expect(
      saveFileWithDialog({
        showSaveDialog,
        downloadsFolder: '/home/maria/Downloads',
        name: 'grades.csv',
        data: 'a,b',
        writeFile,
      }),
    ).resolves.toEqual({ saved: true });
    expect(showSaveDialog).toHaveBeenCalledWith({
      defaultPath: path.join('/home/maria/Downloads', 'grades.csv'),
    });
    expect(writeFile).toHaveBeenCalledWith('/home/maria/grades.csv', 'a,b');
  });

  it('writes nothing when the user cancels', async () => {
    const writeFile = vi.fn(async () => undefined);
    const result = await saveFileWithDialog({
      showSaveDialog: async () => ({ canceled: true }),
      downloadsFolder: '/tmp',
      name: 'x.csv',
      data: new Uint8Array([1, 2]),
      writeFile,
    });
    expect(result).toEqual({ saved: false });
    expect(writeFile).not.toHaveBeenCalled();
  });
});
