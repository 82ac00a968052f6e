import path from 'node:path';
import type { Config } from '../../config';
import { DiskStorage } from './disk';
import type { FileStorage } from './interface';

/** The local disk is the only adapter so far: files go under `<DATA_DIR>/uploads`. */
export function createFileStorage(config: Config): FileStorage {
  return new DiskStorage(path.join(config.dataDir, 'uploads'));
}
