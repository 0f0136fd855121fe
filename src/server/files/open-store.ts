import path from 'node:path';
import type { ServerConfig } from '../config';
import { localObjectStore } from './local-store';
import type { ObjectStore } from './object-store';
import { s3ObjectStore } from './s3-store';

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR. */
export function openObjectStore(config: Pick<ServerConfig, 'dataDir' | 's3'>): ObjectStore {
  if (!config.s3) return localObjectStore(config.dataDir);
  // Uploads arrive on this node's disk before they are checked and sent to the bucket; not
  // under DATA_DIR/files, which the bucket replaces.
  return s3ObjectStore(config.s3, path.join(config.dataDir, 'incoming'));
}
