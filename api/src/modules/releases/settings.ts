import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { lastGoodConfig } from './live';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where builds live, the rollback rule, and the last good remote config (releases/). */
    releases: { settings: ReleaseSettings; live: ReturnType<typeof lastGoodConfig> };
  }
}

/** Where a remote's builds live, and the rule that rolls a failing canary back. */
export interface ReleaseSettings {
  dir: string;
  publicUrl: string;
  shellManifest: string;
  rollbackMinLoads: number;
  /** Failure-rate points (0..1) above stable at which a canary is rolled back. */
  rollbackMargin: number;
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
