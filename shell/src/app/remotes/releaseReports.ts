import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteNames, type RemoteName } from '@store/contracts/federation';

/** What the shell tells the API about a remote on this page (issue 28's watch): see api/src/modules/releases. */
export interface RemoteReport {
  remote: RemoteName;
  build: string;
  kind: 'load' | 'load-error' | 'render-error';
}
export const RELEASE_REPORTS_URL = '/api/releases/reports';

/** Sent without holding the page: a beacon-like request that survives the page being left. */
export function sendReport(report: RemoteReport): void {
  fetch(RELEASE_REPORTS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => {});
}

const remoteOf = (id: string | undefined): RemoteName | null => {
  const name = id?.split('/')[0];
  return remoteNames.find((r) => r === name) ?? null;
};

/**
 * A federation runtime plugin: each remote's first successful load on this page (`onLoad`) and each
 * failed load (`errorLoadRemote`, which leaves the error to the caller as it was) are reported with
 * the build this visitor was given. Render failures come from the shell's error boundary (RemoteView).
 */
export function releaseReportsPlugin(o: {
  buildOf: (remote: RemoteName) => string;
  send?: (report: RemoteReport) => void;
}): ModuleFederationRuntimePlugin {
  const send = o.send ?? sendReport;
  const loaded = new Set<string>();
  return {
    name: 'store-release-reports',
    onLoad(args) {
      const remote = remoteOf(args.pkgNameOrAlias) ?? remoteOf(args.id);
      if (remote) {
        const build = o.buildOf(remote);
        if (!loaded.has(`${remote}@${build}`)) {
          loaded.add(`${remote}@${build}`);
          send({ remote, build, kind: 'load' });
        }
      }
      return args;
    },
    errorLoadRemote(args) {
      const remote = remoteOf(args.id);
      if (remote) send({ remote, build: o.buildOf(remote), kind: 'load-error' });
      return undefined;
    },
  };
}
