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
    const build = item && typeof item === 'object' ? (item as Record<string, unknown>).build : undefined;
    if (typeof entry === 'string' && entry.length > 0) {
      config[name as RemoteName] = typeof build === 'string' && build ? { entry, build } : { entry };
    }
  }
  return config;
}

/** The id of the JSON data block in which the shell's server inlines the runtime remote config. */
export const INLINE_REMOTES_CONFIG_ID = 'store-remotes';

/**
 * The config inlined into the page by the shell's server (scripts/lib/serve-store.mjs), which takes
 * one request off the chain before the first remote can load; null when the page has none.
 */
export function readInlinedRemotesConfig(doc: Document = document): Partial<RemotesConfig> | null {
  const text = doc.getElementById(INLINE_REMOTES_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemotesConfig(JSON.parse(text));
  } catch {
    return null;
  }
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
