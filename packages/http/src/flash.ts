/** A message that survives the full-page redirect after a session expires. */
export interface FlashMessage {
  type: 'error' | 'success';
  message: string;
}

const FLASH_KEY = 'store:flash';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function writeFlashMessage(flash: FlashMessage): void {
  storage()?.setItem(FLASH_KEY, JSON.stringify(flash));
}

export function consumeFlashMessage(): FlashMessage | null {
  const store = storage();
  const raw = store?.getItem(FLASH_KEY);
  if (!raw) return null;
  store?.removeItem(FLASH_KEY);
  try {
    const value = JSON.parse(raw) as FlashMessage;
    return typeof value?.message === 'string'
      ? { type: value.type === 'success' ? 'success' : 'error', message: value.message }
      : null;
  } catch {
    return null;
  }
}
