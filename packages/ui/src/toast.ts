import { useSyncExternalStore } from 'react';
import type { Renderable, Toast, ToastOptions, ValueOrFunction } from 'react-hot-toast';

/**
 * The store's toasts: the react-hot-toast API the apps use (`toast(…)`, `toast.success/error/loading`,
 * `dismiss`, `remove`), without react-hot-toast in the first paint. No page shows a toast on a first
 * visit, so the library (and StoreToaster's `<Toaster>`) loads on the first call, or when the visitor
 * first presses a key or a pointer (so a toast after an action does not wait for a download). Calls
 * made before it has loaded are queued and replayed in order; each gets its id at once (the caller's
 * `id`, else one made here), so `toast.success(text, { id: toast.loading(…) })` works before the load.
 * ESLint sends every import of react-hot-toast here (this package is its one home).
 */
type HotModule = typeof import('react-hot-toast');
type HotToast = HotModule['toast'];
type Message = ValueOrFunction<Renderable, Toast>;
type Handler = (message: Message, options?: ToastOptions) => string;

let hot: HotModule | null = null;
let loading: Promise<HotModule> | null = null;
let queue: ((t: HotToast) => void)[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

/** Loads react-hot-toast once (a failed download is retried by the next call), then replays the queue. */
export function loadToasts(): Promise<HotModule> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      hot = module;
      const calls = queue;
      queue = [];
      for (const call of calls) call(module.toast);
      for (const listener of listeners) listener();
      return hot;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function run(call: (t: HotToast) => void): void {
  if (hot) return call(hot.toast);
  queue.push(call);
  // A queued call stays queued when the download fails; the next call (or key press) retries it.
  loadToasts().catch(() => undefined);
}

const show =
  (kind: 'blank' | 'success' | 'error' | 'loading'): Handler =>
  (message, options) => {
    // react-hot-toast's own ids are '1', '2', …: these never collide with them.
    const id = options?.id ?? `store-toast-${++nextId}`;
    run((t) => (kind === 'blank' ? t : t[kind])(message, { ...options, id }));
    return id;
  };

export const toast = Object.assign(show('blank'), {
  success: show('success'),
  error: show('error'),
  loading: show('loading'),
  dismiss: (toastId?: string) => run((t) => t.dismiss(toastId)),
  remove: (toastId?: string) => run((t) => t.remove(toastId)),
});

/** react-hot-toast once it has loaded, else null (StoreToaster renders its Toaster from then on). */
export function useToastLibrary(): HotModule | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hot,
    () => null,
  );
}

/** The first key or pointer press starts the download, so the toast an action shows has no wait. */
if (typeof window !== 'undefined') {
  const warm = () => {
    for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, warm, true);
    loadToasts().catch(() => undefined);
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, warm, { capture: true, passive: true });
}
