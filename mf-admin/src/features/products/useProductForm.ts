import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminProductInputSchema, type AdminProduct } from '@store/contracts';
import { getErrorMessage, getFieldErrors, getStatus } from '@store/http';
import { toast } from '@store/ui';
import { useSaveProduct } from './api';
import {
  fieldPaths,
  formValues,
  usedAttributes,
  type ProductFormOutput as Output,
  type ProductFormValues as Values,
} from './productFormValues';

export interface ProductFormOptions {
  product?: AdminProduct;
  /** Called after a successful save with the saved product. */
  onSaved: (product: AdminProduct) => Promise<void> | void;
  /** Whether there are changes the form does not see (images waiting to be uploaded). */
  extraChanges?: boolean;
  /** Reports whether anything is unsaved (the page asks before leaving). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The product form's state: its fields validated by the API's own schema, the variants, the attributes
 * chosen for them, and the save, whose refusal is shown at the fields and keeps what was typed.
 */
export function useProductForm({ product, onSaved, extraChanges = false, onDirtyChange }: ProductFormOptions) {
  const save = useSaveProduct(product?.id);
  const defaults = useMemo(() => formValues(product), [product]);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(adminProductInputSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const variants = useFieldArray({ control, name: 'variants' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>(() => usedAttributes(defaults));
  const type = watch('type');

  useEffect(() => {
    onDirtyChange(isDirty || extraChanges);
  }, [isDirty, extraChanges, onDirtyChange]);

  const toggleAttribute = (name: string, on: boolean) => {
    setChosen((current) => (on ? [...current, name] : current.filter((n) => n !== name)));
    if (!on) {
      // Its values leave every variant.
      form.getValues('variants').forEach((v, i) => {
        if (v.attributes && name in v.attributes) {
          const { [name]: _gone, ...rest } = v.attributes;
          setValue(`variants.${i}.attributes`, rest, { shouldDirty: true });
        }
      });
    }
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(formValues(saved));
      setChosen(usedAttributes(formValues(saved)));
      toast.success(product ? 'Changes saved.' : `${saved.name} was created.`);
      await onSaved(saved);
    } catch (error) {
      const { atFields, elsewhere } = fieldPaths(getFieldErrors(error), values.variants.length);
      for (const [path, message] of atFields) setError(path, { type: 'server', message }, { shouldFocus: true });
      const status = getStatus(error);
      const message =
        elsewhere[0] ??
        (atFields.length
          ? 'Some fields need attention: see the messages below.'
          : getErrorMessage(error, 'The product could not be saved. Your changes are still here: please try again.'));
      setServerError(
        status === undefined || status >= 500
          ? 'The product could not be saved (the store did not answer). Your changes are still here: please try again.'
          : message,
      );
      toast.error(product ? 'The changes were not saved.' : 'The product was not created.');
    }
  });

  const busy = isSubmitting || save.isPending;

  return { form, errors, variants, type, chosen, toggleAttribute, submit, serverError, busy };
}
