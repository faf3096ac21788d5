import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { MinusIcon, PlusIcon } from './icons';

const Box = styled.div<{ $size: 'md' | 'lg' }>`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  button {
    display: inline-grid;
    place-items: center;
    width: ${({ $size }) => ($size === 'lg' ? '2.5rem' : '2.25rem')};
    height: ${({ $size }) => ($size === 'lg' ? '2.5rem' : '2.25rem')};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    cursor: pointer;
    &:disabled {
      opacity: 0.4;
      cursor: not-allowed;
    }
  }
  output,
  input {
    min-width: 2rem;
    width: 3rem;
    height: ${({ $size }) => ($size === 'lg' ? '2.5rem' : '2.25rem')};
    display: inline-grid;
    place-items: center;
    border: 0;
    text-align: center;
    font-weight: 600;
    background: transparent;
    -moz-appearance: textfield;
  }
  input::-webkit-inner-spin-button {
    -webkit-appearance: none;
  }
`;

export interface QuantityStepperProps {
  value: number;
  /** Called with the new quantity: a step, or a typed number once committed (Enter or leaving the field). */
  onChange: (quantity: number) => void;
  min?: number;
  max?: number;
  /** A field the shopper can type into (the cart), rather than a read-only count (a product page). */
  editable?: boolean;
  size?: 'md' | 'lg';
  label?: string;
  /** A typed number above max was capped at max (say why). */
  onOverMax?: (max: number) => void;
}

/**
 * − [quantity] +. The buttons step within min and max; an editable field commits a typed number on
 * Enter or blur (capped at max; an emptied or unchanged field puts the current value back).
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 999,
  editable = false,
  size = 'md',
  label = 'Quantity',
  onOverMax,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    setDraft(String(value));
  }, [value]);

  const commit = () => {
    const next = Math.floor(Number(draft));
    // An emptied field is not a 0 (Number('') is): put the current quantity back.
    if (draft.trim() === '' || !Number.isFinite(next) || next === value) {
      setDraft(String(value));
      return;
    }
    if (next > max) onOverMax?.(max);
    if (Math.min(next, max) === value) setDraft(String(value));
    else onChange(Math.min(next, max));
  };

  return (
    <Box $size={size}>
      <button type="button" aria-label="Decrease quantity" disabled={value <= min} onClick={() => onChange(value - 1)}>
        <MinusIcon size={16} />
      </button>
      {editable ? (
        <input
          type="number"
          min={min}
          max={max}
          aria-label={label}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      ) : (
        <output aria-label={label}>{value}</output>
      )}
      <button type="button" aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(value + 1)}>
        <PlusIcon size={16} />
      </button>
    </Box>
  );
}
