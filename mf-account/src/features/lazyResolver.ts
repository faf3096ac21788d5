import type { FieldValues, Resolver } from 'react-hook-form';

type FormResolvers = typeof import('./formResolvers');

let loading: Promise<FormResolvers> | null = null;

/**
 * Starts loading the forms' rules (zod) if nothing has yet. The forms call it when one of their
 * fields gets focus, so the rules are there by the time the form is submitted.
 */
export function loadFormResolvers(): Promise<FormResolvers> {
  loading ??= import('./formResolvers').catch((error: unknown) => {
    loading = null; // a failed download is tried again at the next use
    throw error;
  });
  return loading;
}

/** A react-hook-form resolver that loads the rules on its first call, then validates with them. */
export function lazyResolver<T extends FieldValues>(pick: (resolvers: FormResolvers) => Resolver<T>): Resolver<T> {
  return async (values, context, options) => pick(await loadFormResolvers())(values, context, options);
}
