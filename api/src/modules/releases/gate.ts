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

/** The manifest of a build's part (the browser's, or the server's in `server/`) and its own reasons. */
function readManifest(dir: string, remote: RemoteName, exposesNeeded: readonly string[], label: string) {
  const reasons: string[] = [];
  const read = readJson(path.join(dir, 'mf-manifest.json'));
  const manifest = (read.value && typeof read.value === 'object' ? read.value : {}) as Manifest;
  if (read.error) reasons.push(`${label}mf-manifest.json is ${read.error}`);
  else {
    if (manifest.name !== remote) reasons.push(`the ${label}manifest is for "${text(manifest.name)}", not ${remote}`);
    const entry = text(manifest.metaData?.remoteEntry?.name);
    const entryFile = path.join(dir, text(manifest.metaData?.remoteEntry?.path), entry);
    if (!entry) reasons.push(`the ${label}manifest names no remoteEntry`);
    else if (!entryFile.startsWith(dir + path.sep) || !fs.existsSync(entryFile)) {
      reasons.push(`its ${label}entry ${entry} was not uploaded`);
    }
  }
  const exposes = (Array.isArray(manifest.exposes) ? manifest.exposes : []).map((e) => text(e.path));
  if (!read.error) {
    for (const module of exposesNeeded) {
      if (!exposes.includes(module))
        reasons.push(`it does not expose ${module}, which the shell${label ? "'s server" : ''} loads`);
    }
  }
  return { reasons, manifest, exposes, read };
}

/** Singletons a build shares whose range the version the live shell provides does not satisfy. */
function sharedReasons(shared: SharedDependency[], provided: Map<string, string>, label: string): string[] {
  const who = label ? `its ${label}build requires` : 'it requires';
  return shared
    .filter((dep) => dep.singleton && dep.requiredVersion)
    .filter((dep) => {
      const version = provided.get(dep.name);
      return version && !satisfy(version, dep.requiredVersion);
    })
    .map((dep) => `${who} ${dep.name} ${dep.requiredVersion}, the shell provides ${provided.get(dep.name)}`);
}

/**
 * The release gate (issue 28): a build goes live only if it can run in today's shell.
 * (a) every singleton it shares is satisfied by the version the live shell provides (the federation
 * runtime's own `satisfy`, so `||` ranges read as the runtime reads them); (b) it exposes every module
 * the shell loads from it (the views inside `./routes` are the compiler's check, RemoteViewNames);
 * (c) its manifest is well formed, names this remote, and its remoteEntry.js is there.
 * A server build (`server/`, issue 30), when the build has one, is held to the same: the shell's
 * server provides the same singletons at the same versions and loads its `./server`. A build without
 * one is rendered in the browser.
 */
export function checkBuild(o: { remote: RemoteName; buildDir: string; shellManifest: string }): GateResult {
  const browser = readManifest(o.buildDir, o.remote, remoteExposedModules[o.remote], '');
  const reasons = [...browser.reasons];
  const shared = sharedOf(browser.manifest);
  const serverDir = path.join(o.buildDir, 'server');
  const server = fs.existsSync(serverDir) ? readManifest(serverDir, o.remote, ['./server'], 'server ') : null;
  if (server) reasons.push(...server.reasons);
  const shell = readJson(o.shellManifest);
  if (shell.error) reasons.push(`the live shell's manifest is ${shell.error}, so shared versions cannot be checked`);
  else {
    const provided = new Map(sharedOf(shell.value as Manifest).map((s) => [s.name, s.version]));
    reasons.push(...sharedReasons(shared, provided, ''));
    if (server && !server.read.error) reasons.push(...sharedReasons(sharedOf(server.manifest), provided, 'server '));
  }
  return {
    reasons,
    version: text(browser.manifest.metaData?.buildInfo?.buildVersion) || '0.0.0',
    shared,
    exposes: browser.exposes,
  };
}
