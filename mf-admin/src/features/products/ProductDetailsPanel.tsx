import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import styled from 'styled-components';
import type { AdminCategory } from '@store/contracts';
import { Checkbox, FormField, Input, Panel, Select, Textarea } from '@store/ui';
import { Flags } from './productFormLayout';
import type { ProductFormValues } from './productFormValues';

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

export interface ProductDetailsPanelProps {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  categories: AdminCategory[];
  type: ProductFormValues['type'];
}

/** The product form's details: name, category, type, description and the published and featured flags. */
export function ProductDetailsPanel({ register, errors, categories, type }: ProductDetailsPanelProps) {
  return (
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
            hint={type === 'SIMPLE' ? 'One variant, no attributes.' : 'Variants differ by attributes (size, colour…).'}
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
  );
}
