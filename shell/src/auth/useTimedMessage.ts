import { useEffect, useState } from 'react';

/** SPEC.md section 9: form errors show for 2 s. */
export const FORM_ERROR_MS = 2000;

export function useTimedMessage(ms = FORM_ERROR_MS) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage] as const;
}
