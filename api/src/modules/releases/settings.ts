import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { lastGoodConfig, type ReleaseSettings } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where builds live, the rollback rule, and the last good remote config (releases/). */
    releases: { settings: ReleaseSettings; live: ReturnType<typeof lastGoodConfig> };
  }
}

export function releaseSettings(config: AppConfig): ReleaseSettings {
  const dir =
    config.releasesDir ??
    (config.dataDir.startsWith('memory://')
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'store-releases-'))
      : path.join(config.dataDir, 'releases'));
  return {
    dir,
    publicUrl: config.publicUrl,
    shellManifest: config.shellManifest ?? path.resolve(process.cwd(), '..', 'shell', 'dist', 'mf-manifest.json'),
    rollbackMinLoads: config.releaseRollbackMinLoads ?? 20,
    rollbackMargin: config.releaseRollbackMargin ?? 0.05,
  };
}

export function createReleases(config: AppConfig) {
  const settings = releaseSettings(config);
  return { settings, live: lastGoodConfig(settings) };
}
