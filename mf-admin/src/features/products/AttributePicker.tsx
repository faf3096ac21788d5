import styled from 'styled-components';
import type { AdminAttribute } from '@store/contracts';
import { Checkbox } from '@store/ui';
import { Flags } from './productFormLayout';

const Fieldset = styled.fieldset`
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

export interface AttributePickerProps {
  attributes: AdminAttribute[];
  chosen: string[];
  onToggle: (name: string, on: boolean) => void;
}

/** Which attributes a variable product's variants differ by: each chosen one is a select on every variant. */
export function AttributePicker({ attributes, chosen, onToggle }: AttributePickerProps) {
  return (
    <Fieldset>
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
              onChange={(e) => onToggle(a.name, e.target.checked)}
            />
          ))}
        </Flags>
      )}
    </Fieldset>
  );
}
