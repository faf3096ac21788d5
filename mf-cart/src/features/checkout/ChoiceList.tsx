import type { ReactNode } from 'react';
import styled from 'styled-components';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[3]};
    font-weight: 600;
  }
`;
const Choice = styled.label<{ $checked: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.primary : theme.colors.border)};
  box-shadow: ${({ theme, $checked }) => ($checked ? `inset 0 0 0 1px ${theme.colors.primary}` : 'none')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  strong {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
const Aside = styled.span`
  font-weight: 700;
  white-space: nowrap;
`;
const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface ChoiceListProps<T extends string> {
  legend: string;
  name: string;
  options: { id: T; label: string; description: string; aside?: ReactNode }[];
  value: T | null;
  onChange(value: T): void;
  error?: string;
}

/** A radio group drawn as cards: one delivery or payment method each. */
export function ChoiceList<T extends string>({ legend, name, options, value, onChange, error }: ChoiceListProps<T>) {
  return (
    <Fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <Choice key={option.id} $checked={value === option.id}>
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
          />
          <span>
            <strong>{option.label}</strong>
            <small>{option.description}</small>
          </span>
          {option.aside !== undefined && <Aside>{option.aside}</Aside>}
        </Choice>
      ))}
      {error && (
        <Error role="alert" id={`${name}-error`}>
          {error}
        </Error>
      )}
    </Fieldset>
  );
}
