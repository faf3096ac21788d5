import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import styled from 'styled-components';
import { addressSchema, countries, type Address } from '@store/contracts';
import { Banner, Button, FormField, Input, Select, spreadRow } from '@store/ui';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space[4]};
  > .wide {
    grid-column: 1 / -1;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
  }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space[6]};
`;
const Offer = styled.div`
  ${spreadRow}
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const EMPTY: Address = { full_name: '', street: '', city: '', postal_code: '', country: 'US', phone: '' };

export interface AddressFormProps {
  /** What the shopper entered before in this checkout, if they came back to this step. */
  value: Address | null;
  /** The address of the shopper's last order, offered again. */
  lastAddress: Address | null;
  onSubmit(address: Address): void;
}

/** Step 1: the delivery address, checked field by field with the API's own rules. */
export function AddressForm({ value, lastAddress, onSubmit }: AddressFormProps) {
  const [usingLast, setUsingLast] = useState(!value && !!lastAddress);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: value ?? lastAddress ?? EMPTY,
    mode: 'onTouched',
  });

  const field = (name: keyof Address) => ({ id: `address-${name}`, error: errors[name]?.message });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Delivery address">
      {usingLast && (
        <Offer>
          <Banner tone="info">We filled in the address of your last order.</Banner>
          <Button
            $variant="ghost"
            $size="sm"
            onClick={() => {
              setUsingLast(false);
              reset(EMPTY);
            }}
          >
            Use a different address
          </Button>
        </Offer>
      )}
      <Grid>
        <div className="wide">
          <FormField label="Full name" htmlFor="address-full_name" error={field('full_name').error}>
            <Input id="address-full_name" autoComplete="name" {...register('full_name')} />
          </FormField>
        </div>
        <div className="wide">
          <FormField label="Street and house number" htmlFor="address-street" error={field('street').error}>
            <Input id="address-street" autoComplete="street-address" {...register('street')} />
          </FormField>
        </div>
        <FormField label="Postal code" htmlFor="address-postal_code" error={field('postal_code').error}>
          <Input id="address-postal_code" autoComplete="postal-code" {...register('postal_code')} />
        </FormField>
        <FormField label="City" htmlFor="address-city" error={field('city').error}>
          <Input id="address-city" autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="Country" htmlFor="address-country" error={field('country').error}>
          <Select id="address-country" autoComplete="country" {...register('country')}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Phone"
          htmlFor="address-phone"
          error={field('phone').error}
          hint="For the courier, if they cannot find you."
        >
          <Input id="address-phone" type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
      </Grid>
      <Actions>
        <Button type="submit" $variant="primary" $size="lg">
          Continue to delivery
        </Button>
      </Actions>
    </form>
  );
}
