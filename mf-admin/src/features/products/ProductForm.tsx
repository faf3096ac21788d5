import { useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import {
  adminProductInputSchema,
  type AdminAttribute,
  type AdminCategory,
  type AdminProduct,
  type AdminProductInput,
} from '@store/contracts';
import { getErrorMessage, getFieldErrors, getStatus } from '@store/http';
import { Banner, Button, Checkbox, FormField, Input, Select, Textarea, Panel, spreadRow, toast } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { Stack } from '../admin-ui/Page';
import { useSaveProduct } from './api';

type Values = AdminProductInput;
type Output = ReturnType<typeof adminProductInputSchema.parse>;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  align-items: start;
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
`;
const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]};
  margin-top: ${({ theme }) => theme.space[2]};
`;
const VariantBox = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  legend {
    padding: 0 ${({ theme }) => theme.space[1]};
    font-weight: 600;
  }
`;
const VariantGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  align-items: start;
  gap: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
`;
const Row = styled.div`
  ${spreadRow}
  gap: ${({ theme }) => theme.space[2]};
`;
const AttributePicker = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: 0;
  border: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

const emptyVariant = (): Values['variants'][number] => ({
  sku: '',
  regular_price: '',
  sale_price: '',
  stock: '0',
  attributes: {},
});

/** The form's values for a product (edit) or a new one (add). */
export function formValues(product?: AdminProduct): Values {
  if (!product) {
    return {
      name: '',
      description: '',
      category_id: '' as unknown as number,
      type: 'VARIABLE',
      published: true,
      featured: false,
      variants: [emptyVariant()],
    };
  }
  return {
    name: product.name,
    description: product.description,
    category_id: String(product.category_id) as unknown as number,
    type: product.type === 'SIMPLE' ? 'SIMPLE' : 'VARIABLE',
    published: product.published,
    featured: product.featured,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      regular_price: v.regular_price,
      sale_price: v.sale_price === '0.00' ? '' : v.sale_price,
      stock: String(v.stock) as unknown as number,
      attributes: v.attributes,
    })),
  };
}

/** The attribute names a product's variants use, in first-seen order. */
const usedAttributes = (values: Values) => [
  ...new Set(values.variants.flatMap((v) => Object.keys(v.attributes ?? {}))),
];

/** Server field errors (`name`, `variants.0.sku`, `variants`) that the form can show at a field. */
export function fieldPaths(errors: Record<string, string>, variantCount: number) {
  const top = new Set(['name', 'description', 'category_id', 'type', 'published', 'featured', 'variants']);
  const atFields: [FieldPath<Values>, string][] = [];
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const variant = /^variants\.(\d+)\.(sku|regular_price|sale_price|stock|attributes)$/.exec(key);
    if (top.has(key) || (variant && Number(variant[1]) < variantCount)) {
      atFields.push([key as FieldPath<Values>, message]);
    } else {
      elsewhere.push(message);
    }
  }
  return { atFields, elsewhere };
}

export interface ProductFormProps {
  product?: AdminProduct;
  categories: AdminCategory[];
  attributes: AdminAttribute[];
  /** Called after a successful save with the saved product. */
  onSaved: (product: AdminProduct) => Promise<void> | void;
  /** Whether there are changes the form does not see (images waiting to be uploaded). */
  extraChanges?: boolean;
  /** Reports whether anything is unsaved (the page asks before leaving). */
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  /** The images section, placed between the details and the variants. */
  images?: React.ReactNode;
}

/**
 * Name, category, type, description, flags and variants, validated by the API's own schema
 * (@store/contracts) at each field; a refusal from the server keeps everything that was typed.
 */
