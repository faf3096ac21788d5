import { remoteNames } from '@store/contracts/federation';
import type { RemoteName, RemotesConfig } from '@store/contracts';

/** Where the runtime config lives: next to the shell, so releasing a remote needs no shell rebuild. */
export const REMOTES_CONFIG_URL = '/remotes.json';

export function parseRemotesConfig(value: unknown): Partial<RemotesConfig> {
  const config: Partial<RemotesConfig> = {};
  if (!value || typeof value !== 'object') return config;
  for (const name of remoteNames) {
    const item = (value as Record<string, unknown>)[name];
    const entry =
      item && typeof item === 'object'
        ? (item as Record<string, unknown>).entry
        : typeof item === 'string'
          ? item
          : null;
    if (typeof entry === 'string' && entry.length > 0) config[name as RemoteName] = { entry };
  }
  return config;
}

export async function fetchRemotesConfig(url = REMOTES_CONFIG_URL): Promise<Partial<RemotesConfig>> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) return {};
    return parseRemotesConfig(await response.json());
  } catch {
    // Every remote then shows its "unavailable" state; the frame still renders.
    return {};
  }
}
