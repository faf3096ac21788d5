import { useState } from 'react';
import type { Control, FieldErrors, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import type { AdminAttribute } from '@store/contracts';
import { Banner, Button, Panel } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { Stack } from '../admin-ui/Page';
import { AttributePicker } from './AttributePicker';
import { Row } from './productFormLayout';
import { emptyVariant, type ProductFormOutput, type ProductFormValues } from './productFormValues';
import { VariantFields } from './VariantFields';

export interface ProductVariantsPanelProps {
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  errors: FieldErrors<ProductFormValues>;
  variants: UseFieldArrayReturn<ProductFormValues, 'variants'>;
  type: ProductFormValues['type'];
  attributes: AdminAttribute[];
  chosen: string[];
  onToggleAttribute: (name: string, on: boolean) => void;
}

/** The product form's variants: the attributes they differ by, each variant, adding and removing one. */
export function ProductVariantsPanel({
  register,
  control,
  errors,
  variants,
  type,
  attributes,
  chosen,
  onToggleAttribute,
}: ProductVariantsPanelProps) {
  const [removing, setRemoving] = useState<number | null>(null);
  const variantsError = errors.variants?.message ?? errors.variants?.root?.message;

  return (
    <Panel aria-labelledby="product-variants">
      <h2 id="product-variants">Variants</h2>
      {type === 'VARIABLE' && <AttributePicker attributes={attributes} chosen={chosen} onToggle={onToggleAttribute} />}
      {variantsError && (
        <Banner tone="error">
          <span id="product-variants-error">{variantsError}</span>
        </Banner>
      )}
      <Stack>
        {variants.fields.map((field, index) => (
          <VariantFields
            key={field.id}
            index={index}
            register={register}
            control={control}
            errors={errors}
            type={type}
            chosen={chosen}
            attributes={attributes}
            removable={variants.fields.length > 1}
            onRemove={() => setRemoving(index)}
          />
        ))}
        {type === 'VARIABLE' && (
          <Row>
            <Button onClick={() => variants.append(emptyVariant())} disabled={variants.fields.length >= 100}>
              Add variant
            </Button>
          </Row>
        )}
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
    </Panel>
  );
}
