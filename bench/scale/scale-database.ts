// The scale database W1 and W2 read: made with `npm run seed -- --scale large` into the bench's
// folder, and kept for later runs while the seed code, the migrations and the seed number are
// the same (making it takes seconds; reading the same rows keeps runs comparable).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SCALE_SCHOOL_NAME } from '../../src/server/db/seed/scale';
import { benchBuildDir, repoRoot } from '../paths';

export interface ScaleDatabase {
  dataDir: string;
  databaseFile: string;
  schoolId: number;
}

function sourcesHash(seed: number): string {
  const hash = crypto.createHash('sha256').update(String(seed));
  for (const dir of ['src/server/db/seed', 'src/server/db/migrations']) {
    for (const file of fs.readdirSync(path.join(repoRoot, dir)).sort()) {
      hash.update(file).update(fs.readFileSync(path.join(repoRoot, dir, file)));
    }
  }
  hash.update(fs.readFileSync(path.join(repoRoot, 'src/server/db/migrate.ts')));
  return hash.digest('hex').slice(0, 12);
}

export function scaleDatabase(seed: number): ScaleDatabase {
  const dataDir = path.join(benchBuildDir, `scale-large-${sourcesHash(seed)}`);
  const databaseFile = path.join(dataDir, 'mathema.db');
  const ready = path.join(dataDir, 'ready');
  if (!fs.existsSync(ready)) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    execFileSync(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        'src/server/db/seed/cli.ts',
        '--scale',
        'large',
        '--seed',
        String(seed),
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    fs.writeFileSync(ready, new Date().toISOString());
  }
  const database = new SQLite(databaseFile, { readonly: true });
  try {
    const school = database
      .prepare('SELECT id FROM schools WHERE name = ?')
      .get(SCALE_SCHOOL_NAME) as { id: number } | undefined;
    if (!school) throw new Error(`${databaseFile} has no "${SCALE_SCHOOL_NAME}"`);
    return { dataDir, databaseFile, schoolId: school.id };
  } finally {
    database.close();
  }
}
