import styled from 'styled-components';
import type { AdminAttribute, AdminCategory } from '@store/contracts';
import { Banner, Button } from '@store/ui';
import { Stack } from '../admin-ui/Page';
import { ProductDetailsPanel } from './ProductDetailsPanel';
import { ProductVariantsPanel } from './ProductVariantsPanel';
import { useProductForm, type ProductFormOptions } from './useProductForm';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface ProductFormProps extends ProductFormOptions {
  categories: AdminCategory[];
  attributes: AdminAttribute[];
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
  extraChanges,
  onDirtyChange,
  onCancel,
  images,
}: ProductFormProps) {
  const { form, errors, variants, type, chosen, toggleAttribute, submit, serverError, busy } = useProductForm({
    product,
    onSaved,
    extraChanges,
    onDirtyChange,
  });

  return (
    <form onSubmit={submit} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'}>
      <Stack>
        {serverError && <Banner tone="error">{serverError}</Banner>}
        <ProductDetailsPanel register={form.register} errors={errors} categories={categories} type={type} />

        {images}

        <ProductVariantsPanel
          register={form.register}
          control={form.control}
          errors={errors}
          variants={variants}
          type={type}
          attributes={attributes}
          chosen={chosen}
          onToggleAttribute={toggleAttribute}
        />

        <Footer>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" $variant="primary" disabled={busy}>
            {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
          </Button>
        </Footer>
      </Stack>
    </form>
  );
}
