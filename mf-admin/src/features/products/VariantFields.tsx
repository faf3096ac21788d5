import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import styled from 'styled-components';
import type { AdminAttribute } from '@store/contracts';
import { Button, FormField, Input, Select } from '@store/ui';
import { Row } from './productFormLayout';
import type { ProductFormOutput, ProductFormValues } from './productFormValues';

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

export interface VariantFieldsProps {
  index: number;
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  errors: FieldErrors<ProductFormValues>;
  type: ProductFormValues['type'];
  /** The attributes chosen for the product's variants (a select each), and all of them with their values. */
  chosen: string[];
  attributes: AdminAttribute[];
  /** Whether it can be removed (not the only variant). */
  removable: boolean;
  onRemove: () => void;
}

/** One variant of the product form: SKU, prices, stock and a value of each chosen attribute. */
export function VariantFields({
  index,
  register,
  control,
  errors,
  type,
  chosen,
  attributes,
  removable,
  onRemove,
}: VariantFieldsProps) {
  const e = errors.variants?.[index];
  const id = (name: string) => `variant-${index}-${name}`;
  return (
    <VariantBox>
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
        <FormField label="Sale price ($)" htmlFor={id('sale')} error={e?.sale_price?.message} hint="Empty: not on sale">
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
      {removable && (
        <Row>
          <span />
          <Button $size="sm" $variant="ghost" onClick={onRemove}>
            Remove variant {index + 1}
          </Button>
        </Row>
      )}
    </VariantBox>
  );
}
