import path from 'node:path';

/** Largest file the renderer may hand over for saving. */
export const SAVE_FILE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * A file name the renderer suggested, reduced to a plain name: no folders (so it cannot pick
 * where the dialog starts), no characters Windows forbids, never empty.
 */
export function safeFileName(suggested: string): string {
  const base = path.win32.basename(path.posix.basename(suggested));
  const cleaned = base.replace(/[<>:"/\\|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  // Drop control characters without a regex literal of them (eslint no-control-regex).
  const printable = [...cleaned].filter((character) => character.charCodeAt(0) >= 32).join('');
  return printable.slice(0, 200) || 'download';
}

/**
 * Asks the user where to save a file the renderer produced (an export, an invoice) and writes
 * it there. Only the user's choice in the OS dialog decides the path.
 */
export async function saveFileWithDialog(options: {
  /** Electron's dialog.showSaveDialog, bound to the main window. */
  showSaveDialog(options: {
    defaultPath: string;
  }): Promise<{ canceled: boolean; filePath?: string }>;
  downloadsFolder: string;
  name: string;
  data: Uint8Array | string;
  writeFile(file: string, data: Uint8Array | string): Promise<void>;
}): Promise<{ saved: boolean }> {
  const size =
    typeof options.data === 'string' ? Buffer.byteLength(options.data) : options.data.byteLength;
  if (size > SAVE_FILE_MAX_BYTES) throw new Error('The file is too large to save');
  const choice = await options.showSaveDialog({
    defaultPath: path.join(options.downloadsFolder, safeFileName(options.name)),
  });
  if (choice.canceled || !choice.filePath) return { saved: false };
  await options.writeFile(choice.filePath, options.data);
  return { saved: true };
}
