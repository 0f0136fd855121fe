// Static Electron security scan of the main process and the preloads with Doyensec's
// Electronegativity. `npm run scan:electron` prints the findings and fails on a HIGH one;
// electron-security-scan.test.ts runs the same scan with the unit tests.
//
// The package's CLI is broken by an undeclared dependency (commander), so its runner is
// called directly.

import electronegativity, { type ElectronegativityIssue } from '@doyensec/electronegativity';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCANNED_FOLDERS = ['src/main', 'src/preload'];

// Both need the network (Electron's release list) and judge the Electron version, which
// Dependabot and `npm audit` watch; this scan is about the code.
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck', 'ElectronVersionJSONCheck'];

// Each run also fetches translations of its messages from the network with `got`; offline, a
// retried lookup can throw an unhandled rejection inside got after the scan has finished (its
// onCancel race), which fails the test run around it. The scan's messages need no
// translation, so while it runs that fetch fails at once, without retries.
const gotOfScanner = createRequire(scannerI18nPath())('got') as { default: unknown };

function scannerI18nPath(): string {
  return createRequire(import.meta.url).resolve('@doyensec/electronegativity/dist/locales/i18n.js');
}

async function withoutTranslationFetch<T>(scan: () => Promise<T>): Promise<T> {
  const real = gotOfScanner.default;
  gotOfScanner.default = () => Promise.reject(new Error('translations are not fetched'));
  try {
    return await scan();
  } finally {
    gotOfScanner.default = real;
  }
}

export interface ScanReport {
  issues: ElectronegativityIssue[];
  errors: { file: string; message: string }[];
}

/** Scans main and preload as one application. */
export function scanElectronSecurity(): Promise<ScanReport> {
  return scanFolders(SCANNED_FOLDERS.map((folder) => path.join(root, folder)));
}

/**
 * Scans folders as one application: the global checks (navigation limits, permission handler)
 * are about the app as a whole, so the folders are copied side by side and scanned together.
 */
export async function scanFolders(folders: readonly string[]): Promise<ScanReport> {
  const electronVersion = (
    JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const workspace = mkdtempSync(path.join(tmpdir(), 'mathema-electronegativity-'));
  try {
    for (const folder of folders) {
      cpSync(
        folder,
        path.join(workspace, path.relative(root, folder).replace(/^(\.\.[/\\])+/, '')),
        {
          recursive: true,
        },
      );
    }
    const result = await withoutTranslationFetch(() =>
      electronegativity({
        input: workspace,
        isRelative: true,
        excludeFromScan: EXCLUDED_CHECKS,
        electronVersionOverride: electronVersion,
      }),
    );
    return { issues: result.issues, errors: result.errors };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

export const isHighSeverity = (issue: ElectronegativityIssue): boolean =>
  issue.severity.name === 'HIGH';

async function main(): Promise<void> {
  const report = await scanElectronSecurity();
  for (const issue of report.issues) {
    console.log(
      `${issue.severity.name.padEnd(13)} ${issue.id}  ${issue.file}:${issue.location.line}  ${issue.description}`,
    );
  }
  for (const error of report.errors) console.log(`PARSE ERROR   ${error.file}: ${error.message}`);
  const high = report.issues.filter(isHighSeverity);
  console.log(
    `\n${report.issues.length} findings, ${high.length} of high severity, ${report.errors.length} parse errors.`,
  );
  if (high.length > 0 || report.errors.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The tool also fetches translations in the background (got, with retries). Where the network
  // is closed, the retry throws from a timer after the scan has finished (under Node 24), so
  // the command exits with the scan's own result as soon as it is known.
  void main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
