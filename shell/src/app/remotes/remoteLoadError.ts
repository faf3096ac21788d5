import type { RemoteName } from '@store/contracts';

/** A remote that could not be fetched or initialised (as opposed to a view that threw while rendering). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`The ${remote} module could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}
