import { resolveBaseURL } from '@store/http';

/** Image paths come as /api/media/…; resolve them against the API's origin (embeds live elsewhere). */
export function assetUrl(path: string): string {
  try {
    return new URL(path, resolveBaseURL()).href;
  } catch {
    return path;
  }
}
