import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The folder and build id of the second catalog release that release.spec.ts publishes. */
export const RELEASE_DIR = 'dist-release';
export const RELEASE_BUILD = 'catalog-release-2';

/**
 * A second production build of mf-catalog, as its team would publish a new release: same code,
 * its own build id, its own folder (served on its own URL by the test).
 */
export default function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync('pnpm', ['--filter', 'mf-catalog', 'exec', 'webpack', 'build', '--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: RELEASE_DIR, STORE_BUILD: RELEASE_BUILD },
  });
}
