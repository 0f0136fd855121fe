import path from 'node:path';

/**
 * Where a managed deployment puts the machine-wide configuration file: a folder only
 * administrators can write, the same for every user of the computer.
 */
export function machineConfigPath(
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  switch (platform) {
    case 'win32':
      return path.win32.join(env['ProgramData'] ?? 'C:\\ProgramData', 'Mathema', 'config.json');
    case 'darwin':
      return '/Library/Application Support/Mathema/config.json';
    default:
      return '/etc/mathema/config.json';
  }
}
