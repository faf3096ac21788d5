import { Button, FormField, Input } from '@store/ui';
import { FilterSelect, type FilterSelectProps } from './FilterSelect';
import { Toolbar } from './Page';
import { useSearchDraft } from './useSearchDraft';

/** One filter of a list's search row, kept in the address under `key`. */
export interface ListFilter<K extends string> {
  key: K;
  label: string;
  /** The select's id after the list's prefix, when it is not `key` ('orders' + 'payment'). */
  id?: string;
  /**
   * `[value, label]` pairs, in order. The first is what an absent parameter means (usually '' for
   * "any"): choosing it clears the parameter, and a value not offered shows as it.
   */
  options: FilterSelectProps['options'];
}

/** What `useListParams` gives: the address's values and the way to change them. */
export interface ListParams<K extends string> {
  values: Record<K | 'search', string>;
  update: (changes: Partial<Record<K | 'search', string>>) => void;
}

interface ListSearchProps<K extends string> {
  /** The form's accessible name, e.g. 'Find orders'. */
  label: string;
  /** Prefix of the fields' ids ('orders' → 'orders-search', 'orders-status'). */
  idPrefix: string;
  placeholder: string;
  /** The list's address parameters: `search` is what the list shows now, `filters` read theirs. */
  params: ListParams<K>;
  /** The list's filters, between the search field and the Search button. */
  filters?: readonly ListFilter<K>[];
}

/** The value a filter shows: the parameter when it is offered, else what its absence means. */
export function filterValue(options: FilterSelectProps['options'], value: string) {
  return options.some(([offered]) => offered === value) ? value : (options[0]?.[0] ?? '');
}

/** A list screen's search row: the search field (sent on submit), the list's filters, Search. */
export function ListSearch<K extends string>({
  label,
  idPrefix,
  placeholder,
  params,
  filters = [],
}: ListSearchProps<K>) {
  const [draft, setDraft] = useSearchDraft(params.values.search);
  return (
    <Toolbar
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        params.update({ search: draft.trim() } as Partial<Record<K | 'search', string>>);
      }}
    >
      <FormField label="Search" htmlFor={`${idPrefix}-search`}>
        <Input
          id={`${idPrefix}-search`}
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
        />
      </FormField>
      {filters.map(({ key, label: filterLabel, id = key, options }) => (
        <FilterSelect
          key={key}
          id={`${idPrefix}-${id}`}
          label={filterLabel}
          value={filterValue(options, params.values[key])}
          onChange={(value) =>
            params.update({ [key]: value === options[0]?.[0] ? '' : value } as Partial<Record<K | 'search', string>>)
          }
          options={options}
        />
      ))}
      <Button type="submit">Search</Button>
    </Toolbar>
  );
}
