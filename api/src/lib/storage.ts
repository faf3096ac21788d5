import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * The folder uploaded files live in: STORAGE_DIR, else `DATA_DIR/uploads` (next to the embedded
 * database), else, for an in-memory database (tests), a folder of this process in the temp directory.
 */
export function storageDirOf(config: Pick<AppConfig, 'storageDir' | 'dataDir'>): string {
  if (config.storageDir) return path.resolve(config.storageDir);
  if (config.dataDir.startsWith('memory://')) return path.join(os.tmpdir(), `store-uploads-${process.pid}`);
  return path.join(config.dataDir, 'uploads');
}

/** The folder of one product's images. */
export const productImageDir = (root: string, productId: number) => path.join(root, 'products', String(productId));
