import fs from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import { remoteExposedModules, type RemoteName } from '@store/contracts';

/** What the gate reads of a Module Federation manifest (mf-manifest.json). */
interface ManifestShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}
interface Manifest {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown }; buildInfo?: { buildVersion?: unknown } };
  shared?: ManifestShared[];
  exposes?: { path?: unknown; name?: unknown }[];
}

export interface SharedDependency {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

export interface GateResult {
  reasons: string[];
  version: string;
  shared: SharedDependency[];
  exposes: string[];
}

function readJson(file: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(fs.readFileSync(file, 'utf8')) };
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'not valid JSON' };
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function sharedOf(manifest: Manifest): SharedDependency[] {
  return (Array.isArray(manifest.shared) ? manifest.shared : []).map((s) => ({
    name: text(s.name),
    version: text(s.version),
    requiredVersion: text(s.requiredVersion),
    singleton: s.singleton === true,
  }));
}

/**
 * The release gate (issue 28): a build goes live only if it can run in today's shell.
 * (a) every singleton it shares is satisfied by the version the live shell provides (the federation
 * runtime's own `satisfy`, so `||` ranges read as the runtime reads them); (b) it exposes every module
 * the shell loads from it (the views inside `./routes` are the compiler's check, RemoteViewNames);
 * (c) its manifest is well formed, names this remote, and its remoteEntry.js is there.
 */
export function checkBuild(o: { remote: RemoteName; buildDir: string; shellManifest: string }): GateResult {
  const reasons: string[] = [];
  const read = readJson(path.join(o.buildDir, 'mf-manifest.json'));
  const manifest = (read.value && typeof read.value === 'object' ? read.value : {}) as Manifest;
  if (read.error) reasons.push(`mf-manifest.json is ${read.error}`);
  else {
    if (manifest.name !== o.remote) reasons.push(`the manifest is for "${text(manifest.name)}", not ${o.remote}`);
    const entry = text(manifest.metaData?.remoteEntry?.name);
    const entryFile = path.join(o.buildDir, text(manifest.metaData?.remoteEntry?.path), entry);
    if (!entry) reasons.push('the manifest names no remoteEntry');
    else if (!entryFile.startsWith(o.buildDir + path.sep) || !fs.existsSync(entryFile)) {
      reasons.push(`its entry ${entry} was not uploaded`);
    }
  }
  const exposes = (Array.isArray(manifest.exposes) ? manifest.exposes : []).map((e) => text(e.path));
  if (!read.error) {
    for (const module of remoteExposedModules[o.remote]) {
      if (!exposes.includes(module)) reasons.push(`it does not expose ${module}, which the shell loads`);
    }
  }

  const shared = sharedOf(manifest);
  const shell = readJson(o.shellManifest);
  if (shell.error) reasons.push(`the live shell's manifest is ${shell.error}, so shared versions cannot be checked`);
  else {
    const provided = new Map(sharedOf(shell.value as Manifest).map((s) => [s.name, s.version]));
    for (const dep of shared) {
      if (!dep.singleton || !dep.requiredVersion) continue;
      const version = provided.get(dep.name);
      if (version && !satisfy(version, dep.requiredVersion)) {
        reasons.push(`it requires ${dep.name} ${dep.requiredVersion}, the shell provides ${version}`);
      }
    }
  }
  return { reasons, version: text(manifest.metaData?.buildInfo?.buildVersion) || '0.0.0', shared, exposes };
}
