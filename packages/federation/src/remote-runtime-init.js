import {
  CurrentGlobal,
  ModuleFederation,
  getGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/**
 * @module-federation/runtime's `init` as a remote container needs it when it runs on the bundler
 * runtime the page provides (bundler-runtime-global.js). The original keeps one "current instance"
 * per copy of the module, which the host's own loadRemote/registerRemotes use: run for a remote on
 * the host's copy it would replace the host's instance with the remote's. It also looks an instance
 * up by the build id compiled into that copy, which there is the host's. Here a remote's instance is
 * found by its name (and version), or created and registered globally, as the original does.
 * @param {{ name: string, version?: string, id?: string }} options the container's init options
 */
export function initRemote(options) {
  const normalized = { ...options, id: options.id || '' };
  const existing = CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    (instance) =>
      instance.options.name === options.name &&
      (options.version ? instance.options.version === options.version : !instance.options.version),
  );
  if (existing) {
    existing.initOptions(normalized);
    return existing;
  }
  const Federation = getGlobalFederationConstructor() || ModuleFederation;
  const instance = new Federation({ id: `${options.name}@${options.version || Date.now()}`, ...normalized });
  setGlobalFederationInstance(instance);
  return instance;
}
