// `npm run backup`: one consistent copy of the database and DATA_DIR, taken while the server
// runs, into a timestamped folder under BACKUP_DIR (docs/operations.md).
import { loadConfig } from '../config';
import { APP_VERSION } from '../version';
import { createBackup } from './backup';
import { runOperation } from './run-operation';

await runOperation(async () => {
  const config = loadConfig(process.env, { webDir: null, version: APP_VERSION });
  const folder = await createBackup(config);
  console.log(`Backup written to ${folder}`);
  if (config.s3)
    console.log(
      `The uploaded files are in the S3 bucket "${config.s3.bucket}" and were not copied: ` +
        'keep versioning on for that bucket, to bring it back to this time (docs/operations.md).',
    );
});
