import { useTheme } from 'styled-components';
import { useToastLibrary } from './toast';

/** SPEC.md section 9: at most 20 toasts at once — react-hot-toast's own store limit (tested). */
export const TOAST_LIMIT = 20;

/**
 * Toasts: 4 s for error and plain, 2 s for success, loading until dismissed (SPEC.md section 9).
 * Renders nothing until the first toast has loaded react-hot-toast (see ./toast.ts).
 */
export function StoreToaster() {
  const theme = useTheme();
  const library = useToastLibrary();
  if (!library) return null;
  const { Toaster } = library;
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
        style: {
          borderRadius: theme?.radii?.md ?? '8px',
          fontSize: theme?.fontSizes?.sm ?? '0.875rem',
          maxWidth: '26rem',
        },
      }}
    />
  );
}
