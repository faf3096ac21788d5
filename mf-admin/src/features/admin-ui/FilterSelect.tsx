import { FormField, Select } from '@store/ui';

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `[value, label]` pairs, in order; the first is usually the '' of "any". */
  options: readonly (readonly [value: string, label: string])[];
}

/** One labelled filter of a list's search row. */
export function FilterSelect({ id, label, value, onChange, options }: FilterSelectProps) {
  return (
    <FormField label={label} htmlFor={id}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