export function ProductForm({
  product,
  categories,
  attributes,
  onSaved,
  extraChanges = false,
  onDirtyChange,
  onCancel,
  images,
}: ProductFormProps) {
  const save = useSaveProduct(product?.id);
  const defaults = useMemo(() => formValues(product), [product]);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(adminProductInputSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const {
    register,
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
  const [removing, setRemoving] = useState<number | null>(null);
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

  const variantsError = errors.variants?.message ?? errors.variants?.root?.message;
  const busy = isSubmitting || save.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'}>
      <Stack>
        {serverError && <Banner tone="error">{serverError}</Banner>}
        <Panel aria-labelledby="product-details">
          <h2 id="product-details">Details</h2>
          <Fields>
            <FormField label="Name" htmlFor="product-name" error={errors.name?.message}>
              <Input id="product-name" {...register('name')} />
            </FormField>
            <Grid>
              <FormField label="Category" htmlFor="product-category" error={errors.category_id?.message}>
                <Select id="product-category" {...register('category_id')}>
                  <option value="">Select…</option>
                  {categories.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                label="Type"
                htmlFor="product-type"
                error={errors.type?.message}
                hint={
                  type === 'SIMPLE' ? 'One variant, no attributes.' : 'Variants differ by attributes (size, colour…).'
                }
              >
                <Select id="product-type" {...register('type')}>
                  <option value="VARIABLE">Variable (several variants)</option>
                  <option value="SIMPLE">Simple (one variant)</option>
                </Select>
              </FormField>
            </Grid>
            <FormField label="Description" htmlFor="product-description" error={errors.description?.message}>
              <Textarea id="product-description" rows={5} {...register('description')} />
            </FormField>
            <Flags>
              <Checkbox label="Published (shoppers can see it)" {...register('published')} />
              <Checkbox label="Featured on the home page" {...register('featured')} />
            </Flags>
          </Fields>
        </Panel>

        {images}

        <Panel aria-labelledby="product-variants">
          <h2 id="product-variants">Variants</h2>
          {type === 'VARIABLE' && (
            <AttributePicker>
              <legend>Attributes the variants differ by</legend>
              {attributes.length === 0 ? (
                <p>No attributes yet: add them on the Attributes screen.</p>
              ) : (
                <Flags>
                  {attributes.map((a) => (
                    <Checkbox
                      key={a.id}
                      label={a.name}
                      checked={chosen.includes(a.name)}
                      onChange={(e) => toggleAttribute(a.name, e.target.checked)}
                    />
                  ))}
                </Flags>
              )}
            </AttributePicker>
          )}
          {variantsError && (
            <Banner tone="error">
              <span id="product-variants-error">{variantsError}</span>
            </Banner>
          )}
          <Stack>
            {variants.fields.map((field, index) => {
              const e = errors.variants?.[index];
              const id = (name: string) => `variant-${index}-${name}`;
              return (
                <VariantBox key={field.id}>
                  <legend>Variant {index + 1}</legend>
                  <VariantGrid>
                    <FormField label="SKU" htmlFor={id('sku')} error={e?.sku?.message}>
                      <Input id={id('sku')} {...register(`variants.${index}.sku`)} />
                    </FormField>
                    <FormField label="Regular price ($)" htmlFor={id('regular')} error={e?.regular_price?.message}>
                      <Input
                        id={id('regular')}
                        inputMode="decimal"
                        placeholder="19.99"
                        {...register(`variants.${index}.regular_price`)}
                      />
                    </FormField>
                    <FormField
                      label="Sale price ($)"
                      htmlFor={id('sale')}
                      error={e?.sale_price?.message}
                      hint="Empty: not on sale"
                    >
                      <Input id={id('sale')} inputMode="decimal" {...register(`variants.${index}.sale_price`)} />
                    </FormField>
                    <FormField label="Stock" htmlFor={id('stock')} error={e?.stock?.message}>
                      <Input id={id('stock')} inputMode="numeric" {...register(`variants.${index}.stock`)} />
                    </FormField>
                    {type === 'VARIABLE' &&
                      chosen.map((name) => {
                        const attribute = attributes.find((a) => a.name === name);
                        return (
                          <Controller
                            key={name}
                            control={control}
                            name={`variants.${index}.attributes`}
                            render={({ field: attrs }) => {
                              const value = attrs.value?.[name] ?? '';
                              const options = [...(attribute?.values ?? [])];
                              if (value && !options.includes(value)) options.push(value);
                              return (
                                <FormField label={name} htmlFor={id(`attr-${name}`)}>
                                  <Select
                                    id={id(`attr-${name}`)}
                                    value={value}
                                    onBlur={attrs.onBlur}
                                    onChange={(ev) => {
                                      const { [name]: _old, ...rest } = attrs.value ?? {};
                                      attrs.onChange(ev.target.value ? { ...rest, [name]: ev.target.value } : rest);
                                    }}
                                  >
                                    <option value="">None</option>
                                    {options.map((o) => (
                                      <option key={o} value={o}>
                                        {o}
                                      </option>
                                    ))}
                                  </Select>
                                </FormField>
                              );
                            }}
                          />
                        );
                      })}
                  </VariantGrid>
                  {variants.fields.length > 1 && (
                    <Row>
                      <span />
                      <Button $size="sm" $variant="ghost" onClick={() => setRemoving(index)}>
                        Remove variant {index + 1}
                      </Button>
                    </Row>
                  )}
                </VariantBox>
              );
            })}
            {type === 'VARIABLE' && (
              <Row>
                <Button onClick={() => variants.append(emptyVariant())} disabled={variants.fields.length >= 100}>
                  Add variant
                </Button>
              </Row>
            )}
          </Stack>
        </Panel>

        <Footer>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" $variant="primary" disabled={busy}>
            {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
          </Button>
        </Footer>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove variant ${(removing ?? 0) + 1}?`}
        description="It is deleted when you save the product. Orders keep their lines."
        confirmLabel="Remove"
        tone="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) variants.remove(removing);
          setRemoving(null);
        }}
      />
    </form>
  );
}
