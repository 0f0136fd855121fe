// `npm run restore -- <backup folder> [--force]`: brings a backup back, with the server
// stopped; without --force it refuses to overwrite a database or files (docs/operations.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { APP_VERSION } from '../version';
import { OperationsError } from './operations-error';
import { readManifest } from './backup';
import { restoreBackup } from './restore';
import { runOperation } from './run-operation';

await runOperation(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new OperationsError('Usage: npm run restore -- <backup folder> [--force]');
  const config = loadConfig(process.env, { webDir: null, version: APP_VERSION });
  const folder = path.resolve(positionals[0]!);
  await restoreBackup(config, folder, { force: values.force });
  console.log(`Restored ${folder}. Start the server to use it.`);
  const { uploads, created_at } = readManifest(folder);
  if (uploads?.kind === 's3')
    console.log(
      `The uploaded files were not in the backup: bring the S3 bucket "${uploads.bucket}" ` +
        `back to ${created_at} from its versions (docs/operations.md).`,
    );
});
